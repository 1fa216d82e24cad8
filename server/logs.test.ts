// What the whole server writes while a buyer signs up, takes places, chooses delivery and
// payment method and pays, and while a database write fails: request lines and errors, but
// nothing of the buyer's password, its hash, the API token, the e-mail, the document, the
// name, the card number or its code. The storefront runs as `npm run dev` runs it (Vite
// loads its modules, server/app.ts composes it) around the API of a test database, every
// logger at its most talkative, and everything the process writes is captured.
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionStorage } from "../app/services/session.server.ts";
import type { Database } from "../commerce/db/client.ts";
import * as schema from "../commerce/db/schema.ts";
import {
  buildFixture,
  createTestApi,
  type Fixture,
  resetDatabase,
  TestClock,
  testDatabase,
} from "../commerce/testing/harness.ts";
import { captureOutput, type LogLine } from "../commerce/testing/logs.ts";
import { createStorefrontApp } from "./app.ts";

// Before any module reads its configuration: every line, at every level.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "trace";
});

const origin = "http://shop.test";

const buyer = {
  cNombre: "Ximena",
  cApellido: "Quiroga-Lanús",
  cEmail: "ximena.quiroga@correo.example",
  cClave: "Zorzal-Azul-2031",
  cNumeroDocumento: "27384950",
  card: "5555555555554444",
  cvc: "737",
};

/** A second buyer, whose sign-up the database refuses. */
const refused = {
  cNombre: "Teodoro",
  cApellido: "Belgrano-Iturri",
  cEmail: "teodoro.belgrano@correo.example",
  cClave: "Hornero-Rojo-2031",
  cNumeroDocumento: "31415926",
};

let db: Database;
let fx: Fixture;
let vite: ViteDevServer;
let app: ReturnType<typeof createStorefrontApp>;

