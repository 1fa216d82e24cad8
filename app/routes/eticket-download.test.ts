// /myOrders/{id}/eticket.pdf: the buyer's own order is a PDF; any other id (missing,
// someone else's, malformed) or an API that cannot be reached leads back to My orders with
// a one-time notice in the buyer's language: a page, never the API's JSON.
import { beforeEach, describe, expect, it } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import { sessionStorage } from "~/services/session.server";
import { pageGet, runRoute } from "~/testing/route-harness";
import { type Buyer, setUpPaidOrder } from "~/testing/shop-buyer";
import { loader } from "./eticket-download";

const paid = setUpPaidOrder(1);
let ana: Buyer;
let bob: Buyer;
let anasOrder: number;
beforeEach(() => {
  ({ ana, bob, order: anasOrder } = paid);
});

const download = async (buyer: Buyer, id: string) =>
  runRoute(loader, pageGet(`/myOrders/${id}/eticket.pdf`, await buyer.cookie()), {
    idPedido: id,
  });

async function expectBackToOrders(outcome: Awaited<ReturnType<typeof download>>, notice: string) {
  const response = outcome.thrown as Response;
  expect(response).toBeInstanceOf(Response);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/myOrders");
  const session = await sessionStorage.getSession(outcome.setCookie?.split(";")[0]);
  expect(session.get("notice")).toBe(notice);
}

describe("e-ticket download", () => {
  it("gives the buyer their own order's PDF", async () => {
    const { result } = await download(ana, String(anasOrder));
    const response = result as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("sends a missing order back to My orders with a notice", async () => {
    await expectBackToOrders(await download(ana, "999"), "layout:notices.eticketNotFound");
  });

  it("treats someone else's order like a missing one", async () => {
    await expectBackToOrders(
      await download(bob, String(anasOrder)),
      "layout:notices.eticketNotFound",
    );
  });

  it("treats a malformed id like a missing one", async () => {
    await expectBackToOrders(await download(ana, "1e3"), "layout:notices.eticketNotFound");
  });

  it("says so when the API cannot be reached", async () => {
    const cookie = await ana.cookie();
    registerEmbeddedCommerce(async () => {
      throw new TypeError("fetch failed");
    });
    const outcome = await runRoute(loader, pageGet(`/myOrders/${anasOrder}/eticket.pdf`, cookie), {
      idPedido: String(anasOrder),
    });
    await expectBackToOrders(outcome, "layout:notices.eticketUnavailable");
  });
});
