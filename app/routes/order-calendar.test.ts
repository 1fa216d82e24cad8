// /myOrders/{id}/calendar.ics: the buyer's own order as calendar events; anyone else's order
// (or an id that is no order) leads back to My orders, told why.
import { beforeEach, describe, expect, it } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import { sessionStorage } from "~/services/session.server";
import { pageGet, runRoute } from "~/testing/route-harness";
import { type Buyer, createBuyer, holdPlaces } from "~/testing/shop-buyer";
import { setUpApiTests } from "../../commerce/testing/api-test.ts";
import { testCard } from "../../commerce/testing/harness.ts";
import { loader } from "./order-calendar";

const api = setUpApiTests();
let ana: Buyer;
let bob: Buyer;
let anasOrder: number;

beforeEach(async () => {
  registerEmbeddedCommerce(api.t.api.fetch);
  ana = await createBuyer(api.db, api.t.clock, "ana");
  bob = await createBuyer(api.db, api.t.clock, "bob");
  const processId = await holdPlaces(api.t, ana, {
    idFuncion: api.fx.performances.main.id,
    listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 2 }],
  });
  const token = ana.token;
  const path = `/Proceso/${processId}`;
  await api.t.call(`${path}/EntregaTipo/Seleccionar`, { token, body: { idEntregaTipo: 1 } });
  await api.t.call(`${path}/FormaDePago/Seleccionar`, { token, body: { nFormaDePago: 1 } });
  const paid = await api.t.call(`${path}/Cobrar`, {
    token,
    body: { cClaveIdempotencia: "calendar-test-key", nCuotas: 1, oTarjeta: testCard() },
  });
  anasOrder = paid.json.oData.idPedido;
});

const fetchCalendar = async (buyer: Buyer, id: string) =>
  runRoute(loader, pageGet(`/myOrders/${id}/calendar.ics`, await buyer.cookie()), {
    idPedido: id,
  });

describe("an order's calendar file", () => {
  it("gives the buyer an event for their performance, in their language", async () => {
    const { result } = await fetchCalendar(ana, String(anasOrder));
    const response = result as Response;
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain(`compra-${anasOrder}.ics`);
    const text = await response.text();
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain(`UID:order-${anasOrder}-performance-${api.fx.performances.main.id}@`);
    expect(text).toContain("LOCATION:Teatro de Prueba");
    expect(text).toContain(`DESCRIPTION:Order no. ${anasOrder}: 2 tickets.`);
  });

  it("is nobody else's: back to My orders, saying so", async () => {
    for (const id of [String(anasOrder), "999999", "abc"]) {
      const outcome = await fetchCalendar(bob, id);
      const response = outcome.thrown as Response;
      expect(response.status, id).toBe(302);
      expect(response.headers.get("Location")).toBe("/myOrders");
      const session = await sessionStorage.getSession(outcome.setCookie?.split(";")[0]);
      expect(session.get("notice")).toBe("layout:notices.eticketNotFound");
    }
  });
});