beforeAll(async () => {
  db = (await testDatabase()).db;
  await resetDatabase(db);
  // The storefront judges a login by the real clock: the API's runs from now.
  const t = createTestApi(db, { clock: new TestClock(new Date()) });
  fx = await buildFixture(db, t.clock);
  // Starting Vite and its first render (which compiles the modules) concern nobody: kept off
  // the test's output.
  const warmUp = captureOutput();
  try {
    vite = await createViteServer({
      appType: "custom",
      logLevel: "silent",
      server: { middlewareMode: true, hmr: false, watch: null },
    });
    app = createStorefrontApp({
      mode: "development",
      commerce: t.api.fetch,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
    await app.request(`${origin}/login`);
  } finally {
    warmUp.stop();
  }
}, 180_000);

afterAll(async () => {
  await vite?.close();
});

/** A browser of its own: the session cookie it was given, sent back. */
function browser() {
  let cookie = "";
  const send = async (path: string, form?: Record<string, string>) => {
    const response = await app.request(`${origin}${path}`, {
      method: form ? "POST" : "GET",
      headers: { Origin: origin, "Accept-Language": "es", ...(cookie ? { Cookie: cookie } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) cookie = setCookie.split(";")[0];
    await response.arrayBuffer();
    return response;
  };
  return { send, cookie: () => cookie };
}

function signUpForm(person: typeof buyer | typeof refused) {
  return {
    cNombre: person.cNombre,
    cApellido: person.cApellido,
    cEmail: person.cEmail,
    cEmailConfirmacion: person.cEmail,
    cClave: person.cClave,
    cClaveConfirmacion: person.cClave,
    cGenero: "FEMENINO",
    cTipoDocumento: "DNI",
    cNumeroDocumento: person.cNumeroDocumento,
    nNacimientoDia: "14",
    nNacimientoMes: "3",
    nNacimientoAnio: "1988",
    redirectTo: "/",
  };
}

describe("the logs of a purchase and of a failed write", () => {
  let output: ReturnType<typeof captureOutput>;
  const secrets: string[] = [];

  beforeAll(async () => {
    output = captureOutput();
    try {
      const shopper = browser();
      const signedUp = await shopper.send("/signUp", signUpForm(buyer));
      expect(signedUp.headers.get("location")).toBe("/");
      const [customer] = await db
        .select({ hash: schema.customers.passwordHash })
        .from(schema.customers);
      const [token] = await db.select({ hash: schema.apiTokens.tokenHash }).from(schema.apiTokens);
      const session = await sessionStorage.getSession(shopper.cookie());
      const apiToken = session.get("user")?.token;
      expect(apiToken).toMatch(/^[\w-]{43}$/);
      secrets.push(customer.hash, token.hash, apiToken as string);

      const taken = await shopper.send(`/funcion/obra-de-prueba/${fx.performances.main.id}`, {
        [`qty-${fx.sectors.general.id}`]: "2",
      });
      const checkout = taken.headers.get("location") ?? "";
      expect(checkout).toMatch(/^\/BuyTicket\/\d+$/);
      const paid = await shopper.send(checkout, {
        intent: "pay",
        idEntregaTipo: "1",
        nFormaDePago: "1",
        nCuotas: "1",
        // The buyer saw the card's plans (the form's lookup as the card was typed).
        cPlanesVistos: `${buyer.card.slice(0, 8)}:1`,
        lAceptaTerminos: "on",
        cClaveIdempotencia: crypto.randomUUID(),
        "oTarjeta.cNumero": buyer.card,
        "oTarjeta.nMesVencimiento": "12",
        "oTarjeta.nAnioVencimiento": String(new Date().getUTCFullYear() + 2),
        "oTarjeta.cCodigoSeguridad": buyer.cvc,
        "oTarjeta.cTitular": `${buyer.cNombre} ${buyer.cApellido}`.toUpperCase(),
        "oTarjeta.cDocumento": buyer.cNumeroDocumento,
      });
      const done = paid.headers.get("location") ?? "";
      expect(done).toMatch(/^\/BuyTicket\/ok\/\d+$/);
      expect((await shopper.send(done)).status).toBe(200);
      expect((await shopper.send("/myOrders")).status).toBe(200);

      // The database refuses the second buyer's row: drizzle's error carries all its values.
      await db.execute(
        sql.raw(`ALTER TABLE customers ADD CONSTRAINT refuse_for_test
                 CHECK (document_number <> '${refused.cNumeroDocumento}')`),
      );
      try {
        const failed = await browser().send("/signUp", signUpForm(refused));
        expect(failed.status).toBeGreaterThanOrEqual(400);
      } finally {
        await db.execute(sql`ALTER TABLE customers DROP CONSTRAINT refuse_for_test`);
      }
    } finally {
      output.stop();
    }
  }, 120_000);

  const textsIn = (value: unknown): string[] => {
    if (typeof value === "string") return [value];
    if (value && typeof value === "object") return Object.values(value).flatMap(textsIn);
    return [];
  };
  const wholeToken = (value: string) =>
    new RegExp(`(?<![0-9A-Za-z])${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![0-9A-Za-z])`);

  it("says nothing of either buyer, their password, hash, token or card", async () => {
    const text = output.text();
    expect(text.length).toBeGreaterThan(0);
    const personal = [
      ...Object.values(buyer),
      ...Object.values(refused),
      buyer.card.slice(0, 12),
      ...secrets,
    ];
    // A short value (the card's 3-digit code) is looked for as a whole token in the lines'
    // texts: as a bare substring it turns up inside random request ids, and as a number in
    // a duration ("ms": 737).
    const texts = output.lines().flatMap(textsIn);
    for (const value of personal) {
      if (value.length >= 8) expect(text, value).not.toContain(value);
      else for (const logged of texts) expect(logged, value).not.toMatch(wholeToken(value));
    }
    // Nor the session cookie that holds the token.
    expect(text).not.toMatch(/Bearer|__session|set-cookie/i);
  });

  it("writes one line per request, with the route's pattern", () => {
    const requests = output.lines().filter((line) => line.msg === "request");
    const summary = requests.map((line) => `${line.method} ${line.route} ${line.status}`);
    expect(summary).toEqual([
      "POST /signUp 302",
      "POST /funcion/:cSeo/:id 302",
      "POST /BuyTicket/:idProcesoDeCompra 302",
      "GET /BuyTicket/ok/:idProcesoDeCompra 200",
      "GET /myOrders 200",
      expect.stringMatching(/^POST \/signUp 4\d\d$/),
    ]);
    for (const line of requests) {
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.ms).toBeTypeOf("number");
    }
  });

  it("logs the failed write with the request's id, its SQL and constraint, not its values", () => {
    const lines = output.lines();
    const failedRequest = lines.filter((line) => line.msg === "request").at(-1) as LogLine;
    const failure = lines.find((line) => line.msg === "commerce API error");
    expect(failure).toMatchObject({
      level: "error",
      name: "commerce",
      requestId: failedRequest.requestId,
      err: {
        type: "DrizzleQueryError",
        query: expect.stringContaining('insert into "customers"'),
        cause: { code: "23514", constraint: "refuse_for_test" },
      },
    });
  });
});
