// The purchase timer's rules (§4), each with the time given: start, reuse, new process, type
// change, expiry on reading, cancel and reset, the one extension, the buying tab, and the
// minute marks announced to screen readers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  announcementDue,
  cancelTimer,
  claimBuyingTab,
  extendTimer,
  finishedFor,
  finishTimer,
  followProcess,
  isRunning,
  leaveBuyingTab,
  type PurchaseTimer,
  readTimer,
  resetTimer,
  secondsLeft,
  startTimer,
  timerOrigins,
} from "./purchase-timer";

const at = (minute: number, second = 0) =>
  new Date(Date.UTC(2026, 11, 4, 20, 0, 0) + minute * 60_000 + second * 1000);

const started = (processId = 41, minute = 0): PurchaseTimer =>
  startTimer(resetTimer(), { processId, type: "CART", performanceId: 7, now: at(minute) });

describe("starting a purchase", () => {
  it("sets INICIADO with a deadline 30 minutes on, as a new process", () => {
    const timer = started();
    expect(timer).toMatchObject({
      cEstado: "INICIADO",
      dDesde: at(0).toISOString(),
      dMaxima: at(30).toISOString(),
      nMinutos: 30,
      idProcesoDeCompra: 41,
      idFuncion: 7,
      ctProcess: "CART",
      cUltimaSituacion: "NUEVO PROCESO",
    });
    expect(secondsLeft(timer, at(0))).toBe(30 * 60);
  });

  it("reuses the same process and its deadline (REUSA PROCESO)", () => {
    const again = startTimer(started(), {
      processId: 41,
      type: "CART",
      performanceId: 8,
      now: at(12),
    });
    expect(again).toMatchObject({
      cEstado: "INICIADO",
      dMaxima: at(30).toISOString(),
      cUltimaSituacion: "REUSA PROCESO",
      idFuncion: 8,
    });
  });

  it("gives another process a new deadline and drops what the old one carried", () => {
    const extended = extendTimer(started(), at(5), { minutes: 10, allowed: true });
    const other = startTimer(extended as PurchaseTimer, {
      processId: 42,
      type: "CART",
      now: at(12),
    });
    expect(other).toMatchObject({
      idProcesoDeCompra: 42,
      dMaxima: at(42).toISOString(),
      cUltimaSituacion: "NUEVO PROCESO",
      lExtendido: false,
      idFuncion: null,
    });
  });

  it("resets first when the process type changes, the buying tab with it", () => {
    const withTab = claimBuyingTab(started(), 3, at(1), 60_000) as PurchaseTimer;
    const box = startTimer(withTab, { processId: 41, type: "BOX", now: at(2) });
    expect(box).toMatchObject({
      ctProcess: "BOX",
      cUltimaSituacion: "NUEVO PROCESO",
      dMaxima: at(32).toISOString(),
      nTabIdPrincipal: null,
    });
    const sameType = startTimer(withTab, { processId: 43, type: "CART", now: at(2) });
    expect(sameType.nTabIdPrincipal).toBe(3);
  });

  it("keeps the deadline the API gave the process", () => {
    const timer = startTimer(resetTimer(), {
      processId: 41,
      type: "CART",
      now: at(0),
      deadline: at(30, 2).toISOString(),
    });
    expect(timer).toMatchObject({ dMaxima: at(30, 2).toISOString(), nMinutos: 30 });
  });

  it("starts anew after the time ran out, even for the same process id", () => {
    const late = startTimer(started(), { processId: 41, type: "CART", now: at(31) });
    expect(late).toMatchObject({
      cUltimaSituacion: "NUEVO PROCESO",
      dMaxima: at(61).toISOString(),
    });
  });
});

describe("reading the timer", () => {
  it("stays INICIADO up to the deadline and turns FINISHED once seconds left are below zero", () => {
    const timer = started();
    expect(readTimer(timer, at(30), timerOrigins.expiredOnClock)).toBe(timer);
    expect(readTimer(timer, at(30, 1), timerOrigins.expiredOnCheckout)).toMatchObject({
      cEstado: "FINISHED",
      cOrigen: "INV0010",
    });
  });

  it("leaves a RESET or FINISHED timer as it is", () => {
    const reset = resetTimer();
    expect(readTimer(reset, at(90), timerOrigins.expiredOnClock)).toBe(reset);
    const finished = readTimer(started(), at(40), timerOrigins.expiredOnPayment);
    expect(readTimer(finished, at(50), timerOrigins.expiredOnClock)).toBe(finished);
    expect(secondsLeft(finished, at(50))).toBeNull();
  });

  it("never reports time left for a timer that has ended, whatever the clock", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 200 }), (minute) => {
        const read = readTimer(started(), at(minute), timerOrigins.expiredOnClock);
        const left = secondsLeft(read, at(minute));
        if (minute > 30) expect(left).toBeNull();
        else expect(left).toBe((30 - minute) * 60);
      }),
    );
  });
});

