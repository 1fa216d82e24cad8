// Bookings through the API: booking by performance and by seat, the booking conditions, the
// deadline, the per-customer maximum, someone else's booking, release, resuming the payment
// (once, even when paid twice at once), expiry freeing the places, the box office's bookings.
import { beforeEach, describe, expect, it } from "vitest";
import {
  bookingsResponse,
  chargeResponse,
  paymentLinkResponse,
  purchaseProcessSchema,
  releaseBookingResponse,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { apiTokens, bookings, orders, positions } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { type Fixture, grantStaffRole, type TestApi, testCard } from "../testing/harness.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
let clerk: string;

const api = setUpApiTests({ customers: ["alice", "bob", "clerk"] });
beforeEach(() => {
  ({ db, t, fx } = api);
  ({ alice, bob, clerk } = api.tokens);
});

const HOUR = 60 * 60_000;

/** Moves the clock on by hours; everyone has logged in again meanwhile (sessions last 3 h). */
async function hoursLater(hours: number) {
  t.clock.advanceMinutes(hours * 60);
  await db.update(apiTokens).set({ expiresAt: new Date(t.clock.now().getTime() + 3 * HOUR) });
}

const bookGeneral = (
  token: string,
  quantity: number,
  extra: Record<string, unknown> = {},
  id = 0,
) =>
  t.call(`/Proceso/${id}/Posiciones/TomarReservaPorFuncion`, {
    token,
    language: "en",
    body: {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: quantity }],
      lAceptaCondiciones: true,
      ...extra,
    },
  });

const bookSeats = (token: string, seatIds: number[], extra: Record<string, unknown> = {}) =>
  t.call("/Proceso/0/Posiciones/TomarReservaPorPosicion", {
    token,
    language: "en",
    body: {
      idFuncion: fx.performances.main.id,
      listaPosiciones: seatIds,
      lAceptaCondiciones: true,
      ...extra,
    },
  });

async function booked(answer: Awaited<ReturnType<typeof bookGeneral>>) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  expect(answer.json.nCode, JSON.stringify(answer.json)).toBe(200);
  return purchaseProcessSchema.parse(answer.json.oData);
}

const listOf = async (token: string) => {
  const { status, json } = await t.call("/Reservas", { token });
  expect(status).toBe(200);
  return bookingsResponse.parse(json.oData).Lista;
};

const errorCode = (answer: { json: { nCode: number; oData?: { cCodigo?: string } } }) =>
  answer.json.nCode === 200 ? "OK" : answer.json.oData?.cCodigo;

/** General places of the main performance anyone could take right now. */
async function takeAllGeneral(token: string) {
  return t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    body: {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 10 }],
    },
  });
}

async function payBooking(token: string, id: number, key: string) {
  await t.call(`/Proceso/${id}/EntregaTipo/Seleccionar`, { token, body: { idEntregaTipo: 1 } });
  await t.call(`/Proceso/${id}/FormaDePago/Seleccionar`, { token, body: { nFormaDePago: 1 } });
  return t.call(`/Proceso/${id}/Cobrar`, {
    token,
    body: { cClaveIdempotencia: key, oTarjeta: testCard() },
  });
}

