// Each browser tab's id for the one-buying-tab rule (spec §4; the server side is
// services/purchase-timer.server.ts). Kept in sessionStorage, which is the tab's own: every
// tab draws its id once. With JavaScript every POST form of the page carries it as `tabId`;
// without JavaScript nothing is sent and the browser counts as one tab.
import { useEffect } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { cardPlansIntent } from "~/lib/card-plans";

const storageKey = "buying-tab-id";

/** This tab's id (1 … 2^31-1), drawn on first use; null where storage is refused. */
export function buyingTabId(): number | null {
  try {
    const kept = Number(sessionStorage.getItem(storageKey));
    if (Number.isInteger(kept) && kept > 0) return kept;
    const drawn = 1 + Math.floor(Math.random() * 2_147_483_646);
    sessionStorage.setItem(storageKey, String(drawn));
    return drawn;
  } catch {
    return null;
  }
}

/** Where a tab going away says so (routes/buying-tab.ts). */
export const leaveTabPath = "/buyingTab";

/**
 * Adds the tab's id to every POST form as it is submitted (before React Router reads the
 * form: this listener captures, the router's handler bubbles). While a purchase runs, a tab
 * that goes away (closed, reloaded, left for another site) says so, so that a tab opened next
 * is not taken for a second one still buying.
 */
export function useBuyingTabField(purchaseRunning: boolean) {
  useEffect(() => {
    if (!purchaseRunning) return;
    const tabId = buyingTabId();
    if (tabId === null) return;
    // A beacon outlives the page; a reloaded or restored tab claims again with its same id.
    const leave = () =>
      navigator.sendBeacon(leaveTabPath, new URLSearchParams({ tabId: String(tabId) }));
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, [purchaseRunning]);
  useEffect(() => {
    const tabId = buyingTabId();
    if (tabId === null) return;
    const addTabId = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
      if (form.elements.namedItem("tabId")) return;
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = "tabId";
      field.value = String(tabId);
      form.append(field);
    };
    document.addEventListener("submit", addTabId, true);
    return () => document.removeEventListener("submit", addTabId, true);
  }, []);
}

/** The intent of the checkout's claim: nothing on the page changes, nothing is read again. */
export const claimTabIntent = "claimTab";

/**
 * For routes' shouldRevalidate: a granted claim changes no page data. A refused one redirects
 * to payFinish, whose notice the layout must read.
 */
export function isGrantedTabClaim(formData: FormData | undefined, actionResult: unknown): boolean {
  const granted = (actionResult as { claimed?: unknown } | undefined)?.claimed === true;
  return formData?.get("intent") === claimTabIntent && granted;
}

/** shouldRevalidate of the routes on screen while the checkout claims its tab (or reads). */
export function revalidateUnlessTabClaim({
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Looking up a card's plans reads; nothing on the page changed.
  if (formData?.get("intent") === cardPlansIntent) return false;
  return !isGrantedTabClaim(formData, actionResult) && defaultShouldRevalidate;
}
