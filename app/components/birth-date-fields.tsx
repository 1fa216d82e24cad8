import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/lib/i18n";
import { TextField } from "./field";

type NumberField = FieldMetadata<string | number | undefined>;

/** The birthday as day, month and year (sign-up and My data), grouped under one legend. */
export function BirthDateFields({
  day,
  month,
  year,
}: {
  day: NumberField;
  month: NumberField;
  year: NumberField;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-2">
      <legend className="font-semibold mb-1">{t("account:signUp.birthDate")}</legend>
      <div className="grid grid-cols-3 gap-x-4">
        <TextField
          meta={day}
          label={t("account:fields.birthDay")}
          inputMode="numeric"
          autoComplete="bday-day"
        />
        <TextField
          meta={month}
          label={t("account:fields.birthMonth")}
          inputMode="numeric"
          autoComplete="bday-month"
        />
        <TextField
          meta={year}
          label={t("account:fields.birthYear")}
          inputMode="numeric"
          autoComplete="bday-year"
        />
      </div>
    </fieldset>
  );
}
