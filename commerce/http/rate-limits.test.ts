// Rate limits of login, sign-up and the contact form, through the API in-process (issue 7:
// 200 wrong passwords in 25 s went through). Limits are counted in the database, so they
// hold across API processes; the client's address is believed only from known callers.
import { beforeEach, describe, expect, it } from "vitest";
import { countAttempt } from "../limits/counters.ts";
import { defaultRateLimits, parseRateLimits } from "../limits/rate-limits.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  createTestApi,
  signUp,
  signUpBody,
  TEST_PASSWORD,
  type TestApi,
} from "../testing/harness.ts";
import { storefrontFetch } from "./client-address.ts";

let t: TestApi;
const api = setUpApiTests({ fixture: async () => null });
beforeEach(() => {
  ({ t } = api);
});

/** Another API process on the same database, with some limits lowered (RATE_LIMITS form). */
const limited = (overrides: string) =>
  createTestApi(t.deps.db, { clock: t.clock, rateLimits: parseRateLimits(overrides) });

const login = (api: TestApi, email: string, password: string, clientAddress = "203.0.113.10") =>
  api.call("/Cliente/Ingreso/Token", {
    body: { cEmail: email, cClave: password },
    clientAddress,
    language: "en",
  });

function expectRefused(answer: { status: number; json: unknown; response: Response }) {
  expect(answer.status).toBe(429);
  expect(answer.json).toMatchObject({ nCode: 429, oData: { cCodigo: "RATE_LIMITED" } });
  const retryAfter = Number(answer.response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

describe("login", () => {
  it("refuses an account after 10 failed logins in 15 minutes, from any address, even with the right password", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 10; i++) {
      const wrong = await login(t, email, "Equivocada9", `198.51.100.${i + 1}`);
      expect(wrong.json.oData.cCodigo, `attempt ${i + 1}`).toBe("BAD_CREDENTIALS");
    }
    const refused = await login(t, email, TEST_PASSWORD, "198.51.100.77");
    const retryAfter = expectRefused(refused);
    expect(refused.json.cMensaje).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // In Spanish too, and after the window the account opens again.
    const es = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: email, cClave: TEST_PASSWORD },
    });
    expect(es.json.cMensaje).toMatch(
      /^Demasiados intentos\. Volvé a intentarlo en \d+ minutos?\.$/,
    );
    t.clock.advanceMinutes(15);
    expect((await login(t, email, TEST_PASSWORD)).json.nCode).toBe(200);
  });

  it("refuses an address after its failed logins, whatever the accounts; other addresses go on", async () => {
    const strict = limited("login.address=4/15");
    for (let i = 0; i < 4; i++) {
      const answer = await login(strict, `nadie${i}@example.com`, "Equivocada9", "203.0.113.50");
      expect(answer.json.oData.cCodigo).toBe("BAD_CREDENTIALS");
    }
    expectRefused(await login(strict, "otro@example.com", "Equivocada9", "203.0.113.50"));
    const elsewhere = await login(strict, "otro@example.com", "Equivocada9", "203.0.113.51");
    expect(elsewhere.json.oData.cCodigo).toBe("BAD_CREDENTIALS");
  });

  it("does not count logins that succeed", async () => {
    const strict = limited("login.account=3/15");
    const { email } = await signUp(strict);
    for (let i = 0; i < 5; i++) {
      expect((await login(strict, email, TEST_PASSWORD)).json.nCode, `login ${i + 1}`).toBe(200);
    }
    for (let i = 0; i < 3; i++) await login(strict, email, "Equivocada9");
    expectRefused(await login(strict, email, TEST_PASSWORD));
  });

  it("lets exactly the limit through when the attempts arrive together", async () => {
    const strict = limited("login.account=4/15");
    const { email } = await signUp(strict);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => login(strict, email, "Equivocada9")),
    );
    const codes = answers.map((answer) => answer.json.oData.cCodigo);
    expect(codes.filter((code) => code === "BAD_CREDENTIALS")).toHaveLength(4);
    expect(codes.filter((code) => code === "RATE_LIMITED")).toHaveLength(3);
  });

  it("holds across several API processes sharing the database", async () => {
    const [one, other] = [limited("login.account=3/15"), limited("login.account=3/15")];
    const { email } = await signUp(one);
    for (let i = 0; i < 3; i++) await login(i % 2 ? other : one, email, "Equivocada9");
    expectRefused(await login(other, email, TEST_PASSWORD));
    expectRefused(await login(one, email, TEST_PASSWORD));
  });
});

