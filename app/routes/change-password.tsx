// Change of password (§2 /changePassword, login required): the current password and the new
// one twice. The API ends every other session of the customer; this one goes on, and the
// page says so once.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "@contract";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormErrors, TextField, useShopForm } from "~/components/field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { changePasswordForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { tooManyAttempts, unavailableNow } from "~/services/commerce.server";
import { requireOwnAccountPages } from "~/services/external-login.server";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/change-password";

const hiddenFields = ["cClaveActual", "cClave", "cClaveConfirmacion"];

export async function loader(args: Route.LoaderArgs) {
  requireOwnAccountPages(args.request);
  requireUser(args);
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: t("account:changePassword.title"),
    description: t("account:changePassword.title"),
    noindex: true,
  });
  return { seo };
}

export async function action(args: Route.ActionArgs) {
  requireOwnAccountPages(args.request);
  const { commerce, session } = requireUser(args);
  const submission = parseWithZod(await args.request.formData(), { schema: changePasswordForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: hiddenFields }), { status: 400 });
  }
  const { cClaveConfirmacion, ...body } = submission.value;
  const result = await commerce.call(endpoints.changePassword, { body });
  if (!result.ok) {
    const wrongPassword = result.code === "CURRENT_PASSWORD_WRONG";
    return data(
      submission.reply({
        fieldErrors: result.fieldErrors ?? {},
        formErrors: wrongPassword ? [] : [result.message],
        hideFields: hiddenFields,
      }),
      tooManyAttempts(result) ?? {
        status: unavailableNow(result) ? 503 : wrongPassword ? 401 : 400,
      },
    );
  }
  session.flash("notice", "account:changePassword.done");
  throw redirect("/changePassword");
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(changePasswordForm, { lastResult: actionData });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-md">
      <h1>{t("account:changePassword.title")}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <TextField
          meta={fields.cClaveActual}
          label={t("account:changePassword.currentPassword")}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields
          password={fields.cClave}
          confirmation={fields.cClaveConfirmacion}
          labels={{
            password: t("account:changePassword.newPassword"),
            confirmation: t("account:changePassword.newPasswordConfirm"),
          }}
        />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {t("account:changePassword.submit")}
        </button>
      </Form>
    </section>
  );
}
