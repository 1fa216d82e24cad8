import {
  type FieldMetadata,
  type FormMetadata,
  getInputProps,
  getSelectProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useTranslation } from "~/lib/i18n";

// biome-ignore lint/suspicious/noExplicitAny: Conform's own bound for a form's fields.
type ObjectSchema = z.ZodType<Record<string, any>, Record<string, any>>;

type ShopFormOptions<S extends ObjectSchema> = Omit<
  Parameters<typeof useForm<z.input<S>, z.output<S>, string[]>>[0],
  "onValidate" | "shouldValidate" | "shouldRevalidate"
>;

/**
 * The shop's forms: the same zod schema checks the form in the browser (on leaving a field,
 * then as the buyer types) and on the server, whose verdict arrives as `lastResult`.
 */
export function useShopForm<S extends ObjectSchema>(schema: S, options: ShopFormOptions<S>) {
  return useForm<z.input<S>, z.output<S>, string[]>({
    ...options,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** Errors of the whole form (e.g. the API's refusal), announced when they appear. */
// biome-ignore lint/suspicious/noExplicitAny: any form's metadata will do.
export function FormErrors({ form }: { form: FormMetadata<any, string[]> }) {
  if (!form.errors?.length) return null;
  return (
    <p role="alert" id={form.errorId} className="form-error">
      {form.errors.join(" ")}
    </p>
  );
}

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

/** One choice among a few, each a radio button with its own label (§5: delivery, payment). */
export function RadioField({
  meta,
  legend,
  options,
}: {
  meta: FieldMetadata<unknown>;
  legend: string;
  options: Array<{ value: string; label: React.ReactNode }>;
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset className="mb-4" aria-describedby={invalid ? meta.errorId : undefined}>
      <legend className="font-semibold mb-1">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex gap-2 items-start py-1">
          <input
            type="radio"
            name={meta.name}
            value={option.value}
            defaultChecked={meta.initialValue === option.value}
            className="mt-1"
          />
          <span>{option.label}</span>
        </label>
      ))}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
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
