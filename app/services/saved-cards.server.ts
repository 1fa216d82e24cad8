// The buyer's cards Bancard keeps (card/Bancard, card/BancardiFrame2,
// card/Bancard/borrar/{alias_token}), for My cards and the checkout. The alias token pays with
// a card and deletes it: it travels in POST bodies only, never in a URL or a log of the shop.
import { endpoints } from "@contract";
import { bancardScriptPath } from "./bancard-form.server";
import type { RequestContext } from "./request-context.server";
import { shopOrigin } from "./shop-origin.server";

export type SavedCard = {
  aliasToken: string;
  brand: string;
  /** The last four digits of Bancard's masked number. */
  lastFour: string;
  maskedNumber: string;
  /** MM/YY. */
  expiry: string;
  kind: "CREDIT" | "DEBIT";
};

export const myCardsPath = "/myCards";

/** The cards, or the API's (translated) message when Bancard could not be asked. */
export async function savedCardsOf(
  shop: RequestContext,
): Promise<{ cards: SavedCard[]; error: string | null }> {
  const result = await shop.commerce.call(endpoints.savedCards);
  if (!result.ok) return { cards: [], error: result.message };
  return {
    cards: result.data.Lista.map((card) => ({
      aliasToken: card.cAliasToken,
      brand: card.cMarca,
      lastFour: card.cNumeroEnmascarado.slice(-4),
      maskedNumber: card.cNumeroEnmascarado,
      expiry: card.cVencimiento,
      kind: card.cTipo,
    })),
    error: null,
  };
}

/**
 * Opens Bancard's card registration: the process its script frames (JavaScript on) and its
 * full page (off). Bancard sends the buyer back to My cards with the outcome in `status`.
 * The script is where the framed form is: wherever the API's Bancard (or stand-in) is.
 */
export async function openCardRegistration(shop: RequestContext, request: Request) {
  const result = await shop.commerce.call(endpoints.registerCard, {
    body: { cUrlRetorno: `${shopOrigin(request)}${myCardsPath}` },
  });
  if (!result.ok) return { error: result.message } as const;
  const framed = new URL(result.data.cUrlFormulario);
  return {
    processId: framed.searchParams.get("process_id") ?? "",
    pageUrl: result.data.cUrlPagina,
    scriptUrl: `${framed.origin}${bancardScriptPath}`,
  } as const;
}

/** Deletes one of the buyer's cards: null when done, else the API's message. */
export async function deleteCard(shop: RequestContext, aliasToken: string) {
  const result = await shop.commerce.call(endpoints.deleteCard, {
    params: { alias_token: aliasToken },
  });
  if (result.ok) return null;
  return result.code === "NOT_FOUND" ? "gone" : result.message;
}

/** Bancard's return (its `status`): the notice to show, or null for anything else. */
export function registrationNotice(status: string | null): string | null {
  if (status === "add_new_card_success") return "account:cards.added";
  if (status === "add_new_card_fail") return "account:cards.notAdded";
  return null;
}
