import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { documentTypes, endpoints, genders, phoneTypes } from "@contract";
import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors, SelectField, TextField, useShopForm } from "~/components/field";
import { signUpForm, signUpPhone } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { tooManyAttempts } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import {
  getRequestContext,
  requireAnonymous,
  startUserSession,
} from "~/services/request-context.server";
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
  return { redirectTo, title: t("account:signUp.title"), seo };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: signUpForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: hiddenFields }), { status: 400 });
  }
  const {
    cEmailConfirmacion,
    cClaveConfirmacion,
    redirectTo,
    cTelefonoTipo,
    cTelefonoNumero,
    ...customer
  } = submission.value;
  const result = await getRequestContext(args).commerce.call(endpoints.signUp, {
    body: { ...customer, oTelefono: signUpPhone({ cTelefonoTipo, cTelefonoNumero }) },
  });
  if (!result.ok) {
    const fieldErrors =
      result.code === "EMAIL_TAKEN" ? { cEmail: ["emailTaken"] } : (result.fieldErrors ?? {});
    return data(
      submission.reply({
        fieldErrors,
        formErrors: result.code === "EMAIL_TAKEN" ? [] : [result.message],
        hideFields: hiddenFields,
      }),
      tooManyAttempts(result) ?? {
        status: result.code === "TRANSPORT" ? 503 : result.code === "EMAIL_TAKEN" ? 409 : 400,
      },
    );
  }
  throw startUserSession(args, result.data, redirectTo);
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(signUpForm, { lastResult: actionData });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-xl">
      <h1>{t("account:signUp.title")}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="grid sm:grid-cols-2 gap-x-4">
          <TextField
            meta={fields.cNombre}
            label={t("account:fields.firstName")}
            autoComplete="given-name"
          />
          <TextField
            meta={fields.cApellido}
            label={t("account:fields.lastName")}
            autoComplete="family-name"
          />
          <TextField
            meta={fields.cEmail}
            label={t("account:fields.email")}
            type="email"
            autoComplete="email"
          />
          <TextField
            meta={fields.cEmailConfirmacion}
            label={t("account:fields.emailConfirm")}
            type="email"
            autoComplete="email"
          />
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
          <SelectField
            meta={fields.cGenero}
            label={t("account:fields.gender")}
            placeholder={t("account:fields.choose")}
            options={genders.map((value) => ({ value, label: t(`account:genders.${value}`) }))}
          />
          <SelectField
            meta={fields.cTipoDocumento}
            label={t("account:fields.documentType")}
            placeholder={t("account:fields.choose")}
            options={documentTypes.map((value) => ({
              value,
              label: t(`account:documentTypes.${value}`),
            }))}
          />
          <TextField
            meta={fields.cNumeroDocumento}
            label={t("account:fields.documentNumber")}
            inputMode="text"
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
        </div>
        <p className="text-sm text-stone-600 mb-3">{t("account:signUp.passwordRule")}</p>
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {t("account:signUp.submit")}
        </button>
      </Form>
      <p className="mt-4">
        {t("account:signUp.haveAccount")}{" "}
        <Link to={`/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}>
          {t("account:signUp.loginLink")}
        </Link>
      </p>
    </section>
  );
}
