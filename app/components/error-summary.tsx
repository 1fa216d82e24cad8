// The list of what stopped a submit, for any form: Conform's (field.tsx) and the plain ones
// (seat choice, change of sector). Kept apart from field.tsx so pages with only plain forms
// do not load Conform and zod in the browser.
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";

/** Moves focus to the field an error summary's link names (a group: its first control). */
function focusField(event: React.MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const target = document.getElementById(fieldId);
  if (!target) return;
  event.preventDefault();
  const control = target.matches("input, select, textarea")
    ? target
    : target.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
  (control ?? target).focus();
}

export type SummaryField = { id: string; message: string };

/**
 * What stopped the last submit, first in the form: the form's own errors (e.g. the API's
 * refusal) and each field's error as a link to that field. It takes the focus when it
 * appears and after every failed submit, so keyboard and screen-reader users start from the
 * list of what to fix: in the page the server answered by `autofocus` (without JavaScript),
 * and by script when an answer or the browser's own check finds errors (with it).
 */
export function ErrorSummary({
  id,
  messages,
  fields = [],
  attempt,
}: {
  id: string;
  messages: string[];
  fields?: SummaryField[];
  /** A new value for every failed submit (the answer, or the errors found): each takes focus. */
  attempt: unknown;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt) ref.current?.focus();
  }, [attempt]);
  if (!messages.length && !fields.length) return null;
  return (
    <div
      ref={ref}
      id={id}
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: after a failed submit the summary is where to start.
      autoFocus
      data-error-summary
      className="form-error"
    >
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {fields.length ? (
        <>
          <p className="font-semibold">{t("layout:a11y.errorSummary", { count: fields.length })}</p>
          <ul className="list-disc pl-5">
            {fields.map((field) => (
              <li key={field.id}>
                <a href={`#${field.id}`} onClick={(event) => focusField(event, field.id)}>
                  {field.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
