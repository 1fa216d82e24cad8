// What the held performances ask before paying (the holder's name or document, a school…):
// one group per performance, part of the payment form so one submit sends everything.
import type { FieldMetadata } from "@conform-to/react";
import type { PerformanceQuestions } from "@contract";
import { TextField } from "~/components/field";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { answerFieldName } from "~/lib/process-answers";

export function QuestionsFields({
  questions,
  fields,
}: {
  questions: readonly PerformanceQuestions[];
  /** The form's Conform fields: any name has its metadata (these are not in the schema). */
  fields: object;
}) {
  const { t, i18n } = useTranslation();
  const fieldOf = (name: string) =>
    (fields as Record<string, FieldMetadata<string | undefined>>)[name];
  if (questions.length === 0) return null;
  return (
    <>
      {questions.map((performance) => (
        <fieldset key={performance.idFuncion} className="field">
          <legend>
            {t("checkout:questions.legend", {
              show: performance.cEspectaculo,
              date: formatDateTime(performance.dFecha, i18n.language as Locale),
            })}
          </legend>
          {performance.listaDatos.map((datum) => (
            <TextField
              key={datum.cCodigo}
              meta={fieldOf(answerFieldName(performance.idFuncion, datum.cCodigo))}
              label={datum.cEtiqueta}
              autoComplete={datum.cCodigo === "HOLDER_NAME" ? "name" : "off"}
              inputMode={datum.cCodigo === "HOLDER_DOCUMENT" ? "numeric" : undefined}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}
