// How a saved card is named to the buyer (My cards, the checkout): brand, last four, expiry.
// Never the alias token, which only the forms carry.
import type { TFunction } from "i18next";

export type SavedCardLook = { brand: string; lastFour: string; expiry: string };

export function savedCardLabel(t: TFunction, card: SavedCardLook): string {
  return t("account:cards.card", { brand: card.brand, lastFour: card.lastFour });
}

export function savedCardExpiry(t: TFunction, card: SavedCardLook): string {
  return t("account:cards.expires", { expiry: card.expiry });
}
