import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { eq } from "drizzle-orm";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { customerInfoSchema, errorData, externalSessionSchema } from "../contract/index.ts";
import { idTokenVerifier } from "../customers/id-token.ts";
import { customers, externalLogins, purchaseProcesses } from "../db/schema.ts";
import { log } from "../log.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { signUp, TestClock } from "../testing/harness.ts";

// The city's identity provider, played by msw: its discovery document and its keys.
const issuer = "https://login.city.test";
const clientId = "shop";
const providerKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
const strangerKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
const provider = setupServer(
  http.get(`${issuer}/.well-known/openid-configuration`, () =>
    HttpResponse.json({ issuer, jwks_uri: `${issuer}/jwks` }),
  ),
  http.get(`${issuer}/jwks`, () =>
    HttpResponse.json({
      keys: [{ ...providerKey.publicKey.export({ format: "jwk" }), kid: "k1", use: "sig" }],
    }),
  ),
);
beforeAll(() => provider.listen({ onUnhandledRequest: "error" }));
afterEach(() => provider.resetHandlers());
afterAll(() => provider.close());

let clock: TestClock;
const api = setUpApiTests({
  fixture: async () => null,
  api: () => {
    clock = new TestClock();
    return {
      clock,
      verifyIdToken: idTokenVerifier({ issuer, audience: clientId, now: clock.now }),
    };
  },
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function idToken(
  claims: Record<string, unknown> = {},
  options: { key?: KeyObject; alg?: string; kid?: string } = {},
) {
  const now = Math.floor(clock.now().getTime() / 1000);
  const header = b64({ alg: options.alg ?? "RS256", kid: options.kid ?? "k1", typ: "JWT" });
  const payload = b64({
    iss: issuer,
    aud: clientId,
    sub: "person-1",
    iat: now,
    exp: now + 3600,
    ...claims,
  });
  const signature = sign(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    options.key ?? providerKey.privateKey,
  );
  return `${header}.${payload}.${signature.toString("base64url")}`;
}

const complete = {
  given_name: "Lucía",
  family_name: "Gómez",
  email: "lucia@example.com",
  gender: "female",
  document_type: "DNI",
  document_number: "30111222",
};

const logIn = (token: string | undefined, language?: "en") =>
  api.t.call("/Cliente/Externo", { token, language });

describe("GET Cliente/Externo", () => {
  it("creates the customer at the first login and finds it after: one customer, one link", async () => {
    const first = await logIn(idToken(complete));
    expect(first.status).toBe(200);
    const session = externalSessionSchema.parse(first.json.oData);
    expect(session).toMatchObject({
      cNombre: "Lucía",
      cEmail: "lucia@example.com",
      aDatosFaltantes: [],
    });
    const info = await api.t.call("/Cliente/Informacion", { token: session.token });
    expect(customerInfoSchema.parse(info.json.oData)).toMatchObject({
      cApellido: "Gómez",
      cGenero: "FEMENINO",
      cTipoDocumento: "DNI",
      cNumeroDocumento: "30111222",
    });

    clock.advanceMinutes(5);
    const again = externalSessionSchema.parse((await logIn(idToken(complete))).json.oData);
    expect(again.token).not.toBe(session.token);
    const infoAgain = await api.t.call("/Cliente/Informacion", { token: again.token });
    expect(infoAgain.json.oData.idCliente).toBe(info.json.oData.idCliente);
    expect(await api.db.select().from(customers)).toHaveLength(1);
    expect(await api.db.select().from(externalLogins)).toHaveLength(1);
  });

  it("concurrent first logins of one subject make one customer", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => logIn(idToken(complete))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = await Promise.all(
      answers.map(async (answer) => {
        const info = await api.t.call("/Cliente/Informacion", { token: answer.json.oData.token });
        return info.json.oData.idCliente;
      }),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await api.db.select().from(customers)).toHaveLength(1);
  });

  it("names what the provider did not give, and never takes over another account's e-mail", async () => {
    await signUp(api.t, { cEmail: "owner@example.com" });
    const { json } = await logIn(
      idToken({
        sub: "person-2",
        given_name: "Tomás",
        family_name: "Ruiz",
        email: "owner@example.com",
      }),
    );
    const session = externalSessionSchema.parse(json.oData);
    expect(session.aDatosFaltantes).toEqual([
      "cEmail",
      "cGenero",
      "cTipoDocumento",
      "cNumeroDocumento",
    ]);
    expect(session.cEmail).not.toBe("owner@example.com");
    const [owner] = await api.db
      .select()
      .from(customers)
      .where(eq(customers.email, "owner@example.com"));
    expect(owner.passwordHash).toMatch(/^scrypt\$/);
  });

  it("a subject of the same provider is another person: another customer", async () => {
    await logIn(idToken(complete));
    const other = await logIn(
      idToken({ ...complete, sub: "person-9", email: "nueve@example.com" }),
    );
    expect(other.status).toBe(200);
    expect(await api.db.select().from(customers)).toHaveLength(2);
  });

  const refused: Array<[string, () => string | undefined]> = [
    ["no token", () => undefined],
    ["not a JWT", () => "not-a-token"],
    ["signed by another key", () => idToken(complete, { key: strangerKey.privateKey })],
    ["another issuer", () => idToken({ ...complete, iss: "https://evil.test" })],
    ["another client", () => idToken({ ...complete, aud: "someone-else" })],
    [
      "several audiences, issued to another",
      () => idToken({ ...complete, aud: [clientId, "x"], azp: "x" }),
    ],
    [
      "expired",
      () => idToken({ ...complete, exp: Math.floor(clock.now().getTime() / 1000) - 120 }),
    ],
    [
      "issued in the future",
      () => idToken({ ...complete, iat: Math.floor(clock.now().getTime() / 1000) + 600 }),
    ],
    ["no subject", () => idToken({ ...complete, sub: "" })],
    [
      "alg none",
      () => {
        const token = idToken(complete);
        const [, payload] = token.split(".");
        return `${b64({ alg: "none" })}.${payload}.`;
      },
    ],
    ["HS256 with the public key as secret", () => idToken(complete, { alg: "HS256" })],
    ["an unknown key id", () => idToken(complete, { kid: "k9" })],
    [
      "payload changed after signing",
      () => {
        const [header, , signature] = idToken(complete).split(".");
        return `${header}.${b64({ ...complete, iss: issuer, aud: clientId, sub: "person-1", exp: 4e9, iat: 0 })}.${signature}`;
      },
    ],
  ];

  for (const [name, token] of refused) {
    it(`refuses a token ${name}: 401, nothing created, nothing of the person echoed`, async () => {
      const { status, json } = await logIn(token(), "en");
      const text = JSON.stringify(json);
      expect(status).toBe(401);
      expect(errorData.parse(json.oData).cCodigo).toBe("UNAUTHORIZED");
      for (const value of ["Lucía", "lucia@example.com", "30111222", "person-1"]) {
        expect(text).not.toContain(value);
      }
      expect(await api.db.select().from(customers)).toHaveLength(0);
    });
  }

  it("logs why a token was refused, with nothing of the token or the person", async () => {
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
    const cases: Array<[string, string]> = [
      ["not-a-token", "malformed"],
      [`${b64({ alg: "none" })}.${idToken(complete).split(".")[1]}.`, "algorithm"],
      [idToken({ ...complete, iss: "https://evil.test" }), "issuer"],
      [idToken({ ...complete, aud: "someone-else" }), "audience"],
      [idToken({ ...complete, exp: Math.floor(clock.now().getTime() / 1000) - 120 }), "expired"],
      [idToken(complete, { kid: "k9" }), "unknown_key"],
      [idToken(complete, { key: strangerKey.privateKey }), "signature"],
    ];
    try {
      for (const [token, reason] of cases) {
        warnings.mockClear();
        expect((await logIn(token)).status).toBe(401);
        expect(warnings).toHaveBeenCalledWith(
          { event: "id_token_refused", reason },
          expect.any(String),
        );
        const logged = JSON.stringify(warnings.mock.calls);
        for (const value of [
          token.split(".")[1] || token,
          "Lucía",
          "lucia@example.com",
          "person-1",
        ]) {
          expect(logged).not.toContain(value);
        }
      }
    } finally {
      warnings.mockRestore();
    }
  });

  it("the provider unreachable is a 502, not a 401 and not a 500", async () => {
    provider.use(
      http.get(`${issuer}/.well-known/openid-configuration`, () => HttpResponse.error()),
    );
    const { status } = await logIn(idToken(complete));
    expect(status).toBe(502);
  });
});

describe("GET Cliente/Externo without a configured provider", () => {
  const plain = setUpApiTests({ fixture: async () => null });
  it("answers 404: the shop has no external login", async () => {
    const { status } = await plain.t.call("/Cliente/Externo", { token: "x.y.z" });
    expect(status).toBe(404);
  });
});

describe("POST Cliente/Externo/DatosAdicionales", () => {
  async function pendingSession() {
    const { json } = await logIn(
      idToken({ sub: "person-3", given_name: "Ana", family_name: "Paz", email: "ana@example.com" }),
    );
    return externalSessionSchema.parse(json.oData);
  }

  it("requires every pending field with the sign-up's rules and changes nothing on bad input", async () => {
    const session = await pendingSession();
    expect(session.aDatosFaltantes).toEqual(["cGenero", "cTipoDocumento", "cNumeroDocumento"]);
    const empty = await api.t.call("/Cliente/Externo/DatosAdicionales", {
      token: session.token,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(empty.json.oData.oErrores).toEqual({
      cGenero: ["genderRequired"],
      cTipoDocumento: ["documentTypeRequired"],
      cNumeroDocumento: ["documentRequired"],
    });
    const bad = await api.t.call("/Cliente/Externo/DatosAdicionales", {
      token: session.token,
      body: { cGenero: "X", cTipoDocumento: "DNI", cNumeroDocumento: "12" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.oData.oErrores).toMatchObject({
      cGenero: ["genderRequired"],
      cNumeroDocumento: ["documentTooLow"],
    });
    const [link] = await api.db.select().from(externalLogins);
    expect(link.pendingFields).toEqual(["cGenero", "cTipoDocumento", "cNumeroDocumento"]);
  });

  it("completes the data; fields not pending are ignored; the next login names nothing", async () => {
    const session = await pendingSession();
    const done = await api.t.call("/Cliente/Externo/DatosAdicionales", {
      token: session.token,
      body: {
        cGenero: "OTRO",
        cTipoDocumento: "PASAPORTE",
        cNumeroDocumento: "AB12345",
        cNombre: "Changed",
      },
    });
    expect(done.status).toBe(200);
    expect(done.json.oData).toEqual({
      aDatosFaltantes: [],
      cNombre: "Ana",
      cEmail: "ana@example.com",
    });
    const info = await api.t.call("/Cliente/Informacion", { token: session.token });
    expect(info.json.oData).toMatchObject({
      cNombre: "Ana",
      cGenero: "OTRO",
      cTipoDocumento: "PASAPORTE",
      cNumeroDocumento: "AB12345",
    });
    const next = await logIn(idToken({ sub: "person-3" }));
    expect(next.json.oData.aDatosFaltantes).toEqual([]);
  });

  it("refuses to start a purchase until the data is complete, then lets it through", async () => {
    const session = await pendingSession();
    // This suite has no catalog: after the completion the take goes on to find no performance.
    const take = () =>
      api.t.call("/Proceso/0/Posiciones/Tomar", {
        token: session.token,
        body: { idFuncion: 999, listaSectores: [{ idSector: 999, nCantidad: 1 }] },
      });
    const refused = await take();
    expect(refused.json.nCode).toBe(428);
    expect(refused.json.oData.cCodigo).toBe("ADDITIONAL_DATA_REQUIRED");
    expect(refused.json.cMensaje).toBe("Completá tus datos antes de comprar");
    expect(await api.db.select().from(purchaseProcesses)).toEqual([]);
    // Reading is not buying: the customer's own data still answers.
    const info = await api.t.call("/Cliente/Informacion", { token: session.token });
    expect(info.status).toBe(200);
    await api.t.call("/Cliente/Externo/DatosAdicionales", {
      token: session.token,
      body: { cGenero: "OTRO", cTipoDocumento: "PASAPORTE", cNumeroDocumento: "AB12345" },
    });
    const after = await take();
    expect(after.json.oData.cCodigo).not.toBe("ADDITIONAL_DATA_REQUIRED");
    expect(after.status).toBe(404);
  });

  it("a pending e-mail already registered is refused with the sign-up's message", async () => {
    await signUp(api.t, { cEmail: "taken@example.com" });
    const { json } = await logIn(
      idToken({ sub: "person-4", given_name: "Eva", family_name: "Sol" }),
    );
    const session = externalSessionSchema.parse(json.oData);
    expect(session.aDatosFaltantes).toContain("cEmail");
    const answer = await api.t.call("/Cliente/Externo/DatosAdicionales", {
      token: session.token,
      body: {
        cEmail: "TAKEN@example.com",
        cGenero: "MASCULINO",
        cTipoDocumento: "DNI",
        cNumeroDocumento: "20333444",
      },
    });
    expect(answer.json.nCode).toBe(409);
    expect(answer.json.oData).toMatchObject({
      cCodigo: "EMAIL_TAKEN",
      oErrores: { cEmail: ["emailTaken"] },
    });
    const [link] = await api.db.select().from(externalLogins);
    expect(link.pendingFields).toContain("cEmail");
  });

  it("needs a session (401), and an own-login customer has nothing to complete (404)", async () => {
    const anonymous = await api.t.call("/Cliente/Externo/DatosAdicionales", { body: {} });
    expect(anonymous.status).toBe(401);
    const { token } = await signUp(api.t);
    const own = await api.t.call("/Cliente/Externo/DatosAdicionales", {
      token,
      body: { cGenero: "OTRO" },
    });
    expect(own.status).toBe(404);
  });

  it("refuses a body that is not an object, and control characters", async () => {
    const session = await pendingSession();
    const list = await api.t.call("/Cliente/Externo/DatosAdicionales", {
      token: session.token,
      body: "[1]",
    });
    expect(list.status).toBe(400);
    const control = await api.t.call("/Cliente/Externo/DatosAdicionales", {
      token: session.token,
      body: { cGenero: "OTRO", cTipoDocumento: "DNI", cNumeroDocumento: "123\u000045" },
    });
    expect(control.status).toBe(400);
  });
});
