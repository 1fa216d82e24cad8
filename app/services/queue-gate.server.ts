// The queue gate of the performance routes (spec §4 "Queue gate"; decision 0049): the list of
// queued performances decides whether to ask the queue at all; the queue's turn call decides
// whether the buyer goes on, waits on the waiting page, or (any failure) goes back to the
// billboard, told why once. The decisions are pure functions (queue-gate.test.ts); the I/O
// around them is `passQueueGate`, called by the loaders after requireUser.
import { endpoints } from "@contract";
import { redirect, redirectDocument } from "react-router";
import { brand } from "~/config/brand.server";
import type { CommerceFailure } from "./commerce.server";
import { config } from "./config.server";
import { log } from "./log.server";
import type { RequestContext } from "./request-context.server";

/** The query parameter the waiting page's "It's your turn" link carries the admission in. */
export const admissionTokenParam = "colaToken";

/** Told on the billboard when the queue could not be asked or answered nonsense. */
export const queueUnavailableNotice = "layout:notices.queueUnavailable";
/** Told on the billboard when the queue refused the admission in the link. */
export const queueTokenRefusedNotice = "layout:notices.queueTokenRefused";

/** How long one node trusts the list it fetched (the issue: at most 2 s). */
export const queueListTtlMs = 2000;

const idPattern = /^[1-9][0-9]{0,9}$/;

function idOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === "string" && idPattern.test(value)) return Number(value);
  return null;
}

/**
 * The ids a queue list names, or null when it is not a list (spec: an object or an array,
 * else the billboard). An array lists ids (numbers or digit strings); an object maps ids to
 * anything (its keys), except the API's own envelope, whose oData is the array.
 */
export function queuedIdsOf(list: unknown): Set<number> | null {
  if (Array.isArray(list)) {
    return new Set(list.map(idOf).filter((id): id is number => id !== null));
  }
  if (typeof list !== "object" || list === null) return null;
  const envelope = list as { nCode?: unknown; oData?: unknown };
  if (typeof envelope.nCode === "number" && "oData" in envelope) {
    const fine = envelope.nCode < 300 && Array.isArray(envelope.oData);
    return fine ? queuedIdsOf(envelope.oData) : null;
  }
  return new Set(
    Object.keys(list)
      .map(idOf)
      .filter((id): id is number => id !== null),
  );
}

/** The page's address without the admission token (relative: path and the rest of the query). */
export function withoutAdmissionToken(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete(admissionTokenParam);
  return query.size > 0 ? `${url.pathname}?${query}` : url.pathname;
}

/** The waiting page for a performance, handed the signed waiting ticket once (it keeps it). */
export function waitingPageUrl(pageBase: string, performanceId: number, ticket: string): string {
  const query = new URLSearchParams({ qid: String(performanceId), turno: ticket });
  return `${pageBase}/cola?${query}`;
}

export type GateOutcome =
  | { kind: "through" }
  /** Back to the same page without the admission token in the address bar. */
  | { kind: "strip"; location: string }
  | { kind: "wait"; location: string }
  | { kind: "billboard"; notice: string };

/** What the list alone decides: the billboard (not a list), through (not queued), or ask. */
export function decideByList(list: unknown, performanceId: number, url: URL): GateOutcome | "ask" {
  const ids = queuedIdsOf(list);
  if (ids === null) return { kind: "billboard", notice: queueUnavailableNotice };
  if (ids.has(performanceId)) return "ask";
  // Not queued (any more): an admission token left in the link has nothing to open.
  return url.searchParams.has(admissionTokenParam)
    ? { kind: "strip", location: withoutAdmissionToken(url) }
    : { kind: "through" };
}

/** The turn call's answer as the gate reads it: the envelope's data, or why it failed. */
export type TurnAnswer =
  | { ok: true; data: unknown }
  | { ok: false; code: CommerceFailure["code"] | string };

