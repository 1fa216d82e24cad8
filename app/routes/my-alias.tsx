// My alias (login required): set, change or clear the display nickname through
// Cliente/Modificar/Alias (decision 0025); the session's lAlias follows it.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "@contract";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormErrors, TextField, useShopForm } from "~/components/field";
import { aliasForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { orThrow, unavailableNow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { requireUser, updateSessionUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/my-alias";

export async function loader(args: Route.LoaderArgs) {
  const { commerce } = requireUser(args);
  const info = orThrow(await commerce.call(endpoints.customerInfo));
  const t = getT(args.context);
  const title = t("account:alias.title");
  return {
    title,
    seo: seoFor(args, { title, description: title, noindex: true }),
    alias: info.cAlias,
  };
}

export async function action(args: Route.ActionArgs) {
  const { commerce } = requireUser(args);
  const submission = parseWithZod(await args.request.formData(), { schema: aliasForm });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  // An empty field clears the alias.
  const cAlias = submission.value.cAlias ?? null;
  const result = await commerce.call(endpoints.updateAlias, { body: { cAlias } });
  if (!result.ok) {
    return data(
      submission.reply({ fieldErrors: result.fieldErrors ?? {}, formErrors: [result.message] }),
      { status: unavailableNow(result) ? 503 : 400 },
    );
  }
  const hasAlias = result.data.cAlias !== null;
  updateSessionUser(
    args,
    { lAlias: hasAlias },
    hasAlias ? "account:alias.saved" : "account:alias.cleared",
  );
  return redirect("/myAlias");
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function MyAlias({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(aliasForm, {
    lastResult: actionData,
    defaultValue: { cAlias: loaderData.alias ?? "" },
  });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-md">
      <h1>{t("account:alias.title")}</h1>
      <p>{t("account:alias.intro")}</p>
      <p>
        {loaderData.alias
          ? t("account:alias.current", { alias: loaderData.alias })
          : t("account:alias.none")}
      </p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <TextField meta={fields.cAlias} label={t("account:fields.alias")} autoComplete="nickname" />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {t("account:alias.submit")}
        </button>
      </Form>
    </section>
  );
}
