import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors, TextField, useShopForm } from "~/components/field";
import { HoneypotFields } from "~/components/honeypot-fields";
import { loginForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { LoginRefused, logInWith } from "~/services/auth.server";
import { tooManyAttempts, unavailableNow } from "~/services/commerce.server";
import { config } from "~/services/config.server";
import { startExternalLogin } from "~/services/external-login.server";
import { honeypotFields, isSpam } from "~/services/honeypot.server";
import { getT } from "~/services/i18n.server";
import { requireAnonymous, startUserSession } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/login";

export async function loader(args: Route.LoaderArgs) {
  if (config.loginMode === "external") await startExternalLogin(args);
  const { redirectTo } = await requireAnonymous(args);
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: t("account:login.title"),
    description: t("browse:meta.login.description"),
    noindex: true,
  });
  return { redirectTo, title: t("account:login.title"), seo, honeypot: await honeypotFields() };
}

export async function action(args: Route.ActionArgs) {
  // With the city's login there are no passwords here.
  if (config.loginMode === "external") throw data(null, { status: 405 });
  const { request } = args;
  const form = await request.clone().formData();
  const submission = parseWithZod(form, { schema: loginForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["cClave"] }), { status: 400 });
  }
  if (await isSpam(form)) {
    const refused = getT(args.context)("validation:formRefused");
    return data(submission.reply({ formErrors: [refused], hideFields: ["cClave"] }), {
      status: 400,
    });
  }
  try {
    const user = await logInWith(args, "form");
    throw startUserSession(args, user, submission.value.redirectTo);
  } catch (error) {
    if (error instanceof LoginRefused) {
      const status = unavailableNow(error.failure) ? 503 : 401;
      return data(
        submission.reply({ formErrors: [error.message], hideFields: ["cClave"] }),
        tooManyAttempts(error.failure) ?? { status },
      );
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(loginForm, { lastResult: actionData });
  const busy = useNavigation().state === "submitting";
  const signUpHref = `/signUp?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <section className="max-w-md">
      <h1>{t("account:login.title")}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <HoneypotFields fields={loaderData.honeypot} label={t("account:signUp.honeypot")} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          meta={fields.cEmail}
          label={t("account:fields.email")}
          type="email"
          autoComplete="email"
        />
        <TextField
          meta={fields.cClave}
          label={t("account:fields.password")}
          type="password"
          autoComplete="current-password"
        />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {t("account:login.submit")}
        </button>
      </Form>
      <p className="mt-4">
        <Link to="/recoverPassword">{t("account:recover.forgotLink")}</Link>
      </p>
      <p className="mt-4">
        {/* Login and sign-up are one step, either form: the switch replaces (decision 0071). */}
        {t("account:login.noAccount")}{" "}
        <Link to={signUpHref} replace>
          {t("account:login.signUpLink")}
        </Link>
      </p>
    </section>
  );
}
