// What the held performances ask (DatosAdicionales), for the checkout and the box office's
// sale: read for the form, and the submitted answers saved before anything is charged.
import { endpoints } from "@contract";
import { answerFieldErrors, answersFromForm } from "~/lib/process-answers";
import { type CommerceClient, type CommerceFailure, orThrow } from "~/services/commerce.server";

export async function loadQuestions(commerce: CommerceClient, processId: number) {
  return orThrow(await commerce.call(endpoints.processQuestions, { params: { id: processId } }))
    .Lista;
}

/** Saves the form's answers; a refusal comes back with its errors on the form's fields. */
export async function saveAnswers(
  commerce: CommerceClient,
  processId: number,
  form: FormData,
): Promise<CommerceFailure | null> {
  const body = answersFromForm(form);
  if (body.listaFuncion.length === 0) return null;
  const answered = await commerce.call(endpoints.answerQuestions, {
    params: { id: processId },
    body,
  });
  if (answered.ok) return null;
  return { ...answered, fieldErrors: answerFieldErrors(answered.fieldErrors) };
}
