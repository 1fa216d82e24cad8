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

/** The customer's fields that are one control each, in the order the forms show them. */
export const singleCustomerFields = [
  "cNombre",
  "cApellido",
  "cGenero",
  "cTipoDocumento",
  "cNumeroDocumento",
] as const;
type SingleCustomerField = (typeof singleCustomerFields)[number];
type Meta = FieldMetadata<string | number | undefined>;

/** One of the customer's fields, labelled and with its choices, as every account form shows it. */
export function CustomerField({ name, meta }: { name: SingleCustomerField; meta: Meta }) {
  const { t } = useTranslation();
  switch (name) {
    case "cNombre":
      return (
        <TextField meta={meta} label={t("account:fields.firstName")} autoComplete="given-name" />
      );
    case "cApellido":
      return (
        <TextField meta={meta} label={t("account:fields.lastName")} autoComplete="family-name" />
      );
    case "cGenero":
      return (
        <SelectField
          meta={meta}
          label={t("account:fields.gender")}
          placeholder={t("account:fields.choose")}
          options={genders.map((value) => ({ value, label: t(`account:genders.${value}`) }))}
        />
      );
    case "cTipoDocumento":
      return (
        <SelectField
          meta={meta}
          label={t("account:fields.documentType")}
          placeholder={t("account:fields.choose")}
          options={documentTypes.map((value) => ({
            value,
            label: t(`account:documentTypes.${value}`),
          }))}
        />
      );
    case "cNumeroDocumento":
      return <TextField meta={meta} label={t("account:fields.documentNumber")} />;
  }
}

/** The e-mail typed twice (§5 'eMail must match'). */
export function EmailFields({ email, confirmation }: { email: Meta; confirmation: Meta }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField meta={email} label={t("account:fields.email")} type="email" autoComplete="email" />
      <TextField
        meta={confirmation}
        label={t("account:fields.emailConfirm")}
        type="email"
        autoComplete="email"
      />
    </>
  );
}

/** Name, gender, document and birthday: the same fields at sign-up and in My data. */
export function PersonalDataFields({ fields }: { fields: Record<PersonalField, Meta> }) {
  return (
    <>
      <div className="grid sm:grid-cols-2 gap-x-4">
        {singleCustomerFields.map((name) => (
          <CustomerField key={name} name={name} meta={fields[name]} />
        ))}
      </div>
      <BirthDateFields
        day={fields.nNacimientoDia}
        month={fields.nNacimientoMes}
        year={fields.nNacimientoAnio}
      />
    </>
  );
}
