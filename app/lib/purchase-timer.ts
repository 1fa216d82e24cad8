// The purchase timer's rules (spec §3 "Purchase timer", §4): pure functions over the record
// the server keeps in the buyer's session, every one given the time instead of reading a
// clock, so the rules are tested with any clock and the browser never decides them.
//
// - Starting a process: INICIADO with dMaxima = now + nMinutos. The same process again is
//   REUSA PROCESO (its deadline kept); another process is NUEVO PROCESO (a new deadline, the
//   business data cleared); another process type (CART ↔ BOX) is reset first.
// - INICIADO turns FINISHED when its time has run out, at the first reading after it (or
//   when the API or the page says it ran out); its checkout then says the time is over.
// - Cancel or reset: RESET, the stored process cleared; cancelling a RESET timer does nothing.
// - One extension (WCAG 2.2.1), when allowed: dMaxima + the extension's minutes, once.
// - One buying tab: the first tab that buys holds the purchase; another tab is refused while
//   the holder was seen within `tabIdleMs` (a closed tab stops holding it then, or at once
//   when it said it was going away).

export type TimerState = "INICIADO" | "RESET" | "FINISHED";
export type ProcessType = "CART" | "BOX";

/** Why a timer ended (spec §8): the buyer cancelled, or the time ran out where it was seen. */
export const timerOrigins = {
  cancelled: "INV001",
  expiredOnClock: "INV009",
  expiredOnCheckout: "INV0010",
  expiredOnPayment: "INV011",
} as const;
export type TimerOrigin = (typeof timerOrigins)[keyof typeof timerOrigins];

export type PurchaseTimer = {
  cEstado: TimerState;
  /** ISO instants: when the process started and when its time runs out. */
  dDesde: string | null;
  dMaxima: string | null;
  nMinutos: number;
  idProcesoDeCompra: number | null;
  idFuncion: number | null;
  ctProcess: ProcessType | null;
  cUltimaSituacion: "NUEVO PROCESO" | "REUSA PROCESO" | null;
  /** The end's origin code, set when it turns FINISHED or RESET. */
  cOrigen: TimerOrigin | null;
  /** Whether the one extension was used. */
  lExtendido: boolean;
  /** The buying tab and when it was last seen (ISO); null: no tab holds the purchase. */
  nTabIdPrincipal: number | null;
  dUpdateTabIdPrincipal: string | null;
};

export const purchaseMinutes = 30;

export function resetTimer(origin: TimerOrigin | null = null): PurchaseTimer {
  return {
    cEstado: "RESET",
    dDesde: null,
    dMaxima: null,
    nMinutos: purchaseMinutes,
    idProcesoDeCompra: null,
    idFuncion: null,
    ctProcess: null,
    cUltimaSituacion: null,
    cOrigen: origin,
    lExtendido: false,
    nTabIdPrincipal: null,
    dUpdateTabIdPrincipal: null,
  };
}

const addMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

export type StartRequest = {
  processId: number;
  type: ProcessType;
  performanceId?: number | null;
  now: Date;
  minutes?: number;
  /** The deadline the API gave the process (ISO), when known: the timer keeps the same. */
  deadline?: string;
};

/** A process starts (or starts again): INICIADO, reusing the deadline of the same process. */
export function startTimer(timer: PurchaseTimer, request: StartRequest): PurchaseTimer {
  const { processId, type, now, minutes = purchaseMinutes } = request;
  const current = readTimer(timer, now, timerOrigins.expiredOnClock);
  const running = current.cEstado === "INICIADO";
  if (running && current.ctProcess === type && current.idProcesoDeCompra === processId) {
    return {
      ...current,
      idFuncion: request.performanceId ?? current.idFuncion,
      cUltimaSituacion: "REUSA PROCESO",
    };
  }
  // Another process, or another type after a reset: a new deadline, nothing carried over
  // but the buying tab (the same browser tab goes on buying).
  const base = running && current.ctProcess !== type ? resetTimer() : current;
  return {
    ...resetTimer(),
    cEstado: "INICIADO",
    dDesde: now.toISOString(),
    dMaxima: request.deadline ?? addMinutes(now, minutes).toISOString(),
    nMinutos: request.deadline
      ? Math.round((Date.parse(request.deadline) - now.getTime()) / 60_000)
      : minutes,
    idProcesoDeCompra: processId,
    idFuncion: request.performanceId ?? null,
    ctProcess: type,
    cUltimaSituacion: "NUEVO PROCESO",
    nTabIdPrincipal: base.nTabIdPrincipal,
    dUpdateTabIdPrincipal: base.dUpdateTabIdPrincipal,
  };
}

/** Seconds left (negative once passed); null when no purchase is running. */
export function secondsLeft(timer: PurchaseTimer, now: Date): number | null {
  if (timer.cEstado !== "INICIADO" || !timer.dMaxima) return null;
  return Math.floor((Date.parse(timer.dMaxima) - now.getTime()) / 1000);
}

