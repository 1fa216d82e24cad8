// Bookings in the storefront, through the root middleware against the API of a test
// database: the performance page's Book button (conditions accepted or not, a clerk's for a
// buyer), /myBookings (list, ?liberar= confirmation, pay, release, someone else's booking)
// and the counter's bookings on /myBookingsBox.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { type Buyer, createBuyer } from "~/testing/shop-buyer";
import { invalidateShowCards } from "../../../commerce/catalog/card-cache.ts";
import { apiTokens, performances } from "../../../commerce/db/schema.ts";
import type { Fixture, TestApi } from "../../../commerce/testing/harness.ts";
import * as counterSales from "../box-office/counter-sales";
import { forgetDrawnSeats } from "../performance/hall-cache.server";
import * as performance from "../performance/route";
import * as myBookings from "./route";

let t: TestApi;
let fx: Fixture;
let ana: Buyer;
let bob: Buyer;
let clerk: Buyer;
const api = setUpRouteTests();
beforeEach(async () => {
  ({ t, fx } = api);
  ana = await createBuyer(api.db, t.clock, "ana");
  bob = await createBuyer(api.db, t.clock, "bob");
  clerk = await createBuyer(api.db, t.clock, "clerk", { boxClerk: true });
});

const performanceParams = () => ({ cSeo: "obra-de-prueba", id: String(fx.performances.main.id) });
const generalField = () => `qty-${fx.sectors.general.id}`;

async function book(buyer: Buyer, fields: Record<string, string>) {
  const path = `/funcion/obra-de-prueba/${fx.performances.main.id}`;
  return runRoute(
    performance.action,
    formPost(path, { intent: "places", booking: "book", ...fields }, await buyer.cookie()),
    performanceParams(),
  );
}

async function noticeOf(setCookie: string | null) {
  const session = await sessionStorage.getSession(setCookie?.split(";")[0]);
  return session.get("notice");
}

const listOf = async (buyer: Buyer, query = "") =>
  (await runRoute(myBookings.loader, pageGet(`/myBookings${query}`, await buyer.cookie()))).result;

type Refusal = { init: ResponseInit; data: { error?: string; failure?: string } };

describe("the performance page's Book button", () => {
  it("is offered while the performance is far enough ahead, and not within its last day", async () => {
    const open = async () => {
      forgetDrawnSeats();
      const path = `/funcion/obra-de-prueba/${fx.performances.main.id}`;
      const { result, thrown } = await runRoute(
        performance.loader,
        pageGet(path, await ana.cookie()),
        performanceParams(),
      );
      if (!result) throw thrown;
      return (result as { bookable: boolean }).bookable;
    };
    expect(await open()).toBe(true);
    // The page judges by the real clock, as the API does outside tests.
    await api.db
      .update(performances)
      .set({ startsAt: new Date(Date.now() + 3 * 60 * 60_000) })
      .where(eq(performances.id, fx.performances.main.id));
    invalidateShowCards(t.deps);
    expect(await open()).toBe(false);
  });

  it("books the places when the conditions are accepted, and goes to My bookings", async () => {
    const { thrown, setCookie } = await book(ana, {
      [generalField()]: "2",
      acceptBookingConditions: "on",
    });
    expect((thrown as Response).headers.get("Location")).toBe("/myBookings");
    expect(await noticeOf(setCookie)).toBe("account:bookings.booked");
    const [booking] = (await listOf(ana))?.bookings ?? [];
    expect(booking.nCantidadTotal).toBe(2);
    // The booking is not the running purchase.
    const session = await sessionStorage.getSession(setCookie?.split(";")[0]);
    expect(session.get("processId")).toBeUndefined();
  });

  it("books ticked seats", async () => {
    const { thrown } = await book(ana, {
      seat: String(fx.seatIds[0]),
      acceptBookingConditions: "on",
    });
    expect((thrown as Response).headers.get("Location")).toBe("/myBookings");
    const [booking] = (await listOf(ana))?.bookings ?? [];
    expect(booking.listaFuncion[0].listaPosiciones[0].idPosicion).toBe(fx.seatIds[0]);
  });

  it("refuses without the conditions, with the translated reason and a 422, booking nothing", async () => {
    const { result } = await book(ana, { [generalField()]: "2" });
    const refusal = result as unknown as Refusal;
    expect(refusal.init.status).toBe(422);
    expect(refusal.data.error).toBe("To book you must accept the booking conditions");
    expect((await listOf(ana))?.bookings).toEqual([]);
  });

  it("books at the counter for the buyer the clerk names, listed on /myBookingsBox", async () => {
    const { thrown } = await book(clerk, {
      [generalField()]: "1",
      acceptBookingConditions: "on",
      bookingBuyerName: "Marta Gómez",
      bookingBuyerEmail: "marta@example.com",
    });
    expect((thrown as Response).headers.get("Location")).toBe("/myBookingsBox");
    const page = await runRoute(
      counterSales.loader,
      pageGet("/myBookingsBox", await clerk.cookie()),
    );
    const [booking] = page.result?.bookings ?? [];
    expect(booking.oComprador).toEqual({ cNombre: "Marta Gómez", cEmail: "marta@example.com" });
    // The clerk's own list is not the customer's: /myBookings shows only their own bookings.
    expect((await listOf(clerk))?.bookings).toEqual([]);

    const released = await runRoute(
      counterSales.action,
      formPost(
        "/myBookingsBox",
        { intent: "release", idReserva: String(booking.idReserva) },
        await clerk.cookie(),
      ),
    );
    expect((released.result as Response).headers.get("Location")).toBe("/myBookingsBox");
    const after = await runRoute(
      counterSales.loader,
      pageGet("/myBookingsBox", await clerk.cookie()),
    );
    expect(after.result?.bookings).toEqual([]);
  });
});