describe("the time running out where it was seen", () => {
  it("finishes a running timer with its origin, still naming its process", () => {
    const finished = finishTimer(started(41), timerOrigins.expiredOnCheckout);
    expect(finished).toMatchObject({ cEstado: "FINISHED", cOrigen: "INV0010" });
    expect(finishedFor(finished, 41)).toBe(true);
    expect(finishedFor(finished, 42)).toBe(false);
    expect(finishedFor(started(41), 41)).toBe(false);
  });

  it("leaves a RESET timer RESET", () => {
    const reset = resetTimer(timerOrigins.cancelled);
    expect(finishTimer(reset, timerOrigins.expiredOnClock)).toBe(reset);
  });
});

describe("following the process's clock", () => {
  it("takes the API's extended deadline for the same process only", () => {
    const timer = started(41);
    const extended = { idProcesoDeCompra: 41, dMaxima: at(40).toISOString(), lExtendido: true };
    expect(followProcess(timer, extended)).toMatchObject({
      dMaxima: at(40).toISOString(),
      nMinutos: 40,
      lExtendido: true,
    });
    expect(followProcess(timer, { ...extended, idProcesoDeCompra: 42 })).toBe(timer);
    const same = { idProcesoDeCompra: 41, dMaxima: timer.dMaxima ?? "", lExtendido: false };
    expect(followProcess(timer, same)).toBe(timer);
  });
});

describe("cancelling", () => {
  it("returns to RESET and clears the stored process, with the origin", () => {
    expect(cancelTimer(started(), timerOrigins.cancelled)).toEqual(resetTimer("INV001"));
  });

  it("is skipped when already RESET", () => {
    const reset = resetTimer("INV009");
    expect(cancelTimer(reset, timerOrigins.cancelled)).toBe(reset);
  });
});

describe("extending once (WCAG 2.2.1)", () => {
  it("adds the minutes once while the purchase runs", () => {
    const once = extendTimer(started(), at(25), { minutes: 10, allowed: true });
    expect(once).toMatchObject({ dMaxima: at(40).toISOString(), nMinutos: 40, lExtendido: true });
    expect(extendTimer(once as PurchaseTimer, at(26), { minutes: 10, allowed: true })).toBeNull();
  });

  it("is refused when not allowed (a performance with a queue), after expiry, or with no purchase", () => {
    expect(extendTimer(started(), at(5), { minutes: 10, allowed: false })).toBeNull();
    expect(extendTimer(started(), at(31), { minutes: 10, allowed: true })).toBeNull();
    expect(extendTimer(resetTimer(), at(0), { minutes: 10, allowed: true })).toBeNull();
    expect(extendTimer(started(), at(5), { minutes: 0, allowed: true })).toBeNull();
  });
});

describe("the buying tab", () => {
  const idle = 2 * 60_000;

  it("is the first tab that buys; it keeps it on every visit", () => {
    const first = claimBuyingTab(started(), 1, at(1), idle) as PurchaseTimer;
    expect(first).toMatchObject({ nTabIdPrincipal: 1, dUpdateTabIdPrincipal: at(1).toISOString() });
    const again = claimBuyingTab(first, 1, at(10), idle);
    expect(again?.dUpdateTabIdPrincipal).toBe(at(10).toISOString());
  });

  it("refuses another tab while the buying tab is seen, not once it has gone quiet", () => {
    const first = claimBuyingTab(started(), 1, at(1), idle) as PurchaseTimer;
    expect(claimBuyingTab(first, 2, at(2), idle)).toBeNull();
    expect(claimBuyingTab(first, 2, at(3, 1), idle)?.nTabIdPrincipal).toBe(2);
  });

  it("is let go at once by the buying tab going away, not by another tab", () => {
    const first = claimBuyingTab(started(), 1, at(1), idle) as PurchaseTimer;
    expect(leaveBuyingTab(first, 2)).toBe(first);
    const left = leaveBuyingTab(first, 1);
    expect(left).toMatchObject({ cEstado: "INICIADO", nTabIdPrincipal: null });
    expect(claimBuyingTab(left, 2, at(1, 10), idle)?.nTabIdPrincipal).toBe(2);
  });

  it("says a purchase runs up to its deadline only", () => {
    expect(isRunning(started(), at(30))).toBe(true);
    expect(isRunning(started(), at(30, 1))).toBe(false);
    expect(isRunning(resetTimer(), at(0))).toBe(false);
  });

  it("lets any tab buy when no purchase runs", () => {
    const first = claimBuyingTab(started(), 1, at(1), idle) as PurchaseTimer;
    const cancelled = { ...first, cEstado: "RESET" as const };
    expect(claimBuyingTab(cancelled, 2, at(2), idle)?.nTabIdPrincipal).toBe(2);
  });
});

describe("announcing the time left", () => {
  it("announces 5, 2 and 1 minutes once each, not every second", () => {
    const announced: number[] = [];
    for (let left = 6 * 60; left > 0; left--) {
      const due = announcementDue(left, left - 1);
      if (due !== null) announced.push(due);
    }
    expect(announced).toEqual([5, 2, 1]);
  });

  it("announces the lowest mark when a slow device skipped several", () => {
    expect(announcementDue(330, 50)).toBe(1);
    expect(announcementDue(50, 40)).toBeNull();
  });
});
