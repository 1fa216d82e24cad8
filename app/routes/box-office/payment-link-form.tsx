// The box office's "send a payment link" form (payment-link.server.ts): the buyer's name and
// e-mail, to whom the link is mailed.
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors, useShopForm } from "~/components/field";
import { boxPaymentLinkForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { BuyerFields } from "./buyer-fields";

export function PaymentLinkForm({
  lastResult,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: Conform's submission reply, as the action sent it.
  lastResult: any;
}) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(boxPaymentLinkForm, { id: "payment-link", lastResult });
  const buyer = fields.oComprador.getFieldset();
  return (
    <section aria-labelledby="payment-link-heading" className="panel mt-6">
      <h2 id="payment-link-heading">{t("checkout:paymentLink.boxOffice.heading")}</h2>
      <p className="text-sm">{t("checkout:paymentLink.boxOffice.intro")}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <BuyerFields
          name={buyer.cNombre}
          email={buyer.cEmail}
          emailLabel={t("checkout:paymentLink.boxOffice.email")}
        />
        <button type="submit" name="intent" value="paymentLink" className="button-secondary">
          {t("checkout:paymentLink.boxOffice.submit")}
        </button>
      </Form>
    </section>
  );
}
