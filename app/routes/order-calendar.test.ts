// /myOrders/{id}/calendar.ics: the buyer's own order as calendar events; anyone else's order
// (or an id that is no order) leads back to My orders, told why.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import { calendarEvents } from "~/testing/calendar-events";
import { pageGet, runRoute } from "~/testing/route-harness";
import { type Buyer, setUpPaidOrder } from "~/testing/shop-buyer";
import { loader } from "./order-calendar";

const paid = setUpPaidOrder(2);
const api = paid.api;
let ana: Buyer;
let bob: Buyer;
let anasOrder: number;
beforeEach(() => {
  ({ ana, bob, order: anasOrder } = paid);
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
    // Read as a calendar program does: from the performance's start to its end, the show's
    // 90 minutes in the catalog.
    const main = api.fx.performances.main;
    const [event] = calendarEvents(text);
    expect(event).toMatchObject({
      summary: "Obra de Prueba",
      location: "Teatro de Prueba",
      start: main.startsAt.toISOString(),
      end: new Date(main.startsAt.getTime() + 90 * 60_000).toISOString(),
      endZone: "UTC",
      minutes: 90,
    });
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
