// The checkout's fields for what a performance asks (DatosAdicionales): one flat field per
// performance and question, `dato-<idFuncion>-<cCodigo>`, read back into the API's request
// and the API's field errors (`<idFuncion>.<cCodigo>`) put back on those fields.
import type { AnswerQuestionsRequest, PerformanceQuestions } from "@contract";
import { isRequestedDataCode } from "@contract";

const fieldPattern = /^dato-([1-9][0-9]{0,9})-([A-Z_]{1,40})$/;

export function answerFieldName(performanceId: number, code: string): string {
  return `dato-${performanceId}-${code}`;
}

/** The answers a submitted form carries, grouped by performance (none: an empty list). */
export function answersFromForm(form: FormData): AnswerQuestionsRequest {
  const byPerformance = new Map<number, AnswerQuestionsRequest["listaFuncion"][number]>();
  for (const [name, value] of form) {
    const match = fieldPattern.exec(name);
    if (!match || typeof value !== "string" || !isRequestedDataCode(match[2])) continue;
    const idFuncion = Number(match[1]);
    const entry = byPerformance.get(idFuncion) ?? { idFuncion, listaDatos: [] };
    entry.listaDatos.push({ cCodigo: match[2], cValor: value });
    byPerformance.set(idFuncion, entry);
  }
  return { listaFuncion: [...byPerformance.values()] };
}

/** The API's errors of the answers, on the form's field names. */
export function answerFieldErrors(errors: Record<string, string[]> | undefined) {
  const onFields: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    // A rule of the performance's (`<idFuncion>.<cCodigo>`) is said on its field; anything
    // else (a control character the contract refused) on the form.
    const keyed = /^([1-9][0-9]*)\.([A-Z_]+)$/.exec(key);
    const name = keyed ? answerFieldName(Number(keyed[1]), keyed[2]) : "";
    onFields[name] = [...(onFields[name] ?? []), ...messages];
  }
  return onFields;
}

/** The answers given so far, as the form's default values. */
export function answerDefaults(questions: readonly PerformanceQuestions[]) {
  return Object.fromEntries(
    questions.flatMap((performance) =>
      performance.listaDatos.map((datum) => [
        answerFieldName(performance.idFuncion, datum.cCodigo),
        datum.cValor ?? "",
      ]),
    ),
  );
}
