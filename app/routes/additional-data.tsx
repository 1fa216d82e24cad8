// /additionalData (§2, login required): after the city's login, the data the shop needs and
// the provider did not give (the document, most often), with the sign-up's rules; then on
// to the wanted path. Until it is complete, every login-required page (buying included)
// leads here first (requireUser).
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "@contract";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormErrors, useShopForm } from "~/components/field";
import { CustomerField, EmailFields } from "~/components/personal-data-fields";
import { additionalDataForm, pendingFieldsOf } from "~/lib/additional-data-form";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { unavailableNow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import { safeRedirectPath } from "~/services/session.server";
import type { Route } from "./+types/additional-data";

function pendingOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const shop = requireUser(args);
  return { shop, pending: pendingFieldsOf(shop.session.get("external")?.pending) };
}

export async function loader(args: Route.LoaderArgs) {
  const { pending } = pendingOf(args);
  const redirectTo = safeRedirectPath(new URL(args.request.url).searchParams.get("redirectTo"));
  if (pending.length === 0) throw redirect(redirectTo);
  const t = getT(args.context);
  const seo = seoFor(args, { title: t("account:additionalData.title"), noindex: true });
  return { pending, redirectTo, seo };
}

export async function action(args: Route.ActionArgs) {
  const { shop, pending } = pendingOf(args);
  const form = await args.request.formData();
  if (pending.length === 0) throw redirect(safeRedirectPath(form.get("redirectTo")));
  const submission = parseWithZod(form, { schema: additionalDataForm(pending) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { redirectTo, ...values } = submission.value as Record<string, string | undefined>;
  const body = Object.fromEntries(pending.map((field) => [field, values[field]]));
  const result = await shop.commerce.call(endpoints.additionalData, { body });
  if (!result.ok) {
    const fieldErrors =
      result.code === "EMAIL_TAKEN" ? { cEmail: ["emailTaken"] } : (result.fieldErrors ?? {});
    return data(
      submission.reply({
        fieldErrors,
        formErrors: result.code === "EMAIL_TAKEN" ? [] : [result.message],
      }),
      { status: unavailableNow(result) ? 503 : result.code === "EMAIL_TAKEN" ? 409 : 400 },
    );
  }
  shop.session.set("external", { pending: [] });
  shop.session.set("user", {
    ...shop.user,
    cNombre: result.data.cNombre,
    cEmail: result.data.cEmail,
  });
  throw redirect(safeRedirectPath(redirectTo));
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function AdditionalData({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pending, redirectTo } = loaderData;
  const [form, fields] = useShopForm(additionalDataForm(pending), { lastResult: actionData });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-xl">
      <h1>{t("account:additionalData.title")}</h1>
      <p className="mb-4">{t("account:additionalData.intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="grid sm:grid-cols-2 gap-x-4">
          {pending.map((name) =>
            name === "cEmail" ? (
              <EmailFields
                key={name}
                email={fields.cEmail}
                confirmation={fields.cEmailConfirmacion}
              />
            ) : (
              <CustomerField key={name} name={name} meta={fields[name]} />
            ),
          )}
        </div>
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {t("account:additionalData.submit")}
        </button>
      </Form>
    </section>
  );
}