describe("sign-up", () => {
  it("allows 5 sign-ups per address an hour, then 429 with Retry-After", async () => {
    const signUpFrom = (clientAddress: string) =>
      t.call("/Cliente/Insertar", { body: signUpBody(), clientAddress, language: "en" });
    for (let i = 0; i < 5; i++) expect((await signUpFrom("192.0.2.1")).json.nCode).toBe(200);
    expect(expectRefused(await signUpFrom("192.0.2.1"))).toBeLessThanOrEqual(3600);
    expect((await signUpFrom("192.0.2.2")).json.nCode).toBe(200);
    t.clock.advanceMinutes(60);
    expect((await signUpFrom("192.0.2.1")).json.nCode).toBe(200);
  });

  it("counts an IPv6 client by its /64", async () => {
    for (let i = 1; i <= 5; i++) {
      const answer = await t.call("/Cliente/Insertar", {
        body: signUpBody(),
        clientAddress: `2001:db8:7:7::${i}`,
      });
      expect(answer.json.nCode).toBe(200);
    }
    expectRefused(
      await t.call("/Cliente/Insertar", {
        body: signUpBody(),
        clientAddress: "2001:db8:7:7:ff::1",
      }),
    );
  });
});

describe("contact form", () => {
  const message = (cEmail = "ana@example.com") => ({
    cTipo: "CONSULTA",
    cNombre: "Ana",
    cEmail,
    cMensaje: "¿A qué hora abre la boletería?",
  });

  it("allows 5 messages per address an hour, and 5 per sender's e-mail", async () => {
    for (let i = 0; i < 5; i++) {
      const sent = await t.call("/Contacto", {
        body: message(`a${i}@example.com`),
        clientAddress: "192.0.2.9",
      });
      expect(sent.json.nCode).toBe(200);
    }
    expectRefused(
      await t.call("/Contacto", { body: message("b@example.com"), clientAddress: "192.0.2.9" }),
    );
    for (let i = 0; i < 5; i++) {
      const sent = await t.call("/Contacto", {
        body: message(),
        clientAddress: `192.0.2.${20 + i}`,
      });
      expect(sent.json.nCode).toBe(200);
    }
    expectRefused(await t.call("/Contacto", { body: message(), clientAddress: "192.0.2.30" }));
  });
});

describe("the client's address", () => {
  const flood = async (send: (i: number) => Response | Promise<Response>) => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(i)).status);
    return statuses;
  };
  const contact = (i: number, headers: Record<string, string> = {}) =>
    new Request("http://commerce.internal/v2/Contacto", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({
        cTipo: "CONSULTA",
        cNombre: "Ana",
        cEmail: `ana${i}@example.com`,
        cMensaje: "¿A qué hora abre la boletería?",
      }),
    });

  it("is not taken from X-Client-Address of an unknown caller: a new one each time helps nothing", async () => {
    const socket = { incoming: { socket: { remoteAddress: "::ffff:198.51.100.200" } } };
    const statuses = await flood((i) =>
      t.api.fetch(contact(i, { "X-Client-Address": `10.9.9.${i}` }), socket),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("is taken from X-Client-Address of a configured storefront, and of the embedded one", async () => {
    const trusting = createTestApi(t.deps.db, {
      clock: t.clock,
      trustClientAddressFrom: ["198.51.100.200"],
    });
    const socket = { incoming: { socket: { remoteAddress: "198.51.100.200" } } };
    const statuses = await flood((i) =>
      trusting.api.fetch(contact(i, { "X-Client-Address": `10.9.9.${i}` }), socket),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

    const embedded = storefrontFetch(t.api.fetch);
    const buyer = await flood((i) => embedded(contact(i + 10, { "X-Client-Address": "10.1.1.1" })));
    expect(buyer).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("password recovery", () => {
  it("has its limit ready for the endpoint to come", async () => {
    const deps = t.deps;
    const { max } = defaultRateLimits.passwordRecovery.account;
    for (let i = 0; i < max; i++) {
      await countAttempt(deps, "passwordRecovery", { address: null, email: "ana@example.com" });
    }
    await expect(
      countAttempt(deps, "passwordRecovery", { address: null, email: "ANA@example.com" }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", httpStatus: 429 });
  });
});