/** The timer as read at `now`: an INICIADO timer whose time ran out is FINISHED from then on. */
export function readTimer(timer: PurchaseTimer, now: Date, origin: TimerOrigin): PurchaseTimer {
  const left = secondsLeft(timer, now);
  if (left === null || left >= 0) return timer;
  return { ...timer, cEstado: "FINISHED", cOrigen: origin };
}

/** The origins that say the time ran out (the others: the buyer cancelled or it emptied). */
export function isExpiry(origin: TimerOrigin): boolean {
  return origin !== timerOrigins.cancelled;
}

/**
 * The time ran out wherever it was seen (the API's clock, the page's): a running timer is
 * FINISHED from then on, still naming its process so its checkout can say so again.
 */
export function finishTimer(timer: PurchaseTimer, origin: TimerOrigin): PurchaseTimer {
  if (timer.cEstado !== "INICIADO") return timer;
  return { ...timer, cEstado: "FINISHED", cOrigen: origin };
}

/** Whether the timer says this process's time ran out (its checkout only says so). */
export function finishedFor(timer: PurchaseTimer, processId: number): boolean {
  return timer.cEstado === "FINISHED" && timer.idProcesoDeCompra === processId;
}

/**
 * The running timer follows its process's clock as the API reads it (one clock): a deadline
 * moved by the extension, and the extension used.
 */
export function followProcess(
  timer: PurchaseTimer,
  process: { idProcesoDeCompra: number; dMaxima: string; lExtendido: boolean },
): PurchaseTimer {
  if (timer.cEstado !== "INICIADO" || timer.idProcesoDeCompra !== process.idProcesoDeCompra) {
    return timer;
  }
  if (timer.dMaxima === process.dMaxima && timer.lExtendido === process.lExtendido) return timer;
  const minutes = timer.dDesde
    ? Math.round((Date.parse(process.dMaxima) - Date.parse(timer.dDesde)) / 60_000)
    : timer.nMinutos;
  return { ...timer, dMaxima: process.dMaxima, lExtendido: process.lExtendido, nMinutos: minutes };
}

/** Cancel or reset: RESET with the stored process cleared; a RESET timer stays as it is. */
export function cancelTimer(timer: PurchaseTimer, origin: TimerOrigin): PurchaseTimer {
  if (timer.cEstado === "RESET") return timer;
  return resetTimer(origin);
}

export type ExtensionRule = { minutes: number; allowed: boolean };

/**
 * The buyer asks for more time: once per process, while it runs, when the performance allows
 * it (not with a waiting queue). Null when refused.
 */
export function extendTimer(
  timer: PurchaseTimer,
  now: Date,
  rule: ExtensionRule,
): PurchaseTimer | null {
  const current = readTimer(timer, now, timerOrigins.expiredOnClock);
  if (!rule.allowed || rule.minutes <= 0) return null;
  if (current.cEstado !== "INICIADO" || current.lExtendido || !current.dMaxima) return null;
  return {
    ...current,
    dMaxima: addMinutes(new Date(current.dMaxima), rule.minutes).toISOString(),
    nMinutos: current.nMinutos + rule.minutes,
    lExtendido: true,
  };
}

/**
 * A tab starts or goes on buying. It becomes the buying tab when none is, when it already is,
 * or when the buying tab was not seen for `tabIdleMs`; otherwise it is refused (null): the
 * purchase belongs to another tab of the browser.
 */
export function claimBuyingTab(
  timer: PurchaseTimer,
  tabId: number,
  now: Date,
  tabIdleMs: number,
): PurchaseTimer | null {
  const holder = timer.nTabIdPrincipal;
  const seenAt = timer.dUpdateTabIdPrincipal ? Date.parse(timer.dUpdateTabIdPrincipal) : 0;
  const idle = now.getTime() - seenAt >= tabIdleMs;
  if (holder !== null && holder !== tabId && !idle && timer.cEstado === "INICIADO") return null;
  return { ...timer, nTabIdPrincipal: tabId, dUpdateTabIdPrincipal: now.toISOString() };
}

/**
 * The buying tab says it is going away (closed, reloaded, left for another site): the
 * purchase is no one's, and the next tab that claims it has it at once. Another tab's word
 * changes nothing.
 */
export function leaveBuyingTab(timer: PurchaseTimer, tabId: number): PurchaseTimer {
  if (timer.nTabIdPrincipal !== tabId) return timer;
  return { ...timer, nTabIdPrincipal: null, dUpdateTabIdPrincipal: null };
}

/** Whether a purchase is running at `now`: its checkout, not "ended", is what to speak of. */
export function isRunning(timer: PurchaseTimer, now: Date): boolean {
  const left = secondsLeft(timer, now);
  return left !== null && left >= 0;
}

/** The minute marks at which the time left is announced to screen readers (not every second). */
export const announcedMinutes = [5, 2, 1] as const;

/**
 * The mark crossed between two readings of the seconds left (the earlier one first), if any:
 * the lowest when a slow device skipped several.
 */
export function announcementDue(before: number, after: number): number | null {
  let due: number | null = null;
  for (const minutes of announcedMinutes) {
    const mark = minutes * 60;
    if (before > mark && after <= mark) due = minutes;
  }
  return due;
}
