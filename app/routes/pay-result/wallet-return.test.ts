// Paying with a wallet from the checkout, and the wallets' return routes (/apay/cobro/finalizar,
// /payConfirmTigoMoney), against the embedded API and the sandbox wallet's own page: what the
// buyer's browser would get back. The return address's query proves nothing: the API asks
// the wallet.
import { beforeEach, describe, expect, it } from "vitest";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { createBuyer, holdPlaces, setUpHeldPurchase } from "~/testing/shop-buyer";
import { SandboxWallet } from "../../../commerce/payments/sandbox-wallet/sandbox-wallet.ts";
import { sandboxWalletPages } from "../../../commerce/payments/sandbox-wallet/sandbox-wallet-page.ts";
import type { TestApi } from "../../../commerce/testing/harness.ts";
import { action as checkoutAction } from "../buy-ticket/route";
import { loader as confirmLoader } from "./confirm";
import { loader } from "./wallet-return";

let t: TestApi;
let cookie: string;
let processId: number;

/** "Decide later" waits a minute here (the harness's own wallet decides at once). */
let wallet: SandboxWallet;
const held = setUpHeldPurchase({
  api: (db) => {
    wallet = new SandboxWallet({ db, now: () => new Date(), decisionDelayMs: 60_000 });
    return { wallet };
  },
});
beforeEach(() => {
  ({ t } = held.api);
  ({ processId, cookie } = held);
});

const APAY = "3";
const TIGO_MONEY = "4";

/** The checkout's form paid with a wallet, as posted without JavaScript (card left empty). */
function payWithWallet(method: string, key = `wallet-${processId}-${method}`) {
  return runRoute(
    checkoutAction,
    formPost(
      `/BuyTicket/${processId}`,
      {
        intent: "pay",
        idEntregaTipo: "1",
        nFormaDePago: method,
        nCuotas: "1",
        "oTarjeta.cNumero": "",
        "oTarjeta.cCodigoSeguridad": "",
        lAceptaTerminos: "on",
        cClaveIdempotencia: key,
      },
      cookie,
    ),
    { idProcesoDeCompra: String(processId) },
  );
}

/** The wallet's page the checkout sent the buyer to. */
async function walletPageOf(method: string) {
  const { result } = await payWithWallet(method);
  const response = result as Response;
  expect(response, JSON.stringify(result)).toBeInstanceOf(Response);
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/sandbox\/wallet\/[\w-]{20,}$/);
  return location;
}

/** The payer's choice on the wallet's page; answers where the wallet sends them back. */
async function choose(pageUrl: string, choice: string) {
  const answered = await sandboxWalletPages(wallet).request(pageUrl, {
    method: "POST",
    body: new URLSearchParams({ choice }),
  });
  expect(answered.status).toBe(303);
  return answered.headers.get("Location") ?? "";
}

/** Where the return route sends the browser (a redirect), or its error status (404). */
async function back(url: string, withCookie = cookie) {
  const { pathname, search } = new URL(url);
  const { thrown } = await runRoute(loader, pageGet(pathname + search, withCookie));
  if (thrown instanceof Response) {
    return { status: thrown.status, headers: thrown.headers };
  }
  const refused = thrown as { init?: { status?: number } };
  return { status: refused.init?.status, headers: new Headers() };
}

describe("paying with a wallet", () => {
  it("goes to Apay's page, and back on /apay/cobro/finalizar to the success page", async () => {
    const returnUrl = await choose(await walletPageOf(APAY), "approve");
    expect(returnUrl).toBe(`http://shop.test/apay/cobro/finalizar?idProcesoDeCompra=${processId}`);
    const landed = await back(returnUrl);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("Location")).toBe(`/BuyTicket/ok/${processId}`);
    // Coming back again (a reload) lands on the same order.
    expect((await back(returnUrl)).headers.get("Location")).toBe(`/BuyTicket/ok/${processId}`);
    expect(await wallet.approved()).toHaveLength(1);
  });

  it("goes to Tigo Money's page and back on /payConfirmTigoMoney; cancelled, to the failure page", async () => {
    const returnUrl = await choose(await walletPageOf(TIGO_MONEY), "cancel");
    expect(returnUrl).toBe(`http://shop.test/payConfirmTigoMoney?idProcesoDeCompra=${processId}`);
    const landed = await back(returnUrl);
    expect(landed.headers.get("Location")).toBe(`/payError?idProcesoDeCompra=${processId}`);
    expect(await wallet.approved()).toEqual([]);
  });

  it("left for later, lands on the verification page", async () => {
    const returnUrl = await choose(await walletPageOf(APAY), "later");
    expect((await back(returnUrl)).headers.get("Location")).toBe(
      `/payConfirm?idProcesoDeCompra=${processId}`,
    );
  });

  it("while the wallet's page waits, the verification page names the wallet and links to it", async () => {
    const page = await walletPageOf(APAY);
    const { result } = await runRoute(
      confirmLoader,
      pageGet(`/payConfirm?idProcesoDeCompra=${processId}`, cookie),
    );
    expect(result).toMatchObject({ wallet: expect.stringContaining("Apay"), challengeUrl: page });
  });

  it("trusts no query: unanswered is not paid, and someone else's process is a 404", async () => {
    await walletPageOf(APAY);
    const forged = `http://shop.test/apay/cobro/finalizar?idProcesoDeCompra=${processId}&estado=APROBADO`;
    expect((await back(forged)).headers.get("Location")).toBe(
      `/payConfirm?idProcesoDeCompra=${processId}`,
    );
    expect(await wallet.approved()).toEqual([]);

    const bob = await createBuyer(held.api.db, t.clock, "bob");
    const bobsCookie = await bob.cookie();
    expect((await back(forged, bobsCookie)).status).toBe(404);
    const bobsOwn = await holdPlaces(t, bob, {
      idFuncion: held.api.fx.performances.main.id,
      listaSectores: [{ idSector: held.api.fx.sectors.general.id, nCantidad: 1 }],
    });
    // His own process without any payment: nothing to confirm.
    const unpaid = `http://shop.test/payConfirmTigoMoney?idProcesoDeCompra=${bobsOwn}`;
    expect((await back(unpaid, bobsCookie)).status).toBe(404);
    for (const query of ["", "?idProcesoDeCompra=abc", "?idProcesoDeCompra=-1"]) {
      expect((await back(`http://shop.test/apay/cobro/finalizar${query}`)).status).toBe(404);
    }
  });
});
