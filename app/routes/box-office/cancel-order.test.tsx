// Cancelling a counter sale from /myBookingsBox against the embedded API: the list offers it
// for each sale, ?anular={id} asks for a confirmation (a dialog that is a page section without
// JavaScript), the confirmation's post cancels it once and returns to the list with a notice;
// the cancelled sale then shows its bill and its credit note. Only clerks, only their sales.
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { TranslatorContext } from "~/lib/i18n";
import { translatorFor } from "~/services/i18n.server";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { type Buyer, createBuyer, holdPlaces } from "~/testing/shop-buyer";
import * as counterSales from "./counter-sales";

const api = setUpRouteTests();
let clerk: Buyer;
let orderId: number;

beforeEach(async () => {
  clerk = await createBuyer(api.db, api.t.clock, "clerk", { boxClerk: true });
  const processId = await holdPlaces(api.t, clerk, {
    idFuncion: api.fx.performances.main.id,
    listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 2 }],
    ctProcess: "BOX",
  });
  const sold = await api.t.call(`/Proceso/${processId}/CobrarBoleteria`, {
    token: clerk.token,
    body: {
      cClaveIdempotencia: `route-cancel-${processId}`,
      cMedioDePago: "EFECTIVO",
      oComprador: { cNombre: "Marta Gómez" },
    },
  });
  orderId = sold.json.oData.idPedido;
});

const listPage = async (query = "") =>
  runRoute(counterSales.loader, pageGet(`/myBookingsBox${query}`, await clerk.cookie()));

/** The list as the server renders it, in English, with the loader's data. */
function render(loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/myBookingsBox",
      Component: counterSales.default as unknown as React.ComponentType,
    },
  ]);
  return renderToStaticMarkup(
    <TranslatorContext value={translatorFor("en")}>
      <Stub
        initialEntries={["/myBookingsBox"]}
        hydrationData={{ loaderData: { "0": loaderData } }}
      />
    </TranslatorContext>,
  );
}

describe("cancelling a counter sale", () => {
  it("asks first, then cancels once and shows the credit note beside the bill", async () => {
    const listed = await listPage();
    expect(listed.result?.cancelling).toBeNull();
    const list = render(listed.result);
    expect(list).toContain(`href="/myBookingsBox?anular=${orderId}"`);
    expect(list).toContain(`href="/myOrders/${orderId}/bill.pdf"`);
    expect(list).not.toContain("credit-note.pdf");
    expect(list).not.toContain("<dialog");

    const asking = await listPage(`?anular=${orderId}`);
    expect(asking.result?.cancelling?.idPedido).toBe(orderId);
    const dialog = render(asking.result);
    expect(dialog).toContain('aria-labelledby="cancel-title"');
    expect(dialog).toContain(`Cancel order no. ${orderId}?`);
    expect(dialog).toContain("Hand $\u00a011.000 in cash back to the buyer.");
    expect(dialog).toMatch(/<form [^>]*action="\/myBookingsBox" method="post">/);
    expect(dialog).toMatch(/<button type="submit" value="cancel"[^>]*name="intent">/);
    expect(dialog).toContain(`name="idPedido" value="${orderId}"`);
    expect(dialog).toMatch(/<a [^>]*data-dialog-default="true" href="\/myBookingsBox"/);

    const post = async () =>
      runRoute(
        counterSales.action,
        formPost(
          "/myBookingsBox",
          { intent: "cancel", idPedido: String(orderId) },
          await clerk.cookie(),
        ),
      );
    const done = await post();
    const response = done.result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/myBookingsBox");
    const session = await sessionStorage.getSession(done.setCookie?.split(";")[0]);
    expect(session.get("notice")).toBe("checkout:boxOffice.cancelDone");
    // Submitted again (a reload of the confirmation, a double click): the same cancellation.
    expect(((await post()).result as Response).status).toBe(302);

    const after = await listPage(`?anular=${orderId}`);
    expect(after.result?.cancelling).toBeNull();
    const [sale] = after.result?.sales ?? [];
    expect(sale.cEstado).toBe("CANCELLED");
    expect(sale.listaComprobantes.map((receipt) => receipt.cTipo)).toEqual([
      "FACTURA",
      "NOTA_DE_CREDITO",
    ]);
    const cancelled = render(after.result);
    expect(cancelled).toContain(`href="/myOrders/${orderId}/credit-note.pdf"`);
    expect(cancelled).toContain("Cancelled");
    expect(cancelled).not.toContain("?anular=");
    expect(cancelled).not.toContain("eticket.pdf");
  });

  it("answers an order that is not the clerk's with its reason, changing nothing", async () => {
    const failed = await runRoute(
      counterSales.action,
      formPost("/myBookingsBox", { intent: "cancel", idPedido: "999999" }, await clerk.cookie()),
    );
    const answer = failed.result as { init: ResponseInit; data: { failure: string } };
    expect(answer.init.status).toBe(404);
    const bad = await runRoute(
      counterSales.action,
      formPost("/myBookingsBox", { intent: "cancel", idPedido: "x" }, await clerk.cookie()),
    );
    expect((bad.result as { init: ResponseInit }).init.status).toBe(400);
    expect((await listPage()).result?.sales[0].cEstado).toBe("PAID");
  });

  it("is the box office's only: a customer gets a 403 page", async () => {
    const ana = await createBuyer(api.db, api.t.clock, "ana");
    const refused = await runRoute(
      counterSales.action,
      formPost(
        "/myBookingsBox",
        { intent: "cancel", idPedido: String(orderId) },
        await ana.cookie(),
      ),
    );
    expect((refused.thrown as { init: ResponseInit }).init.status).toBe(403);
    expect((await listPage()).result?.sales[0].cEstado).toBe("PAID");
  });
});
