import type { FieldMetadata } from "@conform-to/react";
import { documentTypes, genders } from "@contract";
import { useTranslation } from "~/lib/i18n";
import { BirthDateFields } from "./birth-date-fields";
import { SelectField, TextField } from "./field";

type PersonalField =
  | "cNombre"
  | "cApellido"
  | "cGenero"
  | "cTipoDocumento"
  | "cNumeroDocumento"
  | "nNacimientoDia"
  | "nNacimientoMes"
  | "nNacimientoAnio";

/** Name, gender, document and birthday: the same fields at sign-up and in My data. */
export function PersonalDataFields({
  fields,
}: {
  fields: Record<PersonalField, FieldMetadata<string | number | undefined>>;
}) {
  const { t } = useTranslation();
  return (
    <>
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
        <TextField meta={fields.cNumeroDocumento} label={t("account:fields.documentNumber")} />
      </div>
      <BirthDateFields
        day={fields.nNacimientoDia}
        month={fields.nNacimientoMes}
        year={fields.nNacimientoAnio}
      />
    </>
  );
}
