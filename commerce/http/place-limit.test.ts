// The place limit per customer and performance (decision 0060): one customer's cart, bookings
// and purchases of a performance share the maximum, one after the other; places bought count
// unless the shop turns that off; the refusal says how many places are left, in the
// customer's language. (Concurrent takes: place-limit-race.test.ts.)
import { beforeEach, describe, expect, it } from "vitest";
import { chargeResponse } from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  buildFixture,
  createTestApi,
  type Fixture,
  readyToPay,
  type TestApi,
  testCard,
} from "../testing/harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;

const api = setUpApiTests({
  fixture: (db, clock) => buildFixture(db, clock, { generalPlaces: 60 }),
  customers: ["alice", "bob"],
});
beforeEach(() => {
  ({ t, fx } = api);
  ({ alice, bob } = api.tokens);
});

type Answer = Awaited<ReturnType<TestApi["call"]>>;

const general = (quantity: number) => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: quantity }],
});

const takeInCart = (token: string, quantity: number, processId = 0, language = "en", on = t) =>
  on.call(`/Proceso/${processId}/Posiciones/Tomar`, {
    token,
    language,
    body: general(quantity),
  });

const book = (token: string, quantity: number, language = "en") =>
  t.call("/Proceso/0/Posiciones/TomarReservaPorFuncion", {
    token,
    language,
    body: { ...general(quantity), lAceptaCondiciones: true },
  });

function taken(answer: Answer): number {
  expect(answer.json.nCode, JSON.stringify(answer.json)).toBe(200);
  return answer.json.oData.idProcesoDeCompra as number;
}

function refused(answer: Answer): string {
  expect(answer.status).toBe(200);
  expect(answer.json.nCode).toBe(422);
  expect(answer.json.oData.cCodigo).toBe("TOO_MANY_PLACES");
  return answer.json.cMensaje as string;
}

/** Buys `quantity` general places of the main performance (a new cart, paid by card). */
async function buy(token: string, quantity: number, on = t) {
  const processId = await readyToPay(on, token, general(quantity));
  const paid = await on.call(`/Proceso/${processId}/Cobrar`, {
    token,
    body: { cClaveIdempotencia: `limit-${processId}-key`, oTarjeta: testCard() },
  });
  expect(chargeResponse.parse(paid.json.oData).cEstado).toBe("APROBADO");
}

describe("the place limit over a customer's cart and bookings", () => {
  it("sums the places of the cart and of every booking, whichever comes first", async () => {
    const cart = taken(await takeInCart(alice, 4));
    taken(await book(alice, 3));
    taken(await book(alice, 1));
    // 8 of 10: the cart may take 2 more, a booking as well, not 3.
    expect(refused(await takeInCart(alice, 3, cart))).toBe(
      "You can take 2 more places for this performance.",
    );
    expect(refused(await book(alice, 3))).toBe("You can take 2 more places for this performance.");
    taken(await takeInCart(alice, 1, cart));
    expect(refused(await book(alice, 2))).toBe("You can take 1 more place for this performance.");
    taken(await book(alice, 1));
    expect(refused(await takeInCart(alice, 1, cart))).toBe(
      "You have reached the limit of 10 places for this performance.",
    );
    // Another customer, and another performance, are not touched by alice's places.
    taken(await book(bob, 10));
    taken(
      await t.call("/Proceso/0/Posiciones/Tomar", {
        token: alice,
        body: {
          idFuncion: fx.performances.later.id,
          listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
        },
      }),
    );
  });

  it("does not count a cart that a new one replaced or that ran out, nor a released booking", async () => {
    taken(await takeInCart(alice, 6));
    // A new cart (process 0) gives back the running one's places: 10 fit again.
    const cart = taken(await takeInCart(alice, 10));
    expect(refused(await book(alice, 1))).toBe(
      "You have reached the limit of 10 places for this performance.",
    );
    const released = await t.call(`/Proceso/${cart}/Posiciones/SoltarFuncion`, {
      token: alice,
      body: { idFuncion: fx.performances.main.id },
    });
    expect(released.json.nCode, JSON.stringify(released.json)).toBe(200);
    const booking = taken(await book(alice, 10));
    const freed = await t.call(`/Reserva/${booking}/Liberar`, { token: alice, body: {} });
    expect(freed.json.nCode).toBe(200);
    taken(await book(alice, 7));
    taken(await takeInCart(alice, 3));
    expect(refused(await book(alice, 1))).toBe(
      "You have reached the limit of 10 places for this performance.",
    );
    // The cart's clock (30 minutes) runs out; the booking's does not yet.
    t.clock.advanceMinutes(31);
    expect(refused(await book(alice, 4))).toBe("You can take 3 more places for this performance.");
    taken(await takeInCart(alice, 3));
  });

  it("says how many are left in the customer's language, even when asked for more than the maximum", async () => {
    taken(await book(alice, 3));
    expect(refused(await takeInCart(alice, 12))).toBe(
      "You can take 7 more places for this performance.",
    );
    expect(refused(await takeInCart(alice, 8, 0, "es"))).toBe(
      "Podés tomar 7 lugares más para esta función.",
    );
    expect(refused(await book(alice, 8, "pt"))).toBe(
      "Você pode pegar mais 7 lugares para esta sessão.",
    );
    taken(await book(alice, 7));
    expect(refused(await takeInCart(alice, 1, 0, "es"))).toBe(
      "Ya llegaste al máximo de 10 lugares para esta función.",
    );
    expect(refused(await takeInCart(alice, 1, 0, "pt"))).toBe(
      "Você já chegou ao limite de 10 lugares para esta sessão.",
    );
  });
});

describe("the place limit over places already bought", () => {
  it("counts them by default", async () => {
    await buy(alice, 6);
    expect(refused(await takeInCart(alice, 5))).toBe(
      "You can take 4 more places for this performance.",
    );
    taken(await book(alice, 2));
    expect(refused(await takeInCart(alice, 3))).toBe(
      "You can take 2 more places for this performance.",
    );
    taken(await takeInCart(alice, 2));
  });

  it("leaves them out with PLACE_LIMIT_COUNTS_BOUGHT=false, still summing cart and bookings", async () => {
    const lenient = createTestApi(api.db, { clock: t.clock, placeLimitCountsBought: false });
    await buy(alice, 6, lenient);
    const cart = taken(await takeInCart(alice, 7, 0, "en", lenient));
    const booking = await lenient.call("/Proceso/0/Posiciones/TomarReservaPorFuncion", {
      token: alice,
      language: "en",
      body: { ...general(4), lAceptaCondiciones: true },
    });
    expect(refused(booking)).toBe("You can take 3 more places for this performance.");
    taken(await takeInCart(alice, 3, cart, "en", lenient));
  });
});
