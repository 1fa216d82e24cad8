// Paying a new card on Bancard's card form from the checkout, against the embedded API and
// Bancard's stand-in on its own port: the pay opens the form (framed with JavaScript, Bancard's
// page without), and /bancard/finish/{id} asks the API what came of it. No card field is sent
// to the shop: the card is typed on the stand-in's page.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { setUpHeldPurchase } from "~/testing/shop-buyer";
import {
  type HostedTestProviders,
  withHostedProviders,
} from "../../../commerce/testing/hosted-harness.ts";
import { loader as bankReturn } from "../pay-result/bank-return";
import { loader as confirmLoader } from "../pay-result/confirm";
import { action, loader } from "./route";

const held = setUpHeldPurchase();
let providers: HostedTestProviders;
let bancardOrigin: string;
beforeEach(async () => {
  providers = await withHostedProviders(held.api.t);
  bancardOrigin = new URL(providers.bancard.checkoutScriptUrl).origin;
});
afterEach(async () => {
  await providers.stop();
});

const CARD_METHOD = "1";

/** The checkout's pay, as its form posts it (no card field: the card goes on Bancard's form). */
function pay(extra: Record<string, string> = {}, cookie = held.cookie) {
  return runRoute(
    action,
    formPost(
      `/BuyTicket/${held.processId}`,
      {
        intent: "pay",
        idEntregaTipo: "1",
        nFormaDePago: CARD_METHOD,
        lAceptaTerminos: "on",
        cClaveIdempotencia: `checkout-${held.processId}-${Object.keys(extra).join()}`,
        ...extra,
      },
      cookie,
    ),
    { idProcesoDeCompra: String(held.processId) },
  );
}

function redirectOf(outcome: { result?: unknown; thrown?: unknown }) {
  const response = (outcome.result ?? outcome.thrown) as Response;
  expect(response, JSON.stringify(outcome.result)).toBeInstanceOf(Response);
  return response;
}

/** The card typed on the stand-in's form: where Bancard sends the buyer's window back. */
async function payOnBancard(pageUrl: string, number: string) {
  const processId = new URL(pageUrl).searchParams.get("process_id") ?? "";
  const answered = await fetch(`${bancardOrigin}/checkout/new/pay`, {
    method: "POST",
    body: new URLSearchParams({
      process_id: processId,
      number,
      expiry: "12/40",
      cvv: "123",
      installments: "1",
    }),
    redirect: "manual",
  });
  expect(answered.status).toBe(303);
  return answered.headers.get("Location") ?? "";
}

async function back(url: string) {
  const { pathname, search } = new URL(url);
  const { thrown } = await runRoute(bankReturn, pageGet(pathname + search, held.cookie), {
    idProcesoDeCompra: String(held.processId),
  });
  return (thrown as Response).headers.get("Location");
}

describe("paying on Bancard's card form", () => {
  it("without JavaScript goes to Bancard's page, and back approved to the success page", async () => {
    const response = redirectOf(await pay());
    const page = response.headers.get("Location") ?? "";
    expect(page.startsWith(`${bancardOrigin}/payment/single_buy?process_id=`)).toBe(true);
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    const returned = await payOnBancard(page, "4242424242424242");
    expect(returned).toBe(
      `http://shop.test/bancard/finish/${held.processId}?status=payment_success&description=Transacci%C3%B3n+aprobada`,
    );
    expect(await back(returned)).toBe(`/BuyTicket/ok/${held.processId}`);
  });

  it("with JavaScript loads the checkout again as a document, framing the form once", async () => {
    const paid = await pay({ lConScript: "1" });
    const response = redirectOf(paid);
    expect(response.headers.get("Location")).toBe(`/BuyTicket/${held.processId}`);
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    const cookie = (paid.setCookie ?? "").split(";")[0];
    const shown = await runRoute(loader, pageGet(`/BuyTicket/${held.processId}`, cookie), {
      idProcesoDeCompra: String(held.processId),
    });
    expect(shown.result?.cardForm).toEqual({
      processId: expect.stringMatching(/.{8,}/),
      scriptUrl: `${bancardOrigin}/checkout/javascript/dist/bancard-checkout-4.0.0.js`,
    });
  });

  it("back before Bancard confirmed: the verification page verifies, it does not send back", async () => {
    redirectOf(await pay());
    const finish = `http://shop.test/bancard/finish/${held.processId}`;
    const verifying = `/payConfirm?idProcesoDeCompra=${held.processId}&vuelta=1`;
    expect(await back(finish)).toBe(verifying);
    const { result } = await runRoute(confirmLoader, pageGet(verifying, held.cookie));
    expect(result).toMatchObject({ challengeUrl: null, back: true, attempt: 0 });
  });

  it("back saying it failed without a decision: to the checkout, places held, with a notice", async () => {
    redirectOf(await pay());
    const failed = `http://shop.test/bancard/finish/${held.processId}?status=payment_fail`;
    expect(await back(failed)).toBe(`/BuyTicket/${held.processId}?formulario=cancelado`);
    const { result } = await runRoute(
      loader,
      pageGet(`/BuyTicket/${held.processId}?formulario=cancelado`, held.cookie),
      { idProcesoDeCompra: String(held.processId) },
    );
    expect(result).toMatchObject({ cardFormLeft: true, cardForm: null });
    expect(result?.process.cEstado).toBe("ACTIVE");
  });

  it("declined on the form: to the failure page, which says why", async () => {
    const page = redirectOf(await pay()).headers.get("Location") ?? "";
    const returned = await payOnBancard(page, "4000000000000002");
    expect(returned).toContain("status=payment_fail");
    expect(await back(returned)).toBe(`/payError?idProcesoDeCompra=${held.processId}`);
  });
});
