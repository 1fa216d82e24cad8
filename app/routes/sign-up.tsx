import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { phoneTypes } from "@contract";
import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors, SelectField, TextField, useShopForm } from "~/components/field";
import { HoneypotFields } from "~/components/honeypot-fields";
import { EmailFields, PersonalDataFields } from "~/components/personal-data-fields";
import { useBrand } from "~/config/brand";
import { signUpForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { LoginRefused, logInWith } from "~/services/auth.server";
import { tooManyAttempts, unavailableNow } from "~/services/commerce.server";
import { requireOwnLogin } from "~/services/external-login.server";
import { honeypotFields, isSpam } from "~/services/honeypot.server";
import { getT } from "~/services/i18n.server";
import { requireAnonymous, startUserSession } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/sign-up";

const hiddenFields = ["cClave", "cClaveConfirmacion"];

export async function loader(args: Route.LoaderArgs) {
  const { redirectTo } = await requireAnonymous(args);
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: t("account:signUp.title"),
    description: t("browse:meta.signUp.description"),
    noindex: true,
  });
  return { redirectTo, title: t("account:signUp.title"), seo, honeypot: await honeypotFields() };
}

export async function action(args: Route.ActionArgs) {
  requireOwnLogin();
  const { request } = args;
  const form = await request.clone().formData();
  const submission = parseWithZod(form, { schema: signUpForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: hiddenFields }), { status: 400 });
  }
  if (await isSpam(form)) {
    const refused = getT(args.context)("validation:formRefused");
    return data(submission.reply({ formErrors: [refused], hideFields: hiddenFields }), {
      status: 400,
    });
  }
  try {
    const user = await logInWith(args, "sign-up");
    throw startUserSession(args, user, submission.value.redirectTo);
  } catch (error) {
    if (!(error instanceof LoginRefused)) throw error;
    // The API's field errors land on the form's fields (same names as its body).
    const { failure } = error;
    const emailTaken = failure.code === "EMAIL_TAKEN";
    return data(
      submission.reply({
        fieldErrors: failure.fieldErrors ?? {},
        formErrors: emailTaken ? [] : [failure.message],
        hideFields: hiddenFields,
      }),
      tooManyAttempts(failure) ?? {
        status: unavailableNow(failure) ? 503 : emailTaken ? 409 : 400,
      },
    );
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [form, fields] = useShopForm(signUpForm, { lastResult: actionData });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-xl">
      <h1>{t("account:signUp.title")}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <HoneypotFields fields={loaderData.honeypot} label={t("account:signUp.honeypot")} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <PersonalDataFields fields={fields} />
        <div className="grid sm:grid-cols-2 gap-x-4">
          <EmailFields email={fields.cEmail} confirmation={fields.cEmailConfirmacion} />
          <TextField
            meta={fields.cClave}
            label={t("account:fields.password")}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            meta={fields.cClaveConfirmacion}
            label={t("account:fields.passwordConfirm")}
            type="password"
            autoComplete="new-password"
          />
        </div>
        <div className="grid sm:grid-cols-2 gap-x-4">
          <TextField
            meta={fields.cAlias}
            label={`${t("account:fields.alias")} ${t("account:signUp.optional")}`}
            autoComplete="nickname"
          />
          <SelectField
            meta={fields.cTelefonoTipo}
            label={t("account:phones.signUpType")}
            placeholder={t("account:fields.choose")}
            options={phoneTypes.map((value) => ({
              value,
              label: t(`account:phones.types.${value}`),
            }))}
          />
          <TextField
            meta={fields.cTelefonoNumero}
            label={t("account:phones.signUpNumber")}
            type="tel"
            autoComplete="tel"
          />
          {brand.flags.telegram ? (
            <TextField
              meta={fields.cUsuarioTelegram}
              label={`${t("account:fields.telegram")} ${t("account:signUp.optional")}`}
            />
          ) : null}
        </div>
        <p className="text-sm text-stone-600 mb-3">{t("account:signUp.passwordRule")}</p>
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {t("account:signUp.submit")}
        </button>
      </Form>
      <p className="mt-4">
        {t("account:signUp.haveAccount")}{" "}
        {/* One step, either form: switching replaces, so Back skips both (decision 0071). */}
        <Link to={`/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`} replace>
          {t("account:signUp.loginLink")}
        </Link>
      </p>
    </section>
  );
}