describe("booking places", () => {
  it("books general places for 48 hours and lists the booking with its places and total", async () => {
    const booking = await booked(await bookGeneral(alice, 3));
    expect(new Date(booking.dMaxima).getTime()).toBe(t.clock.now().getTime() + 48 * HOUR);
    expect(booking.oCantidadTotal.nCantidadTotal).toBe(3);
    const [listed, ...others] = await listOf(alice);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      idReserva: booking.idProcesoDeCompra,
      ctProcess: "CART",
      cEstado: "ACTIVE",
      dVence: booking.dMaxima,
      oComprador: null,
      nCantidadTotal: 3,
      fTotal: booking.fTotal,
    });
    expect(listed.listaFuncion[0].idFuncion).toBe(fx.performances.main.id);
    const [row] = await db.select().from(bookings);
    expect(row.conditionsAcceptedAt).toEqual(t.clock.now());
    expect(await listOf(bob)).toEqual([]);
  });

  it("books given seats, which nobody else can then hold or book", async () => {
    const booking = await booked(await bookSeats(alice, fx.seatIds.slice(0, 2)));
    const seats = booking.listaFuncion[0].listaPosiciones.map((p) => p.idPosicion);
    expect(seats).toEqual(fx.seatIds.slice(0, 2));
    expect(errorCode(await bookSeats(bob, [fx.seatIds[1]]))).toBe("SEAT_TAKEN");
    const take = await t.call("/Proceso/0/Posiciones/Tomar", {
      token: bob,
      body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] },
    });
    expect(errorCode(take)).toBe("SEAT_TAKEN");
  });

  it("refuses a booking whose conditions were not accepted, in the caller's language, holding nothing", async () => {
    for (const flag of [undefined, false, "false"]) {
      const answer = await bookGeneral(alice, 2, { lAceptaCondiciones: flag });
      expect(answer.status).toBe(200);
      expect(errorCode(answer)).toBe("BOOKING_CONDITIONS_NOT_ACCEPTED");
      expect(answer.json.cMensaje).toBe("To book you must accept the booking conditions");
    }
    expect(await db.select().from(bookings)).toEqual([]);
    expect((await db.select().from(positions)).filter((p) => p.heldByProcessId !== null)).toEqual(
      [],
    );
  });

  it("accepts the conditions as a form's checkbox sends them", async () => {
    await booked(await bookGeneral(alice, 1, { lAceptaCondiciones: "on" }));
  });

  it("answers bad input with a 400 and field errors, never a 500", async () => {
    const bodies: unknown[] = [
      {},
      { idFuncion: "x", listaSectores: [], lAceptaCondiciones: true },
      { idFuncion: fx.performances.main.id, listaSectores: [], lAceptaCondiciones: true },
      {
        idFuncion: fx.performances.main.id,
        listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 0 }],
      },
      {
        idFuncion: fx.performances.main.id,
        listaSectores: [{ idSector: 1, nCantidad: 1 }],
        lAceptaCondiciones: "yes",
      },
      "not json",
    ];
    for (const body of bodies) {
      const answer = await t.call("/Proceso/0/Posiciones/TomarReservaPorFuncion", {
        token: alice,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    // A general sector's place is no seat; another performance's sector is not this one's.
    const notASeat = await bookSeats(alice, [999_999]);
    expect(notASeat.status).toBe(400);
    const wrongSector = await bookGeneral(alice, 1, {
      listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
    });
    expect(wrongSector.status).toBe(400);
    expect(
      (await t.call("/Proceso/abc/Posiciones/TomarReservaPorFuncion", { token: alice, body: {} }))
        .status,
    ).toBe(400);
    expect((await t.call("/Reserva/abc/Pagar", { token: alice, body: {} })).status).toBe(400);
    expect((await t.call("/Reserva/0/Liberar", { token: alice, body: {} })).status).toBe(400);
    expect((await t.call("/Reserva/1/Liberar", { body: {} })).status).toBe(401);
    expect((await t.call("/Reservas", { body: {} })).status).not.toBe(500);
    expect((await t.call("/Reservas")).status).toBe(401);
    expect(await db.select().from(bookings)).toEqual([]);
  });

  it("ends no later than 24 hours before the performance, and refuses when under an hour is left", async () => {
    await hoursLater(30); // the performance is 42 hours away
    const booking = await booked(await bookGeneral(alice, 1));
    expect(new Date(booking.dMaxima).getTime()).toBe(t.clock.now().getTime() + 18 * HOUR);
    await hoursLater(17.5); // 24.5 hours away
    const late = await bookGeneral(bob, 1);
    expect(errorCode(late)).toBe("BOOKING_TOO_LATE");
    expect(late.json.cMensaje).toContain("24 hours");
  });

  it("adds to the caller's open booking on its deadline, but not a performance inside its cutoff", async () => {
    const first = await booked(await bookGeneral(alice, 1));
    const more = await booked(await bookGeneral(alice, 2, {}, first.idProcesoDeCompra));
    expect(more.idProcesoDeCompra).toBe(first.idProcesoDeCompra);
    expect(more.dMaxima).toBe(first.dMaxima);
    expect(more.oCantidadTotal.nCantidadTotal).toBe(3);
    // The cart's take cannot add to a booking (it would skip its conditions and cutoff).
    const viaCart = await t.call(`/Proceso/${first.idProcesoDeCompra}/Posiciones/Tomar`, {
      token: alice,
      body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] },
    });
    expect(viaCart.status).toBe(400);
    // A cart is no booking to add to.
    const cart = await takeAllGeneral(bob);
    const id = cart.json.oData.idProcesoDeCompra;
    expect((await bookGeneral(bob, 1, {}, id)).status).toBe(404);
  });

  it("keeps the per-customer maximum over all of a customer's bookings, also when they race", async () => {
    await booked(await bookGeneral(alice, 6));
    const second = await bookGeneral(alice, 5);
    expect(errorCode(second)).toBe("TOO_MANY_PLACES");
    expect(second.json.cMensaje).toBe("You can take 4 more places for this performance.");

    const racing = await Promise.all([
      bookGeneral(bob, 6),
      bookGeneral(bob, 6),
      bookSeats(bob, fx.seatIds.slice(0, 2)),
    ]);
    const codes = racing.map(errorCode).sort();
    expect(codes.filter((c) => c === "OK").length).toBeGreaterThanOrEqual(1);
    const bobHolds = (await listOf(bob)).reduce((sum, b) => sum + b.nCantidadTotal, 0);
    expect(bobHolds).toBeLessThanOrEqual(10);
    expect(codes).toContain("TOO_MANY_PLACES");
  });

  it("survives the customer's next cart: starting a purchase does not cancel a booking", async () => {
    const booking = await booked(await bookGeneral(alice, 2));
    // Up to the maximum: the booking's 2 places and the cart's 8.
    const cartTake = await t.call("/Proceso/0/Posiciones/Tomar", {
      token: alice,
      body: {
        idFuncion: fx.performances.main.id,
        listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 8 }],
      },
    });
    const cart = purchaseProcessSchema.parse(cartTake.json.oData);
    expect((await listOf(alice)).map((b) => b.idReserva)).toEqual([booking.idProcesoDeCompra]);
    // Proceso/{id} tells the booking's checkout from a cart's.
    const read = async (id: number) =>
      purchaseProcessSchema.parse((await t.call(`/Proceso/${id}`, { token: alice })).json.oData);
    expect((await read(booking.idProcesoDeCompra)).lReserva).toBe(true);
    expect((await read(cart.idProcesoDeCompra)).lReserva).toBe(false);
  });
});

