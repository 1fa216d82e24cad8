// The data a performance asks before paying (DatosAdicionales of a process): per performance
// of the process, what it asks with its label and the buyer's answer so far; answering sends
// them all at once, and the charge refuses a process with a question left unanswered
// (PERFORMANCE_DATA_REQUIRED).
import { z } from "zod";
import { closedProcessErrors, processChangeErrors } from "./business-errors.ts";
import { defineEndpoint } from "./endpoint.ts";
import { requestedDataCodes } from "./requested-data.ts";
import { idParam, idParams, listOf } from "./shared.ts";
import { plainText } from "./text.ts";

export const performanceQuestionsSchema = z.object({
  idFuncion: z.number().int(),
  cEspectaculo: z.string(),
  dFecha: z.string(),
  listaDatos: z.array(
    z.object({
      cCodigo: z.enum(requestedDataCodes),
      cEtiqueta: z.string(),
      cValor: z.string().nullable(),
    }),
  ),
});
export type PerformanceQuestions = z.infer<typeof performanceQuestionsSchema>;
export const processQuestionsResponse = listOf(performanceQuestionsSchema);

/**
 * Answers of one or more performances of the process. Each value is checked by its code
 * (requested-data.ts); a refusal is a 400 whose field errors are keyed
 * `<idFuncion>.<cCodigo>`, and then nothing is saved.
 */
export const answerQuestionsRequest = z.object({
  listaFuncion: z
    .array(
      z.object({
        idFuncion: idParam,
        listaDatos: z
          .array(
            z.object({
              cCodigo: z.enum(requestedDataCodes, { error: "invalid" }),
              cValor: plainText({ error: "answerRequired", trim: false }).max(1_000, {
                error: "tooLong",
              }),
            }),
          )
          .max(requestedDataCodes.length),
      }),
    )
    .min(1)
    .max(20),
});
export type AnswerQuestionsRequest = z.infer<typeof answerQuestionsRequest>;

export const processQuestionsEndpoint = defineEndpoint({
  id: "processQuestions",
  method: "GET",
  path: "/Proceso/{id}/DatosAdicionales",
  area: "purchase",
  summary:
    "What each performance of the process asks the buyer before paying (the holder's name or document, a school's name…), with the answers given so far.",
  access: "customer",
  errors: closedProcessErrors,
  params: idParams,
  response: processQuestionsResponse,
});

export const answerQuestionsEndpoint = defineEndpoint({
  id: "answerQuestions",
  method: "POST",
  path: "/Proceso/{id}/DatosAdicionales",
  area: "purchase",
  summary:
    "Answers what the process's performances ask; all or nothing. Answers for a performance the process does not hold, or for something it does not ask, are a 400.",
  access: "customer",
  errors: processChangeErrors,
  params: idParams,
  body: answerQuestionsRequest,
  response: processQuestionsResponse,
});
