// My cards through the request context: Bancard's return said once on a plain address, and a
// Bancard that cannot be asked said in the buyer's words instead of a server error.
import { beforeEach, describe, expect, it } from "vitest";
import { noCatalog, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { createBuyer } from "~/testing/shop-buyer";
import type { SavedCardProvider } from "../../../commerce/payments/hosted-provider.ts";
import type { TestApi } from "../../../commerce/testing/harness.ts";
import { loader } from "./route";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

const failing = (): SavedCardProvider => {
  const down = () => Promise.reject(new Error("Bancard is down"));
  return { registerCard: down, cardsOf: down, chargeSaved: down, deleteCard: down };
};

describe("/myCards", () => {
  it("says when Bancard cannot be asked, translated, instead of failing", async () => {
    const buyer = await createBuyer(api.db, t.clock, "ana");
    t.deps.savedCards = failing();
    try {
      const { result, thrown } = await runRoute(loader, pageGet("/myCards", await buyer.cookie()));
      expect(thrown).toBeUndefined();
      expect(result?.cards).toEqual([]);
      expect(result?.error).toMatch(/payment/i);
    } finally {
      t.deps.savedCards = undefined;
    }
  });

  it("takes Bancard's return once and goes back to the plain address", async () => {
    const buyer = await createBuyer(api.db, t.clock, "ana");
    const back = pageGet("/myCards?status=add_new_card_success", await buyer.cookie());
    const { thrown } = await runRoute(loader, back);
    expect((thrown as Response).headers.get("Location")).toBe("/myCards");
  });
});