describe("someone else's booking", () => {
  it("is a 404 for every call, and so is a purchase that is not a booking", async () => {
    const booking = await booked(await bookGeneral(alice, 2));
    const id = booking.idProcesoDeCompra;
    expect((await t.call(`/Reserva/${id}/Pagar`, { token: bob, body: {} })).status).toBe(404);
    expect((await t.call(`/Reserva/${id}/Liberar`, { token: bob, body: {} })).status).toBe(404);
    expect((await bookGeneral(bob, 1, {}, id)).status).toBe(404);
    expect((await t.call("/Reserva/999999/Pagar", { token: alice, body: {} })).status).toBe(404);
    const cart = await takeAllGeneral(bob);
    const cartId = cart.json.oData.idProcesoDeCompra;
    expect((await t.call(`/Reserva/${cartId}/Liberar`, { token: bob, body: {} })).status).toBe(404);
    expect((await listOf(alice))[0].nCantidadTotal).toBe(2);
  });
});

describe("releasing a booking", () => {
  it("frees its places at once, answers the same when repeated, and cannot be paid after", async () => {
    const booking = await booked(await bookGeneral(alice, 10));
    const id = booking.idProcesoDeCompra;
    expect(errorCode(await takeAllGeneral(bob))).toBe("OK");
    expect(errorCode(await takeAllGeneral(clerk))).toBe("NOT_ENOUGH_PLACES");
    for (let i = 0; i < 2; i++) {
      const released = await t.call(`/Reserva/${id}/Liberar`, { token: alice, body: {} });
      expect(releaseBookingResponse.parse(released.json.oData)).toEqual({
        idReserva: id,
        cEstado: "CANCELLED",
      });
    }
    expect(errorCode(await takeAllGeneral(clerk))).toBe("OK");
    expect(await listOf(alice)).toEqual([]);
    expect(errorCode(await t.call(`/Reserva/${id}/Pagar`, { token: alice, body: {} }))).toBe(
      "PROCESS_CANCELLED",
    );
  });
});