it("tells a clerk which buyer field is missing, booking nothing", async () => {
  const { result } = await book(clerk, {
    [generalField()]: "1",
    acceptBookingConditions: "on",
    bookingBuyerName: "",
    bookingBuyerEmail: "marta@example.com",
  });
  const refusal = result as unknown as Refusal;
  expect(refusal.init.status).toBe(400);
  expect(refusal.data.error).toBe("Enter the buyer's name");
  const page = await runRoute(counterSales.loader, pageGet("/myBookingsBox", await clerk.cookie()));
  expect(page.result?.bookings).toEqual([]);
});

describe("/myBookings", () => {
  let bookingId: number;
  beforeEach(async () => {
    await book(ana, { [generalField()]: "2", acceptBookingConditions: "on" });
    bookingId = (await listOf(ana))?.bookings[0].idReserva ?? 0;
  });

  const post = async (buyer: Buyer, fields: Record<string, string>) =>
    runRoute(myBookings.action, formPost("/myBookings", fields, await buyer.cookie()));

  it("asks for a login", async () => {
    const { thrown } = await runRoute(myBookings.loader, pageGet("/myBookings"));
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("asks to confirm a release of the buyer's own booking only", async () => {
    expect((await listOf(ana, `?liberar=${bookingId}`))?.releasing?.idReserva).toBe(bookingId);
    expect((await listOf(bob, `?liberar=${bookingId}`))?.releasing).toBeNull();
    expect((await listOf(ana, "?liberar=x"))?.releasing).toBeNull();
  });

  it("pays: goes to the booking's checkout", async () => {
    const { result } = await post(ana, { intent: "pay", idReserva: String(bookingId) });
    expect((result as Response).headers.get("Location")).toBe(`/BuyTicket/${bookingId}`);
  });

  it("releases, with a notice, and the list is empty after", async () => {
    const { result, setCookie } = await post(ana, {
      intent: "release",
      idReserva: String(bookingId),
    });
    expect((result as Response).headers.get("Location")).toBe("/myBookings");
    expect(await noticeOf(setCookie)).toBe("account:bookings.released");
    expect((await listOf(ana))?.bookings).toEqual([]);
  });

  it("answers someone else's booking with a 404 and bad input with a 400, changing nothing", async () => {
    for (const intent of ["pay", "release"]) {
      const { result } = await post(bob, { intent, idReserva: String(bookingId) });
      expect((result as unknown as Refusal).init.status).toBe(404);
    }
    const bad: Record<string, string>[] = [
      { intent: "release" },
      { intent: "x", idReserva: String(bookingId) },
      { intent: "pay", idReserva: "-1" },
    ];
    for (const fields of bad) {
      const { result } = await post(ana, fields);
      expect((result as unknown as Refusal).init.status).toBe(400);
    }
    expect((await listOf(ana))?.bookings).toHaveLength(1);
  });

  it("refuses to pay an expired booking, which is no longer listed", async () => {
    t.clock.advanceMinutes(48 * 60);
    // Ana logged in again meanwhile (an API session lasts 3 hours).
    await api.db
      .update(apiTokens)
      .set({ expiresAt: new Date(t.clock.now().getTime() + 3 * 3_600_000) });
    expect((await listOf(ana))?.bookings).toEqual([]);
    const { result } = await post(ana, { intent: "pay", idReserva: String(bookingId) });
    expect((result as unknown as Refusal).init.status).toBe(409);
  });
});
