// /linkPago (no login, spec §2): for a buyer whose mail reader does not open the payment link,
// a place to paste it. A link of this shop goes to its page; anything else is said so.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { FormErrors, TextField, useShopForm } from "~/components/field";
import { pastedLinkForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { parsePastedLink, paymentLinkPath } from "~/lib/payment-link";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/enter";

export function loader(args: Route.LoaderArgs) {
  const t = getT(args.context);
  return { seo: seoFor(args, { title: t("checkout:paymentLink.enterTitle"), noindex: true }) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: pastedLinkForm });
  const link = submission.status === "success" ? parsePastedLink(submission.value.cLink) : null;
  if (!link) {
    return data(submission.reply({ fieldErrors: { cLink: ["paymentLinkInvalid"] } }), {
      status: 400,
    });
  }
  return redirect(paymentLinkPath(link));
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function EnterPaymentLink({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(pastedLinkForm, { lastResult: actionData });
  return (
    <section className="max-w-xl">
      <h1>{t("checkout:paymentLink.enterTitle")}</h1>
      <p>{t("checkout:paymentLink.enterIntro")}</p>
      <Form method="post" {...getFormProps(form)} className="panel">
        <FormErrors form={form} />
        <TextField meta={fields.cLink} label={t("checkout:paymentLink.enterLabel")} />
        <button type="submit" className="button-primary">
          {t("checkout:paymentLink.enterSubmit")}
        </button>
      </Form>
    </section>
  );
}