describe("paying a booking later", () => {
  it("resumes the payment (repeatably) and pays through the usual charge", async () => {
    const booking = await booked(await bookGeneral(alice, 2));
    const id = booking.idProcesoDeCompra;
    await hoursLater(24);
    for (let i = 0; i < 2; i++) {
      const resumed = await t.call(`/Reserva/${id}/Pagar`, { token: alice, body: {} });
      expect(resumed.json.nCode).toBe(200);
      expect(purchaseProcessSchema.parse(resumed.json.oData)).toMatchObject({
        idProcesoDeCompra: id,
        cEstado: "ACTIVE",
        nMinutosExtension: 0,
      });
    }
    const paid = await payBooking(alice, id, "booking-pay-1");
    expect(chargeResponse.parse(paid.json.oData).cEstado).toBe("APROBADO");
    expect(await listOf(alice)).toEqual([]);
    expect(errorCode(await t.call(`/Reserva/${id}/Pagar`, { token: alice, body: {} }))).toBe(
      "PROCESS_PAID",
    );
    expect(errorCode(await t.call(`/Reserva/${id}/Liberar`, { token: alice, body: {} }))).toBe(
      "PROCESS_PAID",
    );
  });

  it("sells once when the booking is paid twice at the same time", async () => {
    const booking = await booked(await bookGeneral(alice, 2));
    const id = booking.idProcesoDeCompra;
    await t.call(`/Proceso/${id}/EntregaTipo/Seleccionar`, {
      token: alice,
      body: { idEntregaTipo: 1 },
    });
    await t.call(`/Proceso/${id}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: 1 },
    });
    const pay = (key: string) =>
      t.call(`/Proceso/${id}/Cobrar`, {
        token: alice,
        body: { cClaveIdempotencia: key, oTarjeta: testCard() },
      });
    const answers = await Promise.all([pay("booking-double-1"), pay("booking-double-2")]);
    const codes = answers.map(errorCode);
    expect(codes).toContain("OK");
    for (const code of codes) expect(["OK", "PAYMENT_IN_PROGRESS", "PROCESS_PAID"]).toContain(code);
    expect(await db.select().from(orders)).toHaveLength(1);
    expect(await t.sandbox.charges()).toHaveLength(1);
  });

  it("frees an expired booking's places lazily and refuses to pay it", async () => {
    const booking = await booked(await bookGeneral(alice, 10));
    const id = booking.idProcesoDeCompra;
    await t.call(`/Proceso/${id}/EntregaTipo/Seleccionar`, {
      token: alice,
      body: { idEntregaTipo: 1 },
    });
    await t.call(`/Proceso/${id}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: 1 },
    });
    expect(errorCode(await takeAllGeneral(bob))).toBe("OK");
    expect(errorCode(await takeAllGeneral(clerk))).toBe("NOT_ENOUGH_PLACES");
    await hoursLater(48);
    expect(errorCode(await takeAllGeneral(clerk))).toBe("OK");
    expect(await listOf(alice)).toEqual([]);
    expect(errorCode(await t.call(`/Reserva/${id}/Pagar`, { token: alice, body: {} }))).toBe(
      "PROCESS_EXPIRED",
    );
    const charge = await t.call(`/Proceso/${id}/Cobrar`, {
      token: alice,
      body: { cClaveIdempotencia: "booking-too-late", oTarjeta: testCard() },
    });
    expect(errorCode(charge)).toBe("PROCESS_EXPIRED");
    expect(await db.select().from(orders)).toEqual([]);
    expect(await t.sandbox.charges()).toEqual([]);
  });
});

describe("bookings at the box office", () => {
  const buyer = { cNombre: "Marta Gómez", cEmail: "marta@example.com" };
  beforeEach(() => grantStaffRole(db, "clerk@example.com", "BOX_CLERK"));

  it("books for a named buyer, lists it as the counter's, and pays it at the counter", async () => {
    const booking = await booked(
      await bookGeneral(clerk, 2, { ctProcess: "BOX", oComprador: buyer }),
    );
    expect(booking.ctProcess).toBe("BOX");
    // The clerk's next sale leaves the booking alone.
    await t.call("/Proceso/0/Posiciones/Tomar", {
      token: clerk,
      body: {
        idFuncion: fx.performances.main.id,
        listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
        ctProcess: "BOX",
      },
    });
    const [listed] = await listOf(clerk);
    expect(listed).toMatchObject({
      idReserva: booking.idProcesoDeCompra,
      ctProcess: "BOX",
      oComprador: buyer,
    });
    const sold = await t.call(`/Proceso/${booking.idProcesoDeCompra}/CobrarBoleteria`, {
      token: clerk,
      body: {
        cClaveIdempotencia: "counter-booking-1",
        cMedioDePago: "EFECTIVO",
        oComprador: buyer,
      },
    });
    expect(sold.json.nCode, JSON.stringify(sold.json)).toBe(200);
    const [order] = await db.select().from(orders);
    expect(order).toMatchObject({ soldAtCounter: true, buyerName: "Marta Gómez" });
  });

  it("gives a payment link that lives as long as the booking", async () => {
    const booking = await booked(
      await bookGeneral(clerk, 1, { ctProcess: "BOX", oComprador: buyer }),
    );
    const created = await t.call(`/Proceso/${booking.idProcesoDeCompra}/LinkDePago`, {
      token: clerk,
      body: { oComprador: buyer, cUrlPago: "https://shop.example/linkPago" },
    });
    const link = paymentLinkResponse.parse(created.json.oData);
    expect(link.dVence).toBe(booking.dMaxima);
    await hoursLater(47);
    const live = await t.call(`/LinkPago/${booking.idProcesoDeCompra}/${link.cClave}`);
    expect(live.json.oData.cEstado).toBe("ACTIVE");
    await hoursLater(1);
    const ended = await t.call(`/LinkPago/${booking.idProcesoDeCompra}/${link.cClave}`);
    expect(ended.json.oData.cEstado).toBe("EXPIRED");
  });

  it("is for clerks only, and needs the buyer", async () => {
    expect((await bookGeneral(alice, 1, { ctProcess: "BOX", oComprador: buyer })).status).toBe(403);
    const noBuyer = await bookGeneral(clerk, 1, { ctProcess: "BOX" });
    expect(noBuyer.status).toBe(400);
    expect(await db.select().from(bookings)).toEqual([]);
  });
});
