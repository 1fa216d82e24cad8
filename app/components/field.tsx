import {
  type FieldMetadata,
  type FormMetadata,
  getInputProps,
  getSelectProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { MouseEvent } from "react";
import type { z } from "zod";
import { useTranslation } from "~/lib/i18n";
import { ErrorSummary } from "./error-summary";

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

/**
 * For a shop form's onMouseDown: pressing its submit button leaves the focus where it is.
 * Otherwise the field just left is checked on the press, its message pushes the button down
 * before the release, the click lands on no button and nothing is submitted: the buyer sees
 * that one field's message instead of every problem the submit (and the server) would find.
 */
export function keepFocusOnSubmitPress(event: MouseEvent<HTMLFormElement>) {
  const pressed = event.target instanceof Element ? event.target : null;
  if (pressed?.closest('button[type="submit"], input[type="submit"]')) event.preventDefault();
}

/** Messages are i18n keys of the "validation" namespace; unknown ones read as "invalid". */
function useErrorText() {
  const { t } = useTranslation();
  return (errors: string[]) =>
    errors
      .map((key) => t(`validation:${key}`, { defaultValue: t("validation:invalid") }))
      .join(" ");
}

/**
 * The error summary of a Conform form: its own errors always (they stay until the next
 * submit), and after a failed submit each field's error, linked to the field (Conform gives
 * field `name` the id `{form id}-{name}`).
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's metadata will do.
export function FormErrors({ form }: { form: FormMetadata<any, string[]> }) {
  const errorText = useErrorText();
  const failedSubmit = form.status === "error";
  const fields = failedSubmit
    ? Object.entries(form.allErrors)
        .filter(([name, errors]) => name !== "" && errors.length > 0)
        .map(([name, errors]) => ({ id: `${form.id}-${name}`, message: errorText(errors) }))
    : [];
  return (
    <ErrorSummary
      id={form.errorId}
      messages={form.errors ?? []}
      fields={fields}
      attempt={failedSubmit ? form.allErrors : null}
    />
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const errorText = useErrorText();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errorText(errors)}
    </p>
  );
}

/** aria-invalid and aria-describedby only while the error text they point to is shown. */
function errorAttributes(meta: FieldMetadata<unknown>) {
  return meta.errors?.length
    ? { "aria-invalid": true as const, "aria-describedby": meta.errorId }
    : {};
}

type InputType = "text" | "email" | "password" | "tel" | "number" | "date";

export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  inputMode,
}: {
  meta: FieldMetadata<string | number | null | undefined>;
  label: string;
  type?: InputType;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email";
}) {
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input
        key={key}
        {...props}
        {...errorAttributes(meta)}
        autoComplete={autoComplete}
        inputMode={inputMode}
      />
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
  // The group's id is where the error summary's link leads (to its first choice).
  return (
    <fieldset id={meta.id} className="mb-4" {...errorAttributes(meta)}>
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
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select key={key} {...props} {...errorAttributes(meta)}>
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
