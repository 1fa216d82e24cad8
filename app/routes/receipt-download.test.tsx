// /myOrders/{id}/bill.pdf and /myOrders/{id}/credit-note.pdf: the buyer's own order's bill is
// a PDF; a receipt the order does not have, someone else's order, a malformed id or file name,
// or an API out of reach lead back to My orders with a one-time notice, as the e-ticket does.
// My orders lists each receipt with its CAE and a link to its PDF.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { TranslatorContext } from "~/lib/i18n";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import { translatorFor } from "~/services/i18n.server";
import { sessionStorage } from "~/services/session.server";
import { pageGet, runRoute } from "~/testing/route-harness";
import { type Buyer, setUpPaidOrder } from "~/testing/shop-buyer";
import { requestCaes } from "../../commerce/invoicing/issuer.ts";
import * as myOrders from "./my-orders";
import { loader } from "./receipt-download";

const paid = setUpPaidOrder(1);
let ana: Buyer;
let bob: Buyer;
let anasOrder: number;
beforeEach(() => {
  ({ ana, bob, order: anasOrder } = paid);
});

const download = async (buyer: Buyer, id: string, file: string) =>
  runRoute(loader, pageGet(`/myOrders/${id}/${file}`, await buyer.cookie()), {
    idPedido: id,
    receiptFile: file,
  });

async function expectBackToOrders(outcome: Awaited<ReturnType<typeof download>>, notice: string) {
  const response = outcome.thrown as Response;
  expect(response).toBeInstanceOf(Response);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/myOrders");
  const session = await sessionStorage.getSession(outcome.setCookie?.split(";")[0]);
  expect(session.get("notice")).toBe(notice);
}

describe("bill and credit note downloads", () => {
  it("gives the buyer their own order's bill as a PDF", async () => {
    const { result } = await download(ana, String(anasOrder), "bill.pdf");
    const response = result as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="factura-${anasOrder}.pdf"`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("has no credit note for an order that was not cancelled", async () => {
    await expectBackToOrders(
      await download(ana, String(anasOrder), "credit-note.pdf"),
      "layout:notices.receiptNotFound",
    );
  });

  it("treats someone else's order, a malformed id or file name like a missing one", async () => {
    await expectBackToOrders(
      await download(bob, String(anasOrder), "bill.pdf"),
      "layout:notices.receiptNotFound",
    );
    await expectBackToOrders(
      await download(ana, "1e3", "bill.pdf"),
      "layout:notices.receiptNotFound",
    );
    for (const file of ["invoice.pdf", "toString", "__proto__"]) {
      await expectBackToOrders(
        await download(ana, String(anasOrder), file),
        "layout:notices.receiptNotFound",
      );
    }
  });

  it("says so when the API cannot be reached", async () => {
    const cookie = await ana.cookie();
    registerEmbeddedCommerce(async () => {
      throw new TypeError("fetch failed");
    });
    const outcome = await runRoute(loader, pageGet(`/myOrders/${anasOrder}/bill.pdf`, cookie), {
      idPedido: String(anasOrder),
      receiptFile: "bill.pdf",
    });
    await expectBackToOrders(outcome, "layout:notices.receiptUnavailable");
  });
});

describe("My orders", () => {
  it("lists the order's bill with its number, CAE and a link to its PDF", async () => {
    // The CAE asked for after the sale, once that request has been answered.
    await requestCaes(paid.api.t.deps);
    const { result } = await runRoute(myOrders.loader, pageGet("/myOrders", await ana.cookie()));
    const [order] = result?.orders ?? [];
    const [bill] = order.listaComprobantes;
    expect(bill).toMatchObject({ cTipo: "FACTURA", cNumero: "00003-00000001" });
    const Stub = createRoutesStub([
      { path: "/myOrders", Component: myOrders.default as unknown as React.ComponentType },
    ]);
    const html = renderToStaticMarkup(
      <TranslatorContext value={translatorFor("en")}>
        <Stub initialEntries={["/myOrders"]} hydrationData={{ loaderData: { "0": result } }} />
      </TranslatorContext>,
    );
    expect(html).toContain("Invoices and credit notes");
    expect(html).toContain(`href="/myOrders/${anasOrder}/bill.pdf"`);
    expect(html).toContain("Download Invoice B 00003-00000001 (PDF)");
    expect(bill.cCae).toMatch(/^\d{14}$/);
    expect(html).toContain(`CAE ${bill.cCae}, valid until 3/20/31`);
  });
});
