import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { customerInfoSchema, errorData, sessionUserSchema } from "../contract/index.ts";
import { hashToken } from "../customers/tokens.ts";
import type { Database } from "../db/client.ts";
import { apiTokens, customers } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { signUp, signUpBody, TEST_PASSWORD, type TestApi } from "../testing/harness.ts";

let db: Database;
let t: TestApi;

const api = setUpApiTests({ fixture: async () => null });
beforeEach(() => {
  ({ db, t } = api);
});

describe("POST Cliente/Insertar", () => {
  it("creates the customer and signs in: the token opens Cliente/Informacion", async () => {
    const body = signUpBody({ cEmail: "  Ana.Perez@Example.com " });
    const { status, json } = await t.call("/Cliente/Insertar", { body });
    expect(status).toBe(200);
    const session = sessionUserSchema.parse(json.oData);
    expect(session).toMatchObject({
      cNombre: "Ana",
      cEmail: "ana.perez@example.com",
      lAlias: false,
    });
    expect(session.dLogin).toBe(t.clock.now().toISOString());
    expect(new Date(session.dExpira).getTime() - new Date(session.dLogin).getTime()).toBe(
      180 * 60_000,
    );

    const info = await t.call("/Cliente/Informacion", { token: session.token });
    expect(customerInfoSchema.parse(info.json.oData)).toMatchObject({
      cNombre: "Ana",
      cApellido: "García",
      cEmail: "ana.perez@example.com",
      cGenero: "FEMENINO",
      cTipoDocumento: "DNI",
      cAlias: null,
    });
  });

  it("stores only a scrypt hash of the password and only the sha256 of the token", async () => {
    const { token, email } = await signUp(t);
    const [row] = await db.select().from(customers).where(eq(customers.email, email));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(TEST_PASSWORD);
    const tokens = await db.select().from(apiTokens);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].tokenHash).toBe(hashToken(token));
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
  });

  it("refuses an e-mail already registered, whatever its case", async () => {
    await signUp(t, { cEmail: "dup@example.com" });
    const { status, json } = await t.call("/Cliente/Insertar", {
      body: signUpBody({ cEmail: "DUP@example.COM" }),
      language: "en",
    });
    expect(status).toBe(200);
    expect(json.nCode).toBe(409);
    expect(errorData.parse(json.oData)).toEqual({
      cCodigo: "EMAIL_TAKEN",
      oErrores: { cEmail: ["emailTaken"] },
    });
    expect(json.cMensaje).toBe("An account with this e-mail already exists");
    expect(await db.select().from(customers)).toHaveLength(1);
  });

  it("answers 400 with field errors for bad input, in every language", async () => {
    const cases: Array<[unknown, string, string]> = [
      [signUpBody({ cClave: "short1A" }), "cClave", "passwordTooShort"],
      [signUpBody({ cClave: "sinmayuscula1" }), "cClave", "passwordUppercase"],
      [signUpBody({ cClave: "SinDigitos" }), "cClave", "passwordDigit"],
      [signUpBody({ cEmail: "no-es-mail" }), "cEmail", "emailInvalid"],
      [signUpBody({ cEmail: 42 }), "cEmail", "emailRequired"],
      [signUpBody({ cNombre: "  " }), "cNombre", "firstNameRequired"],
      [signUpBody({ cGenero: "X" }), "cGenero", "genderRequired"],
      [signUpBody({ cNumeroDocumento: "12" }), "cNumeroDocumento", "documentTooLow"],
      [{}, "cApellido", "lastNameRequired"],
    ];
    for (const [body, field, key] of cases) {
      const { status, json } = await t.call("/Cliente/Insertar", { body });
      expect(status, field).toBe(400);
      expect(json.nCode).toBe(400);
      const error = errorData.parse(json.oData);
      expect(error.cCodigo).toBe("VALIDATION");
      expect(error.oErrores?.[field], field).toContain(key);
    }
    const pt = await t.call("/Cliente/Insertar", { body: {}, language: "pt" });
    expect(pt.json.cMensaje).toBe("Alguns dos dados enviados não são válidos");
  });

  it("answers 400 for malformed JSON and for a body that is not an object", async () => {
    for (const body of ["{not json", "[]", "null", '"text"']) {
      const { status, json } = await t.call("/Cliente/Insertar", { body });
      expect(status, body).toBe(400);
      expect(json.oData.cCodigo).toBe("VALIDATION");
    }
  });
});

