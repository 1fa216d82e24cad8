// A logged-in buyer for storefront tests: a customer with an API token (written straight to
// the test database, no password hashing) and the session cookie the shop would have given
// them, plus the places they hold.
import type { TakePlacesRequest } from "@contract";
import { beforeEach } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import type { SessionData } from "~/services/session.server";
import type { Database } from "../../commerce/db/client.ts";
import { staffRoles } from "../../commerce/db/schema.ts";
import { type ApiTestSetup, setUpApiTests } from "../../commerce/testing/api-test.ts";
import type { Fixture } from "../../commerce/testing/harness.ts";
import {
  createCustomerWithToken,
  type TestApi,
  type TestClock,
  testCard,
} from "../../commerce/testing/harness.ts";
import { loggedIn, setUpRouteTests } from "./route-harness";

export type Buyer = {
  token: string;
  /** The session cookie, optionally carrying more (the running process…). */
  cookie: (extra?: Partial<SessionData>) => Promise<string>;
};

/**
 * A buyer; a box-office clerk with `boxClerk`, door staff with `doorStaff` (roles granted in
 * the database).
 */
export async function createBuyer(
  db: Database,
  clock: TestClock,
  name: string,
  { boxClerk = false, doorStaff = false }: { boxClerk?: boolean; doorStaff?: boolean } = {},
): Promise<Buyer> {
  const { token, customerId } = await createCustomerWithToken(db, clock, name);
  if (boxClerk) await db.insert(staffRoles).values({ customerId, role: "BOX_CLERK" });
  if (doorStaff) await db.insert(staffRoles).values({ customerId, role: "DOOR_STAFF" });
  // The storefront judges the login by the real clock; the API by its test clock.
  const user = {
    token,
    cNombre: name,
    cEmail: `${name}@example.com`,
    dLogin: new Date().toISOString(),
    lAlias: false,
    lTaquilla: boxClerk,
    lPuerta: doorStaff,
  };
  return { token, cookie: (extra) => loggedIn(user, extra) };
}

/** Holds places in a new purchase process, through the API; returns the process's id. */
export async function holdPlaces(
  t: TestApi,
  buyer: Buyer,
  request: TakePlacesRequest,
): Promise<number> {
  const taken = await t.call("/Proceso/0/Posiciones/Tomar", { token: buyer.token, body: request });
  if (taken.json.nCode !== 200) throw new Error(`hold failed: ${JSON.stringify(taken.json)}`);
  return taken.json.oData.idProcesoDeCompra;
}

/** Pays what the buyer holds through the API (e-ticket, credit card, one installment). */
export async function payHeld(t: TestApi, buyer: Buyer, processId: number): Promise<number> {
  const token = buyer.token;
  const path = `/Proceso/${processId}`;
  await t.call(`${path}/EntregaTipo/Seleccionar`, { token, body: { idEntregaTipo: 1 } });
  await t.call(`${path}/FormaDePago/Seleccionar`, { token, body: { nFormaDePago: 1 } });
  const paid = await t.call(`${path}/Cobrar`, {
    token,
    body: { cClaveIdempotencia: `pay-held-${processId}`, nCuotas: 1, oTarjeta: testCard() },
  });
  if (paid.json.oData?.cEstado !== "APROBADO") {
    throw new Error(`payment failed: ${JSON.stringify(paid.json)}`);
  }
  return paid.json.oData.idPedido;
}

/** The card fields of the checkout form, as the browser posts them. */
export function cardFormFields(card: {
  cNumero: string;
  nMesVencimiento: number;
  nAnioVencimiento: number;
  cCodigoSeguridad: string;
  cTitular: string;
  cDocumento: string;
}) {
  return {
    "oTarjeta.cNumero": card.cNumero,
    "oTarjeta.nMesVencimiento": String(card.nMesVencimiento),
    "oTarjeta.nAnioVencimiento": String(card.nAnioVencimiento),
    "oTarjeta.cCodigoSeguridad": card.cCodigoSeguridad,
    "oTarjeta.cTitular": card.cTitular,
    "oTarjeta.cDocumento": card.cDocumento,
  };
}

/**
 * Route tests of a running purchase: before each test, "ana" holds two general-admission
 * places of the main performance and her cookie names that purchase process.
 */
export function setUpHeldPurchase(setup?: ApiTestSetup<Fixture>) {
  const api = setUpRouteTests(setup);
  const held = { api, buyer: undefined as unknown as Buyer, processId: 0, cookie: "" };
  beforeEach(async () => {
    held.buyer = await createBuyer(api.db, api.t.clock, "ana");
    held.processId = await holdPlaces(api.t, held.buyer, {
      idFuncion: api.fx.performances.main.id,
      listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 2 }],
    });
    held.cookie = await held.buyer.cookie({ processId: held.processId });
  });
  return held;
}

/**
 * Route tests of what a paid order offers (its e-ticket, its calendar): before each test,
 * "ana" has paid `places` general-admission places of the main performance (`order`), and
 * "bob" is another buyer. The API is the embedded one.
 */
export function setUpPaidOrder(places = 1) {
  const api = setUpApiTests();
  const paid = {
    api,
    ana: undefined as unknown as Buyer,
    bob: undefined as unknown as Buyer,
    order: 0,
  };
  beforeEach(async () => {
    registerEmbeddedCommerce(api.t.api.fetch);
    paid.ana = await createBuyer(api.db, api.t.clock, "ana");
    paid.bob = await createBuyer(api.db, api.t.clock, "bob");
    const processId = await holdPlaces(api.t, paid.ana, {
      idFuncion: api.fx.performances.main.id,
      listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: places }],
    });
    paid.order = await payHeld(api.t, paid.ana, processId);
  });
  return paid;
}
