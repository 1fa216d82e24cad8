// Paying the checkout with a saved card (issue 32), through the route's action against the
// embedded API and Bancard's stand-in: a declined card's reason is said on the form, and an
// alias that is not the buyer's is refused on the saved cards' choice, in words.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formPost, runRoute } from "~/testing/route-harness";
import { setUpHeldPurchase } from "~/testing/shop-buyer";
import {
  type HostedTestProviders,
  withHostedProviders,
} from "../../../commerce/testing/hosted-harness.ts";
import { action } from "./route";
import { savedCardField } from "./saved-card-fields";

const held = setUpHeldPurchase();
let hosted: HostedTestProviders;
beforeEach(async () => {
  hosted = await withHostedProviders(held.api.t);
});
afterEach(() => hosted.stop());

/** A card registered for the buyer on Bancard's page; its alias. */
async function savedCard(number: string) {
  const { t } = held.api;
  const opened = await t.call("/card/BancardiFrame2", {
    token: held.buyer.token,
    body: { cUrlRetorno: "http://127.0.0.1:4200/myCards" },
  });
  const page = new URL(opened.json.oData.cUrlPagina);
  await fetch(new URL(`${page.pathname}/save`, page), {
    method: "POST",
    body: new URLSearchParams({
      process_id: page.searchParams.get("process_id") ?? "",
      number,
      expiry: "12/39",
      cvv: "123",
    }),
    redirect: "manual",
  });
  const listed = await t.call("/card/Bancard", { token: held.buyer.token });
  return listed.json.oData.Lista[0].cAliasToken as string;
}

const pay = (alias: string) =>
  runRoute(
    action,
    formPost(
      `/BuyTicket/${held.processId}`,
      {
        intent: "pay",
        idEntregaTipo: "1",
        nFormaDePago: "1",
        lAceptaTerminos: "on",
        cClaveIdempotencia: `saved-${held.processId}-${alias.slice(0, 6)}`,
        [savedCardField]: alias,
        nCuotasTarjetaGuardada: "1",
      },
      held.cookie,
    ),
    { idProcesoDeCompra: String(held.processId) },
  );

describe("the checkout with a saved card", () => {
  it("pays an approved one to the success page", async () => {
    const { thrown, result } = await pay(await savedCard("4242424242424242"));
    const response = (thrown ?? result) as Response;
    expect(response.headers.get("Location")).toBe(`/BuyTicket/ok/${held.processId}`);
  });

  it("says a declined one's reason on the form", async () => {
    const { result } = await pay(await savedCard("4000000000000002"));
    const answer = result as unknown as { init: { status: number }; data: { error: unknown } };
    expect(answer.init.status).toBe(402);
    expect(JSON.stringify(answer.data.error)).toMatch(/insufficient funds/i);
  });

  it("refuses an alias that is not the buyer's, in words on the choice", async () => {
    const { result } = await pay("someone-elses-alias");
    const answer = result as unknown as { init: { status: number }; data: { error: unknown } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.error).toMatchObject({
      [savedCardField]: [expect.stringMatching(/not one of yours/)],
    });
  });
});
