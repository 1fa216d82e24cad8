// Contract of the virtual waiting room (issue 12, decision 0048; spec §7 queue calls): the
// list of queued performances, the turn call and its delete variant, the operator's settings,
// the fairness report and the admission tokens' public key. The visitor is the customer of
// the bearer token: nothing personal travels in a URL.
import { z } from "zod";
import { publishedSigningKey } from "./door.ts";
import { defineEndpoint } from "./endpoint.ts";
import { idPath } from "./shared.ts";
import { plainText } from "./text.ts";

const performanceParams = z.object({ idFuncion: idPath });

export const queuedPerformancesResponse = z.array(z.number().int());

export const turnQuery = z.object({
  /** The admission token handed out by the waiting page (once, when the turn came). */
  t: plainText({ trim: false })
    .min(1, { error: "queueTokenInvalid" })
    .max(600, { error: "queueTokenInvalid" })
    .optional(),
});

export const turnResponse = z.object({
  /** Non-empty: go on to this path. Empty: wait, with cTurno for the waiting page. */
  redirect_url: z.string(),
  /** The signed waiting ticket (the waiting page's colaTurno cookie) when redirect_url is "". */
  cTurno: z.string().optional(),
});
export type TurnAnswer = z.infer<typeof turnResponse>;

export const leaveResponse = z.object({
  /** Whether there was a live entry (waiting, let in or shopping) to leave. */
  lSalio: z.boolean(),
});

/** A whole number from 1 to max (a number, never a text that looks like one). */
const positiveWhole = (max: number) =>
  z
    .number({ error: "queueNumberInvalid" })
    .int({ error: "queueNumberInvalid" })
    .min(1, { error: "queueNumberInvalid" })
    .max(max, { error: "queueNumberInvalid" });

export const queueSettingsRequest = z.object({
  lActiva: z.boolean({ error: "invalid" }),
  /** ISO 8601 with its offset, e.g. 2031-03-10T12:00:00-03:00. */
  dInicioVenta: plainText({ error: "dateInvalid", trim: false }).pipe(
    z.iso.datetime({ offset: true, error: "dateInvalid" }),
  ),
  nAdmisionesPorMinuto: positiveWhole(100_000),
  nMaximoActivos: positiveWhole(1_000_000),
  nVentanaCompraSegundos: positiveWhole(24 * 3600),
});
export type QueueSettingsRequest = z.infer<typeof queueSettingsRequest>;

export const queueSettingsResponse = z.object({
  idFuncion: z.number().int(),
  lActiva: z.boolean(),
  dInicioVenta: z.string(),
  nAdmisionesPorMinuto: z.number().int(),
  nMaximoActivos: z.number().int(),
  nVentanaCompraSegundos: z.number().int(),
  /** Hex SHA-256 of the shuffle's seed, published from the start. */
  cCompromiso: z.string(),
});

const stateCounts = z.object({
  nEsperando: z.number().int(),
  nAdmitidos: z.number().int(),
  nActivos: z.number().int(),
  nVencidos: z.number().int(),
  nSalieron: z.number().int(),
});

export const fairnessResponse = z.object({
  idFuncion: z.number().int(),
  dInicioVenta: z.string(),
  cCompromiso: z.string(),
  /** The seed (64 hex digits) once the pre-queue was shuffled; null before. */
  cSemilla: z.string().nullable(),
  dRevelacion: z.string().nullable(),
  /** The pre-queue's turn codes in arrival order (published with the seed). */
  listaPrecola: z.array(z.string()),
  /** The same codes in the order the shuffle gave them (first = place 1). */
  listaOrden: z.array(z.string()),
  cAlgoritmo: z.string(),
  /** Admissions in each minute after the sale start (index 0 = the first minute). */
  listaAdmitidosPorMinuto: z.array(z.number().int()),
  nEsperaMedianaSegundos: z.number().int().nullable(),
  nEsperaP95Segundos: z.number().int().nullable(),
  oCantidades: stateCounts,
});
export type FairnessReport = z.infer<typeof fairnessResponse>;

export const queueKeyResponse = publishedSigningKey.extend({
  cFormatoToken: z.string(),
});

// ---------------------------------------------------------------- endpoints

export const queuedPerformancesEndpoint = defineEndpoint({
  id: "queuedPerformances",
  method: "GET",
  path: "/Colas",
  area: "queue",
  summary: "The ids of the performances behind a waiting room now (the gate's list).",
  access: "public",
  response: queuedPerformancesResponse,
});

export const queueKeyEndpoint = defineEndpoint({
  id: "queueKey",
  method: "GET",
  path: "/Cola/ClavePublica",
  area: "queue",
  summary: "The public key (Ed25519, as JWK and PEM) that verifies the admission tokens.",
  access: "public",
  response: queueKeyResponse,
});

export const turnEndpoint = defineEndpoint({
  id: "turn",
  method: "GET",
  path: "/Cola/{idFuncion}",
  area: "queue",
  summary:
    "The turn call: a non-empty redirect_url lets the customer through (no queue, a live " +
    "pass, or a valid admission token t, used once); an empty one joins the queue (or finds " +
    "the customer's place) and gives the waiting ticket. A forged, expired, used or another " +
    "customer's or performance's token: 403 QUEUE_TOKEN_INVALID.",
  access: "customer",
  params: performanceParams,
  query: turnQuery,
  response: turnResponse,
});

export const leaveQueueEndpoint = defineEndpoint({
  id: "leaveQueue",
  method: "DELETE",
  path: "/Cola/{idFuncion}",
  area: "queue",
  summary: "Leaves the performance's queue (a place, or a pass, is given up).",
  access: "customer",
  params: performanceParams,
  response: leaveResponse,
});

export const queueSettingsEndpoint = defineEndpoint({
  id: "queueSettings",
  method: "PUT",
  path: "/Cola/{idFuncion}/Configuracion",
  area: "queue",
  summary:
    "Sets a performance's waiting room: on or off, sale start, admissions per minute, " +
    "maximum of active buyers, shopping window. Operators only (403).",
  access: "customer",
  params: performanceParams,
  body: queueSettingsRequest,
  response: queueSettingsResponse,
});

export const fairnessEndpoint = defineEndpoint({
  id: "queueFairness",
  method: "GET",
  path: "/Cola/{idFuncion}/Equidad",
  area: "queue",
  summary:
    "The fairness report: the seed's commitment, and once the pre-queue is shuffled the " +
    "seed, the arrival list and the order, so anyone can recompute it; admissions per " +
    "minute and the median and 95th-percentile wait.",
  access: "public",
  params: performanceParams,
  response: fairnessResponse,
});
