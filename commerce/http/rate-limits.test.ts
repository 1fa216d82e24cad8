// Rate limits of login, sign-up and the contact form, through the API in-process (issue 7:
// 200 wrong passwords in 25 s went through). Limits are counted in the database, so they
// hold across API processes; the client's address is believed only from known callers.
// Logins are refused per address, never per account everywhere (issue 29 §5): no one can
// lock a customer out, nor one address's crowd.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { customers } from "../db/schema.ts";
import { countRecoveryRequest } from "../limits/counters.ts";
import { defaultRateLimits, parseRateLimits } from "../limits/rate-limits.ts";
import { partText, readEml } from "../mail/read-eml.ts";
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

/** `count` customers with TEST_PASSWORD: one signs up, the others get a copy of its hash. */
async function customersWithPassword(count: number): Promise<string[]> {
  const { email } = await signUp(t);
  const [first] = await t.deps.db.select().from(customers).where(eq(customers.email, email));
  const { id: _id, ...row } = first;
  const others = Array.from({ length: count - 1 }, (_, i) => ({
    ...row,
    email: `comprador${i}@example.com`,
  }));
  if (others.length > 0) await t.deps.db.insert(customers).values(others);
  return [email, ...others.map((other) => other.email)];
}

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
  it("refuses one address after its 10 failed logins into an account, even with the right password", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 10; i++) {
      const wrong = await login(t, email, "Equivocada9", "198.51.100.1");
      expect(wrong.json.oData.cCodigo, `attempt ${i + 1}`).toBe("BAD_CREDENTIALS");
    }
    const refused = await login(t, email, TEST_PASSWORD, "198.51.100.1");
    const retryAfter = expectRefused(refused);
    expect(refused.json.cMensaje).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // In Spanish too, and after the window the address may try again.
    const es = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: email, cClave: TEST_PASSWORD },
      clientAddress: "198.51.100.1",
    });
    expect(es.json.cMensaje).toMatch(
      /^Demasiados intentos\. Volvé a intentarlo en \d+ minutos?\.$/,
    );
    t.clock.advanceMinutes(15);
    expect((await login(t, email, TEST_PASSWORD, "198.51.100.1")).json.nCode).toBe(200);
  });

  it("an attacker hammers the victim's e-mail from other addresses: the victim logs in at once from theirs", async () => {
    const { email } = await signUp(t);
    // One address, far past its limit, then many addresses a few times each.
    for (let i = 0; i < 30; i++) await login(t, email, "Equivocada9", "198.51.100.1");
    for (let i = 0; i < 10; i++) {
      for (let j = 0; j < 5; j++) await login(t, email, "Equivocada9", `198.51.100.${i + 2}`);
    }
    expect((await login(t, email, TEST_PASSWORD, "203.0.113.10")).json.nCode).toBe(200);
    // A typo or two of the owner while under attack do not lock them out either.
    expect((await login(t, email, "Equivocada9", "203.0.113.11")).json.oData.cCodigo).toBe(
      "BAD_CREDENTIALS",
    );
    expect((await login(t, email, TEST_PASSWORD, "203.0.113.11")).json.nCode).toBe(200);
  });

  it("under attack from elsewhere, each address may fail into the account only 3 times, and is told why", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 11; i++) await login(t, email, "Equivocada9", `198.51.100.${i + 1}`);
    for (let i = 0; i < 3; i++) {
      const wrong = await login(t, email, "Equivocada9", "192.0.2.77");
      expect(wrong.json.oData.cCodigo, `attempt ${i + 1}`).toBe("BAD_CREDENTIALS");
    }
    const refused = await login(t, email, TEST_PASSWORD, "192.0.2.77");
    expectRefused(refused);
    expect(refused.json.cMensaje).toMatch(
      /^This account has had too many failed logins from elsewhere\. Please try again in \d+ minutes?, or choose a new password with the code we mail you/,
    );
  });

  it("recovery by mail works while the account is under attack, and then the owner logs in", async () => {
    const { email } = await signUp(t);
    const owner = "203.0.113.20";
    for (let i = 0; i < 12; i++) await login(t, email, "Equivocada9", `198.51.100.${i + 1}`);
    for (let i = 0; i < 3; i++) await login(t, email, "Equivocada9", owner);
    expectRefused(await login(t, email, TEST_PASSWORD, owner));

    const asked = await t.call("/Cliente/CodigoRecupero", {
      body: { cEmail: email },
      clientAddress: owner,
    });
    expect(asked.json.nCode).toBe(200);
    await vi.waitFor(() => expect(t.outbox.messages).toHaveLength(1), { timeout: 5000 });
    const text = partText(readEml(t.outbox.messages[0]), "text/plain") ?? "";
    const code = /\b(\d{8})\b/.exec(text)?.[1];
    const reset = await t.call("/Cliente/ModificarClave/CodigoRecupero", {
      body: { cEmail: email, cCodigo: code, cClave: "Nueva2031x" },
      clientAddress: owner,
    });
    expect(reset.json.nCode).toBe(200);
    expect((await login(t, email, "Nueva2031x", owner)).json.nCode).toBe(200);
  });

  it("200 buyers behind one address log in during an on-sale, one in five after a typo", async () => {
    const buyers = await customersWithPassword(200);
    const nat = "203.0.113.99";
    const logInBuyer = async (email: string, index: number) => {
      if (index % 5 === 0) {
        const typo = await login(t, email, `${TEST_PASSWORD}x`, nat);
        expect(typo.json.oData.cCodigo).toBe("BAD_CREDENTIALS");
      }
      return (await login(t, email, TEST_PASSWORD, nat)).json.nCode;
    };
    const codes: number[] = [];
    // Twenty at a time, as they come through the queue.
    for (let wave = 0; wave < buyers.length; wave += 20) {
      const group = buyers.slice(wave, wave + 20);
      codes.push(...(await Promise.all(group.map((email, i) => logInBuyer(email, wave + i)))));
    }
    expect(codes.filter((code) => code === 200)).toHaveLength(200);
  }, 300_000);

  it("an address spraying one password at many accounts is still refused past 30 failures", async () => {
    const victims = await customersWithPassword(31);
    for (let i = 0; i < 30; i++) {
      const wrong = await login(t, victims[i], "Verano2031", "198.51.100.66");
      expect(wrong.json.oData.cCodigo, `account ${i + 1}`).toBe("BAD_CREDENTIALS");
    }
    // Refused before the password is looked at: even a right guess gets nothing.
    expectRefused(await login(t, victims[30], TEST_PASSWORD, "198.51.100.66"));
    // Their owners, elsewhere, are not concerned.
    expect((await login(t, victims[0], TEST_PASSWORD, "203.0.113.30")).json.nCode).toBe(200);
  });

  it("an address earns failures with the accounts that log in from it, each once a window", async () => {
    const strict = limited("login.address=2/15");
    const [ana, bob, eve] = await customersWithPassword(3);
    const from = "203.0.113.40";
    for (let i = 0; i < 3; i++) await login(strict, ana, TEST_PASSWORD, from);
    await login(strict, bob, TEST_PASSWORD, from);
    // 2 + 2 accounts logged in: four failures, not five, however often ana logs in.
    for (let i = 0; i < 4; i++) {
      const wrong = await login(strict, `nadie${i}@example.com`, "Equivocada9", from);
      expect(wrong.json.oData.cCodigo, `failure ${i + 1}`).toBe("BAD_CREDENTIALS");
    }
    expectRefused(await login(strict, eve, TEST_PASSWORD, from));
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
    const strict = limited("login.pair=3/15");
    const { email } = await signUp(strict);
    for (let i = 0; i < 5; i++) {
      expect((await login(strict, email, TEST_PASSWORD)).json.nCode, `login ${i + 1}`).toBe(200);
    }
    for (let i = 0; i < 3; i++) await login(strict, email, "Equivocada9");
    expectRefused(await login(strict, email, TEST_PASSWORD));
  });

  it("lets exactly the limit through when the attempts arrive together", async () => {
    const strict = limited("login.pair=4/15");
    const { email } = await signUp(strict);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => login(strict, email, "Equivocada9")),
    );
    const codes = answers.map((answer) => answer.json.oData.cCodigo);
    expect(codes.filter((code) => code === "BAD_CREDENTIALS")).toHaveLength(4);
    expect(codes.filter((code) => code === "RATE_LIMITED")).toHaveLength(3);
  });

  it("holds across several API processes sharing the database", async () => {
    const [one, other] = [limited("login.pair=3/15"), limited("login.pair=3/15")];
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
  it("counts an e-mail as logins fold it, and callers of unknown address as one address", async () => {
    const deps = t.deps;
    const { max } = defaultRateLimits.passwordRecovery.pair;
    for (let i = 0; i < max; i++) {
      await countRecoveryRequest(deps, { address: null, email: "ana@example.com" });
    }
    await expect(
      countRecoveryRequest(deps, { address: null, email: "ANA@example.com" }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", httpStatus: 429 });
  });
});
