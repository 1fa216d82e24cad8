// A logged-in buyer for storefront tests: a customer with an API token (written straight to
// the test database, no password hashing) and the session cookie the shop would have given
// them, plus the places they hold.
import type { TakePlacesRequest } from "@contract";
import type { SessionData } from "~/services/session.server";
import type { Database } from "../../commerce/db/client.ts";
import {
  createCustomerWithToken,
  type TestApi,
  type TestClock,
} from "../../commerce/testing/harness.ts";
import { loggedIn } from "./route-harness";

export type Buyer = {
  token: string;
  /** The session cookie, optionally carrying more (the running process…). */
  cookie: (extra?: Partial<SessionData>) => Promise<string>;
};

export async function createBuyer(db: Database, clock: TestClock, name: string): Promise<Buyer> {
  const { token } = await createCustomerWithToken(db, clock, name);
  // The storefront judges the login by the real clock; the API by its test clock.
  const user = {
    token,
    cNombre: name,
    cEmail: `${name}@example.com`,
    dLogin: new Date().toISOString(),
    lAlias: false,
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
