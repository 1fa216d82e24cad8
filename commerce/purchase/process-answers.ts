// The data a performance asks the buyer before paying (performances.requested_data; codes
// and value rules in contract/requested-data.ts): read with the answers so far, answered all
// or nothing while the process is open, and checked by the charge (every question answered).
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type AnswerQuestionsRequest,
  answerProblem,
  isRequestedDataCode,
  type PerformanceQuestions,
} from "../contract/index.ts";
import type { Executor } from "../db/client.ts";
import { processAnswers, shows } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, validationError } from "../errors.ts";
import { type Language, translate } from "../i18n.ts";
import { ensureOpen, lockOwnProcess, ownProcess } from "./process.ts";
import { type HeldPlace, liveHeldPlaces } from "./view.ts";

type Asked = { performanceId: number; startsAt: Date; showId: number; codes: string[] };

/** The performances of these places that ask something, once each, in the places' order. */
export function askingPerformances(places: readonly HeldPlace[]): Asked[] {
  const asked = new Map<number, Asked>();
  for (const place of places) {
    if (place.requestedData.length === 0 || asked.has(place.performanceId)) continue;
    asked.set(place.performanceId, {
      performanceId: place.performanceId,
      startsAt: place.startsAt,
      showId: place.showId,
      codes: place.requestedData.filter(isRequestedDataCode),
    });
  }
  return [...asked.values()];
}

async function answersOf(db: Executor, processId: number, performanceIds: number[]) {
  if (performanceIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select()
    .from(processAnswers)
    .where(
      and(
        eq(processAnswers.processId, processId),
        inArray(processAnswers.performanceId, performanceIds),
      ),
    );
  return new Map(rows.map((row) => [`${row.performanceId}.${row.code}`, row.value]));
}

async function questionsView(
  db: Executor,
  processId: number,
  asked: Asked[],
  language: Language,
): Promise<PerformanceQuestions[]> {
  const t = translate(language);
  const answers = await answersOf(
    db,
    processId,
    asked.map((a) => a.performanceId),
  );
  const titles = await showTitles(
    db,
    asked.map((a) => a.showId),
  );
  return asked.map((performance) => ({
    idFuncion: performance.performanceId,
    cEspectaculo: titles.get(performance.showId) ?? "",
    dFecha: performance.startsAt.toISOString(),
    listaDatos: performance.codes.filter(isRequestedDataCode).map((code) => ({
      cCodigo: code,
      cEtiqueta: t(`commerce:requestedData.${code}`),
      cValor: answers.get(`${performance.performanceId}.${code}`) ?? null,
    })),
  }));
}

async function showTitles(db: Executor, showIds: number[]) {
  if (showIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: shows.id, title: shows.title })
    .from(shows)
    .where(inArray(shows.id, showIds));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** What the process's performances ask, with the answers so far. */
export async function processQuestions(
  deps: CommerceDeps,
  input: { processId: number; customerId: number },
  language: Language,
): Promise<PerformanceQuestions[]> {
  const process = await ownProcess(deps.db, input.processId, input.customerId);
  const places = await liveHeldPlaces(deps.db, process.id, deps.now());
  return questionsView(deps.db, process.id, askingPerformances(places), language);
}

/** Saves the answers, all or none: any refusal is a 400 keyed `<idFuncion>.<cCodigo>`. */
export async function answerQuestions(
  deps: CommerceDeps,
  input: { processId: number; customerId: number; request: AnswerQuestionsRequest },
  language: Language,
): Promise<PerformanceQuestions[]> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const process = await lockOwnProcess(tx, input.processId, input.customerId);
    ensureOpen(process, now);
    const asked = askingPerformances(await liveHeldPlaces(tx, process.id, now));
    const errors: Record<string, string[]> = {};
    const rows: (typeof processAnswers.$inferInsert)[] = [];
    for (const performance of input.request.listaFuncion) {
      const questions = asked.find((a) => a.performanceId === performance.idFuncion);
      if (!questions) {
        errors[String(performance.idFuncion)] = ["performanceNotAsking"];
        continue;
      }
      for (const answer of performance.listaDatos) {
        const key = `${performance.idFuncion}.${answer.cCodigo}`;
        const problem = questions.codes.includes(answer.cCodigo)
          ? answerProblem(answer.cCodigo, answer.cValor)
          : "notAsked";
        if (problem) errors[key] = [problem];
        else {
          rows.push({
            processId: process.id,
            performanceId: performance.idFuncion,
            code: answer.cCodigo,
            value: answer.cValor.trim(),
          });
        }
      }
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    if (rows.length > 0) {
      await tx
        .insert(processAnswers)
        .values(rows)
        .onConflictDoUpdate({
          target: [processAnswers.processId, processAnswers.performanceId, processAnswers.code],
          set: { value: sql`excluded.value` },
        });
    }
    return questionsView(tx, process.id, asked, language);
  });
}

/** Refuses to charge while a question of the places' performances has no answer. */
export async function ensureAnswered(tx: Executor, processId: number, places: HeldPlace[]) {
  const asked = askingPerformances(places);
  if (asked.length === 0) return;
  const answers = await answersOf(
    tx,
    processId,
    asked.map((a) => a.performanceId),
  );
  const missing = asked.some((performance) =>
    performance.codes.some((code) => !answers.has(`${performance.performanceId}.${code}`)),
  );
  if (missing) throw businessError("PERFORMANCE_DATA_REQUIRED");
}
