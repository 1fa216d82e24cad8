// The box office's buyer: name and e-mail (its label says what the e-mail is for: the
// tickets of a counter sale, or the payment link of a phone sale).
import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/field";
import { useTranslation } from "~/lib/i18n";

type Text = FieldMetadata<string | number | null | undefined>;

export function BuyerFields({
  name,
  email,
  emailLabel,
}: {
  name: Text;
  email: Text;
  emailLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField meta={name} label={t("checkout:boxOffice.buyerName")} autoComplete="off" />
      <TextField meta={email} label={emailLabel} type="email" autoComplete="off" />
    </>
  );
}
