// Paying with PayPal from the checkout, and its return route (/paypal/finish/{id}), against
// the embedded API and PayPal's stand-in on its own origin: what the buyer's browser would get
// back. PayPal's `token` on the way back proves nothing, is not read, and is never logged.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { createBuyer, setUpHeldPurchase } from "~/testing/shop-buyer";
import type { TestApi } from "../../../commerce/testing/harness.ts";
import {
  type HostedTestProviders,
  withHostedProviders,
} from "../../../commerce/testing/hosted-harness.ts";
import { captureOutput } from "../../../commerce/testing/logs.ts";
import { action as checkoutAction, loader as checkoutLoader } from "../buy-ticket/route";
import { action as payChangeAction } from "../pay-change/route";
import { loader } from "./paypal-return";

let t: TestApi;
let cookie: string;
let processId: number;
let hosted: HostedTestProviders;
const held = setUpHeldPurchase();
beforeEach(async () => {
  ({ t } = held.api);
  ({ processId, cookie } = held);
  hosted = await withHostedProviders(t);
});
afterEach(() => hosted.stop());

const PAYPAL = "5";

/** The checkout's form paid with PayPal, as posted without JavaScript (card left empty). */
async function payWithPayPal() {
  const { result } = await runRoute(
    checkoutAction,
    formPost(
      `/BuyTicket/${processId}`,
      {
        intent: "pay",
        idEntregaTipo: "1",
        nFormaDePago: PAYPAL,
        nCuotas: "1",
        "oTarjeta.cNumero": "",
        "oTarjeta.cCodigoSeguridad": "",
        lAceptaTerminos: "on",
        cClaveIdempotencia: `paypal-${processId}`,
      },
      cookie,
    ),
    { idProcesoDeCompra: String(processId) },
  );
  const response = result as Response;
  expect(response, JSON.stringify(result)).toBeInstanceOf(Response);
  expect(response.status).toBe(302);
  // Another origin: a document load, also when the form was sent by script.
  expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(
    new RegExp(`^${hosted.payPal.origins.formAction[0]}/checkoutnow\\?token=`),
  );
  return location;
}

/** The buyer on PayPal's page: a test buyer approves, or cancels. Where PayPal sends them. */
async function onPayPalPage(approvalUrl: string, choice: string) {
  const body: Record<string, string> =
    choice === "cancel" ? { action: "cancel" } : { buyer: choice, action: "approve" };
  const answer = await fetch(approvalUrl, {
    method: "POST",
    body: new URLSearchParams(body),
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
  return answer.headers.get("location") ?? "";
}

/** Where the return route sends the browser (a redirect), or its error status (404). */
async function landing(url: string, withCookie = cookie) {
  const { pathname, search } = new URL(url);
  const { thrown } = await runRoute(loader, pageGet(pathname + search, withCookie), {
    idProcesoDeCompra: String(processId),
  });
  if (thrown instanceof Response)
    return { status: thrown.status, to: thrown.headers.get("Location") };
  return { status: (thrown as { init?: { status?: number } }).init?.status, to: null };
}

describe("paying with PayPal", () => {
  it("cancelled on PayPal's page: back on the checkout's own address, places held, same order", async () => {
    const approval = await payWithPayPal();
    const back = await onPayPalPage(approval, "cancel");
    expect(back).toMatch(
      new RegExp(`^http://shop\\.test/BuyTicket/${processId}\\?paypal=cancelado&token=\\w+$`),
    );
    // Told once (a notice) on the checkout's own address: PayPal's token dropped.
    const { thrown, setCookie } = await runRoute(
      checkoutLoader,
      pageGet(new URL(back).pathname + new URL(back).search, cookie),
      { idProcesoDeCompra: String(processId) },
    );
    expect((thrown as Response).headers.get("Location")).toBe(`/BuyTicket/${processId}`);
    expect(setCookie).not.toBeNull();
    const { result } = await runRoute(checkoutLoader, pageGet(`/BuyTicket/${processId}`, cookie), {
      idProcesoDeCompra: String(processId),
    });
    expect(result?.process.cEstado).toBe("ACTIVE");
    // Paying again: PayPal's page for the same order, still waiting for approval.
    expect(await payWithPayPal()).toBe(approval);
  });

  it("approved: the return captures and lands on the success page; PayPal's token is not logged", async () => {
    const output = captureOutput();
    try {
      const back = await onPayPalPage(await payWithPayPal(), "approves");
      const token = new URL(back).searchParams.get("token") ?? "";
      expect(back).toBe(
        `http://shop.test/paypal/finish/${processId}?token=${token}&PayerID=STANDINPAYER01`,
      );
      expect(await landing(back)).toEqual({
        status: 302,
        to: `/BuyTicket/ok/${processId}`,
      });
      // A reload of the return: the same order.
      expect(await landing(back)).toEqual({
        status: 302,
        to: `/BuyTicket/ok/${processId}`,
      });
      expect(output.text()).not.toContain(token);
    } finally {
      output.stop();
    }
  });

  it("declined at the capture: the failure page; another customer's return is a 404", async () => {
    const first = await payWithPayPal();
    const back = await onPayPalPage(first, "declined");
    const bob = await createBuyer(held.api.db, t.clock, "bob");
    expect((await landing(back, await bob.cookie())).status).toBe(404);
    expect(await landing(back)).toEqual({
      status: 302,
      to: `/payError?idProcesoDeCompra=${processId}`,
    });

    // Paid again from the payment change page the failure page offers: a new PayPal order.
    const { result } = await runRoute(
      payChangeAction,
      formPost(
        `/payChange/${processId}`,
        {
          intent: "pay",
          nFormaDePago: PAYPAL,
          nCuotas: "1",
          "oTarjeta.cNumero": "",
          cClaveIdempotencia: `paypal-again-${processId}`,
        },
        cookie,
      ),
      { idProcesoDeCompra: String(processId) },
    );
    const again = (result as Response).headers?.get("Location") ?? JSON.stringify(result);
    expect(again).toMatch(
      new RegExp(`^${hosted.payPal.origins.formAction[0]}/checkoutnow\\?token=`),
    );
    expect(again).not.toBe(first);
  });
});
