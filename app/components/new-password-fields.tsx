import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/field";
import { useTranslation } from "~/lib/i18n";

type PasswordMeta = FieldMetadata<string | number | undefined>;

/** A new password and its confirmation, with the rule (§5) between them. */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
}: {
  password: PasswordMeta;
  confirmation: PasswordMeta;
  labels: { password: string; confirmation: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        meta={password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
      />
      <p className="text-sm">{t("account:signUp.passwordRule")}</p>
      <TextField
        meta={confirmation}
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
