// The box office's pages against the embedded API: a clerk sells a BOX process to a walk-in
// buyer in cash, the sale is printed and listed; a customer who is not a clerk is refused
// on every box-office page; leaving the pages of a sale lets it go (§4, BOX mode).
import { beforeEach, describe, expect, it } from "vitest";
import * as root from "~/root";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { type Buyer, createBuyer, holdPlaces } from "~/testing/shop-buyer";
import * as counterSales from "./counter-sales";
import * as sale from "./sale";
import * as saleDone from "./sale-done";

const api = setUpRouteTests();
let clerk: Buyer;
let customer: Buyer;
let processId: number;
let clerkCookie: string;

beforeEach(async () => {
  clerk = await createBuyer(api.db, api.t.clock, "clerk", { boxClerk: true });
  customer = await createBuyer(api.db, api.t.clock, "ana");
  processId = await holdPlaces(api.t, clerk, {
    idFuncion: api.fx.performances.main.id,
    listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 2 }],
    ctProcess: "BOX",
  });
  clerkCookie = await clerk.cookie({ processId });
});

const salePath = () =>
  `/BuyTicketBox?idProcesoDeCompra=${processId}&idFuncion=${api.fx.performances.main.id}`;
const statusOf = (outcome: { result?: unknown; thrown?: unknown }) =>
  ((outcome.thrown ?? outcome.result) as { status?: number; init?: ResponseInit }).status ??
  ((outcome.thrown ?? outcome.result) as { init: ResponseInit }).init?.status;
const locationOf = (outcome: { result?: unknown; thrown?: unknown }) =>
  ((outcome.thrown ?? outcome.result) as Response).headers.get("Location");
const processView = async () =>
  (await api.t.call(`/Proceso/${processId}`, { token: clerk.token })).json.oData;

describe("a counter sale", () => {
  it("shows the BOX process and sells it for cash to a walk-in buyer, printed at once", async () => {
    const page = await runRoute(sale.loader, pageGet(salePath(), clerkCookie));
    expect(page.result?.process).toMatchObject({ idProcesoDeCompra: processId, ctProcess: "BOX" });

    const sold = await runRoute(
      sale.action,
      formPost(
        salePath(),
        {
          intent: "sell",
          cClaveIdempotencia: "route-counter-cash-1",
          cMedioDePago: "EFECTIVO",
          "oComprador.cNombre": "Marta Gómez",
          "oComprador.cEmail": "",
        },
        clerkCookie,
      ),
    );
    const done = locationOf(sold) ?? "";
    expect(done).toMatch(/^\/BuyTicketBox\/ok\/\d+$/);
    const afterSale = await sessionStorage.getSession(sold.setCookie?.split(";")[0]);
    expect(afterSale.get("processId")).toBeUndefined();
    expect(afterSale.get("timer")?.cEstado).toBe("RESET");
    const orderId = done.split("/").pop() as string;
    expect((await processView()).cEstado).toBe("PAID");

    const receipt = await runRoute(saleDone.loader, pageGet(done, clerkCookie), {
      idPedido: orderId,
    });
    expect(receipt.result?.sale).toMatchObject({ cComprador: "Marta Gómez", cMedioDePago: "CASH" });
    const listed = await runRoute(counterSales.loader, pageGet("/myBookingsBox", clerkCookie));
    expect(listed.result?.sales.map((s) => s.idPedido)).toEqual([Number(orderId)]);
  });

  it("asks for the card's fields only when the card is presented, changing nothing", async () => {
    const fields = {
      intent: "sell",
      cClaveIdempotencia: "route-counter-card-1",
      cMedioDePago: "TARJETA_PRESENTE",
      "oComprador.cNombre": "Luis Paz",
    };
    const refused = await runRoute(sale.action, formPost(salePath(), fields, clerkCookie));
    expect(statusOf(refused)).toBe(400);
    const reply = (refused.result as { data: { error: Record<string, string[]> } }).data;
    expect(reply.error["oTarjeta.cNumero"]).toBeDefined();
    expect((await processView()).cEstado).toBe("ACTIVE");
    const noName = await runRoute(
      sale.action,
      formPost(
        salePath(),
        { ...fields, cMedioDePago: "EFECTIVO", "oComprador.cNombre": "" },
        clerkCookie,
      ),
    );
    expect(statusOf(noName)).toBe(400);
  });

  it("sends a CART process to its checkout, or to payFinish once its clock was reset", async () => {
    const cartId = await holdPlaces(api.t, customer, {
      idFuncion: api.fx.performances.main.id,
      listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
    });
    const clerksCart = await holdPlaces(api.t, clerk, {
      idFuncion: api.fx.performances.main.id,
      listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
    });
    const cookie = await clerk.cookie({ processId: clerksCart });
    const reset = await runRoute(
      sale.loader,
      pageGet(`/BuyTicketBox?idProcesoDeCompra=${clerksCart}`, cookie),
    );
    expect(locationOf(reset)).toBe("/payFinish");
    // Someone else's process is a 404, like an unknown one.
    const others = await runRoute(
      sale.loader,
      pageGet(`/BuyTicketBox?idProcesoDeCompra=${cartId}`, cookie),
    );
    expect(statusOf(others)).toBe(404);
  });

  it("lets the sale go when the clerk leaves its pages, and keeps it on them", async () => {
    const onPerformance = await runRoute(
      root.loader,
      pageGet("/funcion/obra-de-prueba/1", clerkCookie),
    );
    expect(onPerformance.result?.cart?.processId).toBe(processId);
    const away = await runRoute(root.loader, pageGet("/myBookingsBox", clerkCookie));
    expect(away.result?.cart).toBeNull();
    expect((await processView()).cEstado).toBe("CANCELLED");
    const session = await sessionStorage.getSession(away.setCookie?.split(";")[0]);
    expect(session.get("processId")).toBeUndefined();
    expect(session.get("timer")?.cEstado).toBe("RESET");
  });
});

describe("every box-office page refuses a customer who is not a clerk", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await customer.cookie();
  });

  it("/BuyTicketBox, to look and to sell", async () => {
    expect(statusOf(await runRoute(sale.loader, pageGet(salePath(), cookie)))).toBe(403);
    const selling = await runRoute(
      sale.action,
      formPost(salePath(), { intent: "sell", cMedioDePago: "EFECTIVO" }, cookie),
    );
    expect(statusOf(selling)).toBe(403);
    expect((await processView()).cEstado).toBe("ACTIVE");
  });

  it("/BuyTicketBox/ok/{idPedido}", async () => {
    const outcome = await runRoute(saleDone.loader, pageGet("/BuyTicketBox/ok/1", cookie), {
      idPedido: "1",
    });
    expect(statusOf(outcome)).toBe(403);
  });

  it("/myBookingsBox", async () => {
    expect(statusOf(await runRoute(counterSales.loader, pageGet("/myBookingsBox", cookie)))).toBe(
      403,
    );
  });

  it("and a customer on any page keeps their purchase (only a clerk's sale is let go)", async () => {
    const cartId = await holdPlaces(api.t, customer, {
      idFuncion: api.fx.performances.main.id,
      listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
    });
    const withCart = await customer.cookie({ processId: cartId });
    const home = await runRoute(root.loader, pageGet("/myBookingsBox", withCart));
    expect(home.result?.cart?.processId).toBe(cartId);
  });
});
