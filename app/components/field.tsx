import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useTranslation } from "~/lib/i18n";

/** Messages are i18n keys of the "validation" namespace; unknown ones read as "invalid". */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors
        .map((key) => t(`validation:${key}`, { defaultValue: t("validation:invalid") }))
        .join(" ")}
    </p>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "number" | "date";

export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  inputMode,
}: {
  meta: FieldMetadata<string | number | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email";
}) {
  const { key, ...props } = getInputProps(meta, { type });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input key={key} {...props} autoComplete={autoComplete} inputMode={inputMode} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  placeholder,
}: {
  meta: FieldMetadata<string | number | undefined>;
  label: string;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
}) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select key={key} {...props}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