/** What the queue's answer decides (spec §4 steps 3 and 4). */
export function decideByTurn(
  answer: TurnAnswer,
  performanceId: number,
  url: URL,
  pageBase: string,
): GateOutcome {
  if (!answer.ok) {
    // A token the API would not even read (too long, control characters) is refused too.
    const unreadable = answer.code === "VALIDATION" && url.searchParams.has(admissionTokenParam);
    const refused = answer.code === "QUEUE_TOKEN_INVALID" || unreadable;
    return {
      kind: "billboard",
      notice: refused ? queueTokenRefusedNotice : queueUnavailableNotice,
    };
  }
  const turn = answer.data as { redirect_url?: unknown; cTurno?: unknown } | null;
  if (typeof turn !== "object" || turn === null || typeof turn.redirect_url !== "string") {
    return { kind: "billboard", notice: queueUnavailableNotice };
  }
  if (turn.redirect_url === "") {
    if (typeof turn.cTurno !== "string" || turn.cTurno === "") {
      return { kind: "billboard", notice: queueUnavailableNotice };
    }
    return { kind: "wait", location: waitingPageUrl(pageBase, performanceId, turn.cTurno) };
  }
  return url.searchParams.has(admissionTokenParam)
    ? { kind: "strip", location: withoutAdmissionToken(url) }
    : { kind: "through" };
}

// ---------------------------------------------------------------- the list, cached per node

/**
 * A value loaded at most once per `ttlMs` (concurrent callers share one load, whichever
 * caller's `load` started it). A failed load is not kept: the next caller loads again.
 */
export function cachedFor<T>(ttlMs: number, now = () => Date.now()) {
  let kept: { value: T; expiresAt: number } | null = null;
  let loading: Promise<T> | null = null;
  return {
    get(load: () => Promise<T>): Promise<T> {
      if (kept && kept.expiresAt > now()) return Promise.resolve(kept.value);
      loading ??= load()
        .then((value) => {
          kept = { value, expiresAt: now() + ttlMs };
          return value;
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    },
    forget() {
      kept = null;
      loading = null;
    },
  };
}

/** A failure to read the list (network, an error answer): the gate sends to the billboard. */
class QueueListUnavailable extends Error {}

/**
 * The spec's static JSON list (QUEUE_LIST_URL), else the API's GET Colas, asked as nobody:
 * the list is public and the same for everyone, so any request's client may fetch it.
 */
async function fetchList(shop: RequestContext): Promise<unknown> {
  if (config.queueListUrl) {
    const response = await fetch(config.queueListUrl, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new QueueListUnavailable(`status ${response.status}`);
    return response.json();
  }
  const listed = await shop.commerce.call(endpoints.queuedPerformances, {
    anonymous: true,
    unauthorized: "fail",
  });
  if (!listed.ok) throw new QueueListUnavailable(listed.code);
  return listed.data;
}

const queueList = cachedFor<unknown>(queueListTtlMs);

/** Tests start each from an empty cache. */
export function forgetQueueList() {
  queueList.forget();
}

/** Where the waiting page lives: QUEUE_PAGE_URL, else this shop's own origin. */
const queuePageBase = () => config.queuePageUrl ?? "";

/**
 * The gate (spec §4), for the loaders of /funcion/{cSeo}/{id}, /funcion?idFuncion= and
 * /funcionTienda after requireUser: returns when the buyer may go on, else throws the
 * redirect (the waiting page, the same page without the token, or the billboard).
 */
export async function passQueueGate(
  shop: RequestContext,
  request: Request,
  performanceId: number,
): Promise<void> {
  if (!brand.flags.queue) return;
  const url = new URL(request.url);
  let outcome: GateOutcome | "ask";
  try {
    const list = await queueList.get(() => fetchList(shop));
    outcome = decideByList(list, performanceId, url);
  } catch (error) {
    log.warn(
      { reason: error instanceof Error ? error.message : "unknown" },
      "queue gate: the list could not be read",
    );
    outcome = { kind: "billboard", notice: queueUnavailableNotice };
  }
  if (outcome === "ask") {
    const token = url.searchParams.get(admissionTokenParam);
    const turn = await shop.commerce.call(endpoints.turn, {
      params: { idFuncion: performanceId },
      query: token ? { t: token } : {},
    });
    const answer: TurnAnswer = turn.ok ? turn : { ok: false, code: turn.code };
    if (!turn.ok) log.warn({ code: turn.code, performanceId }, "queue gate: the turn call failed");
    outcome = decideByTurn(answer, performanceId, url, queuePageBase());
  }
  switch (outcome.kind) {
    case "through":
      return;
    case "strip":
      throw redirect(outcome.location);
    case "wait":
      // The waiting page is not one of the storefront's routes: a whole-document visit.
      throw redirectDocument(outcome.location);
    case "billboard":
      shop.session.flash("notice", outcome.notice);
      throw redirect("/");
  }
}
