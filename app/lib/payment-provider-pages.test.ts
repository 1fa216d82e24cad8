import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { paymentProviderPage, paymentProvidersOf } from "./payment-provider-pages";

/** A render's matches (root first) and the modules' handles. */
function rendered(handles: Record<string, unknown>) {
  const ids = Object.keys(handles);
  return {
    staticHandlerContext: { matches: ids.map((id) => ({ route: { id } })) },
    routeModules: Object.fromEntries(ids.map((id) => [id, { handle: handles[id] }])),
  } as unknown as Pick<EntryContext, "routeModules" | "staticHandlerContext">;
}

describe("paymentProvidersOf", () => {
  it("reads the page's own handle", () => {
    const page = rendered({ root: undefined, BuyTicket: paymentProviderPage("bancard", "paypal") });
    expect(paymentProvidersOf(page)).toEqual(["bancard", "paypal"]);
  });

  it("ignores a parent's flag: it would widen every page below it", () => {
    expect(
      paymentProvidersOf(rendered({ root: paymentProviderPage("bancard"), home: {} })),
    ).toEqual([]);
  });

  it("keeps only the providers it knows, from a handle of any shape", () => {
    expect(
      paymentProvidersOf(rendered({ page: { paymentProviders: ["paypal", "https://evil.test"] } })),
    ).toEqual(["paypal"]);
    for (const handle of [undefined, null, "bancard", { paymentProviders: "bancard" }]) {
      expect(paymentProvidersOf(rendered({ page: handle }))).toEqual([]);
    }
    expect(paymentProvidersOf(rendered({}))).toEqual([]);
  });
});
