// The purchase timer kept in the buyer's session (its rules: lib/purchase-timer.ts). It is
// started with the deadline the API gave the process, ended with the purchase, and names the
// buying tab: with JavaScript every tab sends its own id with each POST (components/
// buying-tab.ts), and a tab that starts or goes on with a purchase another tab holds is sent
// to payFinish with the spec's message (§4, §8). Without JavaScript no id is sent: the
// browser counts as one tab.
import type { PurchaseProcess } from "@contract";
import { redirect } from "react-router";
import {
  cancelTimer,
  claimBuyingTab,
  finishTimer,
  isExpiry,
  leaveBuyingTab,
  type PurchaseTimer,
  resetTimer,
  startTimer,
  type TimerOrigin,
} from "~/lib/purchase-timer";
import type { RequestContext } from "./request-context.server";

/** A buying tab not heard from for this long (closed, asleep) no longer holds the purchase. */
export const buyingTabIdleMs = 2 * 60_000;

export const anotherTabNotice = "layout:notices.purchaseInAnotherTab";

type Shop = Pick<RequestContext, "session">;

export function timerOf({ session }: Shop): PurchaseTimer {
  return session.get("timer") ?? resetTimer();
}

/** The tab id a POST carries, or null (no JavaScript, or not a tab id at all). */
export function tabIdOf(form: FormData): number | null {
  const raw = form.get("tabId");
  if (typeof raw !== "string" || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * This tab starts or goes on buying: recorded as the buying tab, unless another tab of the
 * browser holds a running purchase; then the way to payFinish is thrown, with the message.
 */
export function claimTab(shop: Shop, tabId: number | null, now = new Date()): void {
  if (tabId === null) return;
  const claimed = claimBuyingTab(timerOf(shop), tabId, now, buyingTabIdleMs);
  if (!claimed) {
    shop.session.flash("notice", anotherTabNotice);
    throw redirect("/payFinish");
  }
  shop.session.set("timer", claimed);
}

/** A tab said it is going away: if it was the buying tab, another may take over at once. */
export function tabLeft(shop: Shop, tabId: number | null): void {
  if (tabId === null) return;
  const timer = timerOf(shop);
  const left = leaveBuyingTab(timer, tabId);
  if (left !== timer) shop.session.set("timer", left);
}

/** A hold started or joined the process: INICIADO with the API's deadline (REUSA or NUEVO). */
export function timerStarted(
  shop: Shop,
  process: Pick<PurchaseProcess, "idProcesoDeCompra" | "ctProcess" | "dMaxima">,
  performanceId: number | null = null,
  now = new Date(),
): void {
  const timer = startTimer(timerOf(shop), {
    processId: process.idProcesoDeCompra,
    type: process.ctProcess,
    performanceId,
    now,
    deadline: process.dMaxima,
  });
  shop.session.set("timer", timer);
}

/**
 * The purchase ended: its time ran out (FINISHED, naming its process) or it was paid,
 * cancelled or emptied (RESET); either way the buying tab is let go.
 */
export function timerEnded(shop: Shop, origin: TimerOrigin | null): void {
  const timer = timerOf(shop);
  if (origin && isExpiry(origin)) {
    const finished = finishTimer(timer, origin);
    shop.session.set("timer", { ...finished, nTabIdPrincipal: null, dUpdateTabIdPrincipal: null });
    return;
  }
  shop.session.set("timer", origin ? cancelTimer(timer, origin) : resetTimer());
}
