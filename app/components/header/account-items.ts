// The account menu's links (§2 header, §4 header states). In BOX mode (box office) only
// Bookings of the personal pages remains; with the city's external login, the password and
// personal data live with the identity provider and Alias shows only when the user has one.
// Door staff also find the door check (decision 0042), whatever the mode.
import type { Brand } from "~/config/brand";

export const accountItemKeys = [
  "orders",
  "bookings",
  "myData",
  "alias",
  "cards",
  "phone",
  "address",
  "changePassword",
  "door",
] as const;
export type AccountItemKey = (typeof accountItemKeys)[number];

export const accountHrefs: Record<AccountItemKey, string> = {
  orders: "/myOrders",
  bookings: "/myBookings",
  myData: "/myData",
  alias: "/myAlias",
  cards: "/myCards",
  phone: "/myPhone",
  address: "/myAddress",
  changePassword: "/changePassword",
  door: "/door",
};

const hiddenInBox = new Set<AccountItemKey>([
  "orders",
  "myData",
  "cards",
  "phone",
  "address",
  "changePassword",
]);

export type AccountContext = {
  processType?: "CART" | "BOX";
  loginSystem: Brand["flags"]["loginSystem"];
  hasAlias: boolean;
  /** The DOOR_STAFF role: the door check is offered. */
  doorStaff?: boolean;
  /** External login: the provider's account page, with the back URL already in it. */
  externalAccountUrl?: string;
};

/**
 * external: another site's page. document: entered by a document load, for its own content
 * security policy (My cards frames Bancard's form, decision 0078).
 */
export type AccountItem = { key: AccountItemKey; href: string; external?: true; document?: true };

export function accountItems(context: AccountContext): AccountItem[] {
  return accountItemKeys
    .filter((key) => key !== "door" || context.doorStaff === true)
    .filter((key) => !(context.processType === "BOX" && hiddenInBox.has(key)))
    .filter((key) => {
      if (context.loginSystem !== "external") return true;
      if (key === "changePassword") return false;
      if (key === "myData") return context.externalAccountUrl !== undefined;
      return key !== "alias" || context.hasAlias;
    })
    .map((key): AccountItem => {
      if (context.loginSystem === "external" && key === "myData" && context.externalAccountUrl) {
        return { key, href: context.externalAccountUrl, external: true };
      }
      // The box office's bookings are the counter's (/myBookingsBox).
      if (key === "bookings" && context.processType === "BOX") {
        return { key, href: "/myBookingsBox" };
      }
      if (key === "cards") return { key, href: accountHrefs[key], document: true };
      return { key, href: accountHrefs[key] };
    });
}

/** The provider's account page with the address to come back to (its `back` parameter). */
export function withBackUrl(accountUrl: string, back: string): string {
  const url = new URL(accountUrl);
  url.searchParams.set("back", back);
  return url.href;
}
