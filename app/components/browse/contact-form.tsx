import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { contactRequest, contactTypes } from "@contract/browse.ts";
import { Form, useNavigation } from "react-router";
import { FieldErrors, FormErrors, SelectField, TextField, useShopForm } from "~/components/field";
import { useTranslation } from "~/lib/i18n";

export type ContactActionData = { result: SubmissionResult<string[]>; sentId: number | null };

/**
 * The support contact form (POST /v2/Contacto). Conform validates as you type when
 * JavaScript runs; the server validates the same schema either way and keeps what was typed.
 */
export function ContactForm({ actionData }: { actionData?: ContactActionData }) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(contactRequest, {
    id: "contact",
    lastResult: actionData?.result,
    defaultValue: { cTipo: "SOPORTE" },
  });
  const busy = useNavigation().state === "submitting";
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.cMensaje);
  const { key: subjectKey, ...subjectProps } = getInputProps(fields.cAsunto, { type: "text" });
  return (
    <section aria-labelledby="contact-heading" className="panel mt-8 max-w-2xl">
      <h2 id="contact-heading">{t("browse:contact.heading")}</h2>
      <p className="mb-4">{t("browse:contact.intro")}</p>
      {actionData?.sentId ? (
        <p role="status" className="success-note mb-4">
          {t("browse:contact.sent", { id: actionData.sentId })}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <FormErrors form={form} />
        <SelectField
          meta={fields.cTipo}
          label={t("browse:contact.type")}
          options={contactTypes.map((value) => ({
            value,
            label: t(`browse:contact.types.${value}`),
          }))}
        />
        <div className="grid sm:grid-cols-2 gap-x-4">
          <TextField meta={fields.cNombre} label={t("browse:contact.name")} autoComplete="name" />
          <TextField
            meta={fields.cEmail}
            label={t("browse:contact.email")}
            type="email"
            autoComplete="email"
          />
        </div>
        <div className="field">
          <label htmlFor={fields.cAsunto.id}>
            {t("browse:contact.subject")}{" "}
            <span className="font-normal text-stone-600">({t("browse:contact.optional")})</span>
          </label>
          <input key={subjectKey} {...subjectProps} maxLength={150} />
          <FieldErrors id={fields.cAsunto.errorId} errors={fields.cAsunto.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.cMensaje.id}>{t("browse:contact.message")}</label>
          <textarea key={messageKey} {...messageProps} rows={6} className="contact-textarea" />
          <FieldErrors id={fields.cMensaje.errorId} errors={fields.cMensaje.errors} />
        </div>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? t("browse:contact.sending") : t("browse:contact.submit")}
        </button>
      </Form>
    </section>
  );
}