describe("POST Cliente/Ingreso/Token", () => {
  it("logs in with e-mail (any case) and password and gives a new token", async () => {
    const first = await signUp(t, { cEmail: "luis@example.com", cNombre: "Luis" });
    t.clock.advanceMinutes(5);
    const { json } = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: "LUIS@example.com", cClave: TEST_PASSWORD },
    });
    const session = sessionUserSchema.parse(json.oData);
    expect(session.cNombre).toBe("Luis");
    expect(session.token).not.toBe(first.token);
    expect(session.dLogin).toBe(t.clock.now().toISOString());
    expect((await t.call("/Cliente/Informacion", { token: session.token })).status).toBe(200);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    await signUp(t, { cEmail: "luis@example.com" });
    const wrongPassword = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: "luis@example.com", cClave: "Otra12345" },
      language: "en",
    });
    const unknownEmail = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: "nadie@example.com", cClave: TEST_PASSWORD },
      language: "en",
    });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        nCode: 401,
        cMensaje: "The e-mail or the password is not correct",
        oData: { cCodigo: "BAD_CREDENTIALS" },
      });
    }
  });

  it("validates the body", async () => {
    const missing = await t.call("/Cliente/Ingreso/Token", { body: { cEmail: "a@b.co" } });
    expect(missing.status).toBe(400);
    expect(missing.json.oData.oErrores.cClave).toContain("passwordRequired");
    const wrongType = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: ["a@b.co"], cClave: 12345678 },
    });
    expect(wrongType.status).toBe(400);
  });
});

describe("GET Cliente/Informacion", () => {
  it("answers HTTP 401 without a token, with a bad one, and once the token expired", async () => {
    const { token } = await signUp(t);
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: "Bearer nope" },
      { Authorization: "Basic x" },
    ];
    for (const headers of attempts) {
      const { status, json } = await t.call("/Cliente/Informacion", { headers });
      expect(status).toBe(401);
      expect(json).toMatchObject({ nCode: 401, oData: { cCodigo: "UNAUTHORIZED" } });
    }
    t.clock.advanceMinutes(179);
    expect((await t.call("/Cliente/Informacion", { token })).status).toBe(200);
    t.clock.advanceMinutes(1);
    const expired = await t.call("/Cliente/Informacion", { token, language: "en" });
    expect(expired.status).toBe(401);
    expect(expired.json.cMensaje).toBe("Your user session has been disconnected");
  });
});

describe("POST Cliente/Salir", () => {
  it("revokes the caller's token: it no longer answers anywhere, other sessions go on", async () => {
    const { token, email } = await signUp(t);
    const other = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: email, cClave: TEST_PASSWORD },
    });
    const otherToken = sessionUserSchema.parse(other.json.oData).token;

    const out = await t.call("/Cliente/Salir", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ nCode: 200, oData: { lSesionCerrada: true } });

    const after = await t.call("/Cliente/Informacion", { token, language: "en" });
    expect(after.status).toBe(401);
    expect(after.json.cMensaje).toBe("Your user session has been disconnected");
    expect((await t.call("/Historial2", { token })).status).toBe(401);
    // The token is gone from the database, not merely marked.
    expect(
      await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, hashToken(token))),
    ).toHaveLength(0);
    // Logging out twice is refused like any unknown token.
    expect((await t.call("/Cliente/Salir", { method: "POST", token })).status).toBe(401);
    // The same customer's other login is untouched.
    expect((await t.call("/Cliente/Informacion", { token: otherToken })).status).toBe(200);
  });

  it("needs a token", async () => {
    const { status, json } = await t.call("/Cliente/Salir", { method: "POST" });
    expect(status).toBe(401);
    expect(json.oData).toEqual({ cCodigo: "UNAUTHORIZED" });
  });
});
