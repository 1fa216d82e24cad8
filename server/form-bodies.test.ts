// Through the real server composition: every storefront action answers a body that is not a
// form (JSON, text/plain, none, a multipart body without boundary or cut short) with 415 or
// 400 and its page with a translated message, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "~/testing/route-harness";
import {
  buildFixture,
  createCustomerWithToken,
  createTestApi,
  type Fixture,
  readyToPay,
  resetDatabase,
  TestClock,
  testDatabase,
} from "../commerce/testing/harness.ts";
import {
  type ActionRoute,
  actionRoutes,
  type Storefront,
  startStorefront,
} from "./testing/storefront.ts";

let storefront: Storefront;
let fx: Fixture;
let cookie: string;
let processId: number;

beforeAll(async () => {
  const { db } = await testDatabase();
  await resetDatabase(db);
  const t = createTestApi(db, { clock: new TestClock(new Date()) });
  fx = await buildFixture(db, t.clock);
  const { token } = await createCustomerWithToken(db, t.clock, "buyer");
  processId = await readyToPay(t, token, {
    idFuncion: fx.performances.main.id,
    listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
  });
  const user = { token, cNombre: "Buyer", cEmail: "buyer@example.com", lAlias: false };
  cookie = await sessionCookie({ user: { ...user, dLogin: new Date().toISOString() }, processId });
  storefront = await startStorefront(t.api.fetch);
});
afterAll(async () => {
  await storefront?.close();
});

/** The route's URL with real ids of the fixture. */
function urlOf(route: ActionRoute): string {
  const values: Record<string, string> = {
    idProcesoDeCompra: String(processId),
    cSeo: fx.show.seo,
    id: String(fx.performances.main.id),
    idEstablecimiento: String(fx.venue.id),
  };
  return route.pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? "x");
}

const boundary = "----storefront";
const form = `--${boundary}\r\nContent-Disposition: form-data; name="locale"\r\n\r\nen\r\n--${boundary}--\r\n`;

const notForms: Array<{ name: string; body?: string; type?: string; status: number }> = [
  { name: "JSON", body: "{}", type: "application/json", status: 415 },
  { name: "text/plain", body: "locale=en", type: "text/plain", status: 415 },
  { name: "no content type", body: "locale=en", status: 415 },
  { name: "no body at all", status: 415 },
  { name: "multipart without boundary", body: form, type: "multipart/form-data", status: 400 },
  {
    name: "multipart cut short",
    body: form.slice(0, 50),
    type: `multipart/form-data; boundary=${boundary}`,
    status: 400,
  },
];

describe("a body that is not a form", () => {
  it("finds the actions in app/routes.ts", () => {
    const ids = actionRoutes(storefront.build).map((route) => route.id);
    expect(ids).toEqual(
      expect.arrayContaining(["login", "signUp", "logout", "language", "BuyTicket", "funcion"]),
    );
  });

  for (const { name, body, type, status } of notForms) {
    it(`(${name}) is answered ${status} by every action, with a translated message`, async () => {
      for (const route of actionRoutes(storefront.build)) {
        const url = urlOf(route);
        const headers = new Headers({ "accept-language": "en", cookie });
        const request = new Request(`http://localhost${url}`, { method: "POST", headers, body });
        if (type) request.headers.set("content-type", type);
        else request.headers.delete("content-type");
        const response = await storefront.app.request(request);
        const text = await response.text();
        expect(response.status, `${route.id} ${url}`).toBe(status);
        if (route.hasPage) {
          expect(text, route.id).toContain("<h1>The form could not be read</h1>");
          expect(text, route.id).toContain("reload it and send the form again");
        } else {
          expect(JSON.parse(text).message, route.id).toContain("reload it and send the form again");
        }
      }
    });
  }

  it("is said in the visitor's language", async () => {
    for (const [language, title] of [
      ["es", "No pudimos leer el formulario"],
      ["pt", "Não foi possível ler o formulário"],
    ]) {
      const response = await storefront.app.request("/login", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": language },
        body: "{}",
      });
      expect(response.status).toBe(415);
      expect(await response.text()).toContain(`<h1>${title}</h1>`);
    }
  });
});
