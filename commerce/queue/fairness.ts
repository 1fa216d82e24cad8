// The fairness report of a performance's queue (issue 12): what anyone needs to check the
// pre-queue's order (the commitment from the start; after the shuffle the seed, the arrival
// list and the order) and how the admissions went. Only turn codes are published.
import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import type { FairnessReport } from "../contract/queue.ts";
import type { Executor } from "../db/client.ts";
import { queueEntries } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { readQueueSettings } from "./settings.ts";
import { waitStats } from "./wait-stats.ts";

export const algorithmDescription =
  "Fisher-Yates over the pre-queue's turn codes in arrival order (listaPrecola), from the " +
  "last index i down to 1, swapping items i and j. Randomness: block k (k = 0, 1, 2...) is " +
  "SHA-256(seed bytes || k as 4 bytes big-endian); the blocks are read as consecutive " +
  "unsigned 32-bit big-endian numbers. j is drawn in 0..i by skipping numbers >= " +
  "2^32 - (2^32 mod (i+1)) and taking the number mod (i+1). The result is listaOrden " +
  "(place 1 first). cCompromiso = hex SHA-256 of the seed's 32 bytes.";

export async function fairnessReport(db: Executor, performanceId: number): Promise<FairnessReport> {
  const settings = await readQueueSettings(db, performanceId);
  if (!settings) throw notFound();
  const ofQueue = eq(queueEntries.performanceId, performanceId);
  const revealed = settings.seedRevealedAt !== null;
  const preQueue = revealed
    ? await db
        .select({ turnCode: queueEntries.turnCode, position: queueEntries.position })
        .from(queueEntries)
        .where(and(ofQueue, eq(queueEntries.preQueue, true)))
        .orderBy(asc(queueEntries.arrivalSeq))
    : [];
  const ordered = [...preQueue].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const admissions = await db
    .select({ arrivedAt: queueEntries.arrivedAt, admittedAt: queueEntries.admittedAt })
    .from(queueEntries)
    .where(and(ofQueue, isNotNull(queueEntries.admittedAt)));
  const stats = waitStats(
    settings.saleStartsAt,
    admissions.map((row) => ({ arrivedAt: row.arrivedAt, admittedAt: row.admittedAt as Date })),
  );
  const byState = await db
    .select({ state: queueEntries.state, entries: count() })
    .from(queueEntries)
    .where(ofQueue)
    .groupBy(queueEntries.state);
  const countOf = (state: string) => byState.find((row) => row.state === state)?.entries ?? 0;
  return {
    idFuncion: performanceId,
    dInicioVenta: settings.saleStartsAt.toISOString(),
    cCompromiso: settings.seedCommitment,
    cSemilla: revealed ? settings.seed : null,
    dRevelacion: settings.seedRevealedAt?.toISOString() ?? null,
    listaPrecola: preQueue.map((row) => row.turnCode),
    listaOrden: ordered.map((row) => row.turnCode),
    cAlgoritmo: algorithmDescription,
    listaAdmitidosPorMinuto: stats.admittedPerMinute,
    nEsperaMedianaSegundos: stats.medianWaitSeconds,
    nEsperaP95Segundos: stats.p95WaitSeconds,
    oCantidades: {
      nEsperando: countOf("waiting"),
      nAdmitidos: countOf("admitted"),
      nActivos: countOf("active"),
      nVencidos: countOf("expired"),
      nSalieron: countOf("left"),
    },
  };
}
