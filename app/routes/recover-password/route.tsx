// Password recovery (§2 /recoverPassword): step 1 asks the e-mail and has a code mailed;
// step 2 takes the code and a new password twice. The e-mail travels from step 1 to step 2
// in the page (a hidden field), never in the URL. Both steps are plain forms.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "@contract";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors, TextField, useShopForm } from "~/components/field";
import { HoneypotFields } from "~/components/honeypot-fields";
import { NewPasswordFields } from "~/components/new-password-fields";
import { recoverAskForm, recoverResetForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { tooManyAttempts, unavailableNow } from "~/services/commerce.server";
import { requireOwnLogin } from "~/services/external-login.server";
import { type HoneypotFieldsProps, honeypotFields, isSpam } from "~/services/honeypot.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext, requireAnonymous } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/route";

const hiddenFields = ["cClave", "cClaveConfirmacion"];

export async function loader(args: Route.LoaderArgs) {
  await requireAnonymous(args);
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: t("account:recover.title"),
    description: t("account:recover.askIntro"),
    noindex: true,
  });
  return { honeypot: await honeypotFields(), seo };
}

export async function action(args: Route.ActionArgs) {
  requireOwnLogin();
  const formData = await args.request.formData();
  const { commerce } = getRequestContext(args);
  if (formData.get("intent") === "reset") {
    const submission = parseWithZod(formData, { schema: recoverResetForm });
    const email = String(formData.get("cEmail") ?? "");
    if (submission.status !== "success") {
      return data(
        { step: "reset" as const, email, reply: submission.reply({ hideFields: hiddenFields }) },
        { status: 400 },
      );
    }
    const { cClaveConfirmacion, ...body } = submission.value;
    const result = await commerce.call(endpoints.resetPassword, { body });
    if (!result.ok) {
      const wrongCode = result.code === "RECOVERY_CODE_INVALID";
      return data(
        {
          step: "reset" as const,
          email,
          reply: submission.reply({
            fieldErrors: result.fieldErrors ?? {},
            formErrors: [result.message],
            hideFields: hiddenFields,
          }),
        },
        tooManyAttempts(result) ?? {
          status: unavailableNow(result) ? 503 : wrongCode ? 422 : 400,
        },
      );
    }
    getRequestContext(args).session.flash("notice", "account:recover.done");
    throw redirect("/login");
  }

  const submission = parseWithZod(formData, { schema: recoverAskForm });
  if (submission.status !== "success") {
    return data({ step: "ask" as const, email: "", reply: submission.reply() }, { status: 400 });
  }
  // A script that fills the hidden field is answered as everyone is, and nothing is sent.
  if (await isSpam(formData)) {
    return { step: "reset" as const, email: submission.value.cEmail, reply: null };
  }
  const result = await commerce.call(endpoints.recoveryCode, { body: submission.value });
  if (!result.ok) {
    return data(
      {
        step: "ask" as const,
        email: "",
        reply: submission.reply({ formErrors: [result.message] }),
      },
      tooManyAttempts(result) ?? { status: unavailableNow(result) ? 503 : 400 },
    );
  }
  return { step: "reset" as const, email: submission.value.cEmail, reply: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function RecoverPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="max-w-md">
      <h1>{t("account:recover.title")}</h1>
      {actionData?.step === "reset" ? (
        <ResetStep email={actionData.email} lastResult={actionData.reply} />
      ) : (
        <AskStep honeypot={loaderData.honeypot} lastResult={actionData?.reply ?? null} />
      )}
    </section>
  );
}

type LastResult = NonNullable<Route.ComponentProps["actionData"]>["reply"];

function AskStep({
  honeypot,
  lastResult,
}: {
  honeypot: HoneypotFieldsProps;
  lastResult: LastResult;
}) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(recoverAskForm, { id: "recover-ask", lastResult });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors form={form} />
      <p>{t("account:recover.askIntro")}</p>
      <HoneypotFields fields={honeypot} label={t("account:recover.honeypot")} />
      <input type="hidden" name="intent" value="ask" />
      <TextField
        meta={fields.cEmail}
        label={t("account:fields.email")}
        type="email"
        autoComplete="email"
      />
      <button type="submit" className="button-primary w-full" disabled={busy}>
        {t("account:recover.sendCode")}
      </button>
    </Form>
  );
}

function ResetStep({ email, lastResult }: { email: string; lastResult: LastResult }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(recoverResetForm, {
    id: "recover-reset",
    lastResult,
    defaultValue: { cEmail: email },
  });
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p role="status">{t("account:recover.codeSent", { email })}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <p>{t("account:recover.codeIntro")}</p>
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="cEmail" value={email} />
        <TextField
          meta={fields.cCodigo}
          label={t("account:recover.code")}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <NewPasswordFields
          password={fields.cClave}
          confirmation={fields.cClaveConfirmacion}
          labels={{
            password: t("account:recover.newPassword"),
            confirmation: t("account:recover.newPasswordConfirm"),
          }}
        />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {t("account:recover.submit")}
        </button>
      </Form>
      <p className="mt-4">
        <Link to="/recoverPassword" reloadDocument>
          {t("account:recover.askAgain")}
        </Link>
      </p>
    </>
  );
}
