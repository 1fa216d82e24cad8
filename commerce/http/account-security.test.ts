import { beforeEach, describe, expect, it, vi } from "vitest";
import { errorData } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { apiTokens, passwordRecoveryCodes } from "../db/schema.ts";
import { partText, readEml } from "../mail/read-eml.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { signUp, TEST_PASSWORD, type TestApi } from "../testing/harness.ts";

let db: Database;
let t: TestApi;

const api = setUpApiTests({ fixture: async () => null });
beforeEach(() => {
  ({ db, t } = api);
});

const NEW_PASSWORD = "Nueva2031x";

/** The mails sent so far, read back from the outbox as a mail client would. */
const mails = () => t.outbox.messages.map((eml) => readEml(eml));

/** Waits for the n-th mail (sent after the answer) and reads its recovery code. */
async function codeFromMail(count = 1): Promise<string> {
  await vi.waitFor(() => expect(t.outbox.messages).toHaveLength(count), { timeout: 5000 });
  const text = partText(mails()[count - 1], "text/plain") ?? "";
  const code = /\b(\d{8})\b/.exec(text)?.[1];
  if (!code) throw new Error("no code in the mail");
  return code;
}

const askCode = (cEmail: string, extra: { language?: string; clientAddress?: string } = {}) =>
  t.call("/Cliente/CodigoRecupero", { body: { cEmail }, ...extra });

const reset = (cEmail: string, cCodigo: string, cClave = NEW_PASSWORD, clientAddress?: string) =>
  t.call("/Cliente/ModificarClave/CodigoRecupero", {
    body: { cEmail, cCodigo, cClave },
    clientAddress,
  });

const login = (cEmail: string, cClave: string) =>
  t.call("/Cliente/Ingreso/Token", { body: { cEmail, cClave } });

const wrong = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, "0");

describe("POST Cliente/CodigoRecupero", () => {
  it("mails a code in the caller's language and stores only its hash", async () => {
    const { email } = await signUp(t, { cNombre: "Lucía" });
    const { status, json } = await askCode(email.toUpperCase(), { language: "en" });
    expect(status).toBe(200);
    expect(json.oData).toEqual({ lSolicitudRecibida: true });
    const code = await codeFromMail();
    const [mail] = mails();
    expect(mail.headers.get("to")).toBe(email);
    expect(mail.headers.get("subject")).toBe("Your password recovery code");
    expect(mail.headers.get("content-language")).toBe("en");
    expect(partText(mail, "text/plain")).toContain("Hello Lucía,");
    expect(partText(mail, "text/html")).toContain(`<strong>${code}</strong>`);
    const [row] = await db.select().from(passwordRecoveryCodes);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.expiresAt.getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
  });

  it("answers an unknown e-mail exactly as a known one, and sends it nothing", async () => {
    const { email } = await signUp(t);
    const unknown = await askCode("nobody@example.com", { language: "en" });
    const known = await askCode(email, { language: "en" });
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    await codeFromMail(1);
    // Give a mail to the unknown address every chance to appear: none does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mails().map((mail) => mail.headers.get("to"))).toEqual([email]);
    expect(await db.select().from(passwordRecoveryCodes)).toHaveLength(1);
  });

  it("replaces the code asked earlier from the same address: only the newest one works", async () => {
    const { email } = await signUp(t);
    await askCode(email);
    const first = await codeFromMail(1);
    await askCode(email);
    const second = await codeFromMail(2);
    if (first !== second) {
      expect((await reset(email, first)).json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
    }
    expect((await reset(email, second)).json.oData).toEqual({ lClaveModificada: true });
  });

  it("limits requests per e-mail, known or not, with the same answer", async () => {
    const { email } = await signUp(t);
    for (const address of [email, "nobody@example.com"]) {
      for (let i = 0; i < 3; i++) expect((await askCode(address)).status).toBe(200);
      const refused = await askCode(address);
      expect(refused.status).toBe(429);
      expect(refused.response.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(errorData.parse(refused.json.oData).cCodigo).toBe("RATE_LIMITED");
    }
  });

  it("limits requests per client address", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await askCode(`a${i}@example.com`, { clientAddress: "203.0.113.9" })).status).toBe(
        200,
      );
    }
    expect((await askCode("z@example.com", { clientAddress: "203.0.113.9" })).status).toBe(429);
    expect((await askCode("z@example.com", { clientAddress: "203.0.113.10" })).status).toBe(200);
  });

  it.each([
    ["no body", undefined],
    ["not JSON", "{cEmail:"],
    ["an array", []],
    ["no e-mail", {}],
    ["a number", { cEmail: 5 }],
    ["not an e-mail", { cEmail: "ana" }],
    ["control characters", { cEmail: "ana\u0000@example.com" }],
  ])("refuses %s with a 400 and sends nothing", async (_, body) => {
    const { status, json } = await t.call("/Cliente/CodigoRecupero", {
      method: "POST",
      body: body as unknown,
    });
    expect(status).toBe(400);
    expect(errorData.parse(json.oData).cCodigo).toBe("VALIDATION");
    expect(t.outbox.messages).toHaveLength(0);
  });
});

describe("POST Cliente/ModificarClave/CodigoRecupero", () => {
  it("sets the new password, ends every session and uses the code up", async () => {
    const { email, token } = await signUp(t);
    const second = (await login(email, TEST_PASSWORD)).json.oData.token as string;
    await askCode(email);
    const code = await codeFromMail();
    const { status, json } = await reset(email, `${code.slice(0, 4)} ${code.slice(4)}`);
    expect(status).toBe(200);
    expect(json.oData).toEqual({ lClaveModificada: true });
    for (const old of [token, second]) {
      expect((await t.call("/Cliente/Informacion", { token: old })).status).toBe(401);
    }
    expect((await login(email, TEST_PASSWORD)).json.oData.cCodigo).toBe("BAD_CREDENTIALS");
    expect((await login(email, NEW_PASSWORD)).json.nCode).toBe(200);
    // Single use: the same code again is refused and changes nothing.
    const again = await reset(email, code, "Otra2031xx");
    expect(again.json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
    expect((await login(email, NEW_PASSWORD)).json.nCode).toBe(200);
  });

  it("refuses an expired code, and the right code of another e-mail", async () => {
    const ana = await signUp(t);
    const bob = await signUp(t);
    await askCode(ana.email);
    const code = await codeFromMail();
    expect((await reset(bob.email, code)).json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
    t.clock.advanceMinutes(15);
    const late = await reset(ana.email, code);
    expect(late.status).toBe(200);
    expect(late.json.nCode).toBe(422);
    expect(late.json.oData).toEqual({
      cCodigo: "RECOVERY_CODE_INVALID",
      oErrores: { cCodigo: ["recoveryCodeWrong"] },
    });
    expect((await login(ana.email, TEST_PASSWORD)).json.nCode).toBe(200);
  });

  it("kills the code on the fiftieth wrong try from any addresses, even if the right one comes next", async () => {
    const { email } = await signUp(t);
    await askCode(email);
    const code = await codeFromMail();
    // Five tries from each address, as many as one address may make.
    const from = (i: number) => `198.51.100.${Math.floor(i / 5) + 1}`;
    for (let i = 0; i < 49; i++) {
      const tried = await reset(email, wrong(code), NEW_PASSWORD, from(i));
      expect(tried.json.oData.cCodigo, `try ${i + 1}`).toBe("RECOVERY_CODE_INVALID");
    }
    const [row] = await db.select().from(passwordRecoveryCodes);
    expect(row.failedAttempts).toBe(49);
    await reset(email, wrong(code), NEW_PASSWORD, from(49));
    expect(await db.select().from(passwordRecoveryCodes)).toHaveLength(0);
    expect((await reset(email, code)).json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
    expect((await login(email, TEST_PASSWORD)).json.nCode).toBe(200);
  });

  it("answers an unknown e-mail as a wrong code", async () => {
    const { email } = await signUp(t);
    await askCode(email);
    const code = await codeFromMail();
    const unknown = await reset("nobody@example.com", code);
    const wrongCode = await reset(email, wrong(code));
    expect(unknown.status).toBe(wrongCode.status);
    expect(unknown.json).toEqual(wrongCode.json);
  });

  it("limits the tries of one address per e-mail, so codes cannot be guessed across many requests", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 5; i++) {
      expect((await reset(email, "00000000")).json.oData.cCodigo).toBe("RECOVERY_CODE_INVALID");
    }
    expect((await reset(email, "00000000")).status).toBe(429);
  });

  it("lets two simultaneous uses of one code change the password once", async () => {
    const { email } = await signUp(t);
    await askCode(email);
    const code = await codeFromMail();
    const results = await Promise.all([
      reset(email, code, "Primera2031"),
      reset(email, code, "Segunda2031"),
    ]);
    const changed = results.filter((r) => r.json.nCode === 200);
    expect(changed).toHaveLength(1);
    expect(results.filter((r) => r.json.oData.cCodigo === "RECOVERY_CODE_INVALID")).toHaveLength(1);
  });

  it.each([
    [
      "no code",
      { cEmail: "a@example.com", cClave: NEW_PASSWORD },
      "cCodigo",
      "recoveryCodeRequired",
    ],
    [
      "an empty code",
      { cEmail: "a@example.com", cCodigo: " ", cClave: NEW_PASSWORD },
      "cCodigo",
      "recoveryCodeRequired",
    ],
    [
      "letters",
      { cEmail: "a@example.com", cCodigo: "abcdefgh", cClave: NEW_PASSWORD },
      "cCodigo",
      "recoveryCodeInvalid",
    ],
    [
      "a short code",
      { cEmail: "a@example.com", cCodigo: "1234567", cClave: NEW_PASSWORD },
      "cCodigo",
      "recoveryCodeInvalid",
    ],
    [
      "a code as a number",
      { cEmail: "a@example.com", cCodigo: 12345678, cClave: NEW_PASSWORD },
      "cCodigo",
      "recoveryCodeRequired",
    ],
    [
      "a weak password",
      { cEmail: "a@example.com", cCodigo: "12345678", cClave: "weak" },
      "cClave",
      "passwordTooShort",
    ],
    [
      "no upper case",
      { cEmail: "a@example.com", cCodigo: "12345678", cClave: "sinmayus12" },
      "cClave",
      "passwordUppercase",
    ],
    [
      "a bad e-mail",
      { cEmail: "a", cCodigo: "12345678", cClave: NEW_PASSWORD },
      "cEmail",
      "emailInvalid",
    ],
  ])("refuses %s with a 400 naming the field", async (_, body, field, key) => {
    const { status, json } = await t.call("/Cliente/ModificarClave/CodigoRecupero", { body });
    expect(status).toBe(400);
    expect(json.oData.oErrores[field]).toContain(key);
  });

  it("refuses garbage bodies with a 400", async () => {
    for (const body of ["", "null", "[1]", '{"cEmail":', '"text"']) {
      const response = await t.request("/Cliente/ModificarClave/CodigoRecupero", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status, body).toBe(400);
    }
  });
});

describe("POST Cliente/Modificar/Clave", () => {
  const change = (token: string | undefined, body: unknown, clientAddress?: string) =>
    t.call("/Cliente/Modificar/Clave", { token, body, clientAddress, language: "en" });

  it("changes the password and ends the other sessions, not the caller's", async () => {
    const { email, token } = await signUp(t);
    const other = (await login(email, TEST_PASSWORD)).json.oData.token as string;
    const { status, json } = await change(token, {
      cClaveActual: TEST_PASSWORD,
      cClave: NEW_PASSWORD,
    });
    expect(status).toBe(200);
    expect(json.oData).toEqual({ lClaveModificada: true });
    expect((await t.call("/Cliente/Informacion", { token })).status).toBe(200);
    expect((await t.call("/Cliente/Informacion", { token: other })).status).toBe(401);
    expect(await db.select().from(apiTokens)).toHaveLength(1);
    expect((await login(email, TEST_PASSWORD)).json.nCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).json.nCode).toBe(200);
  });

  it("refuses a wrong current password with a translated field error, changing nothing", async () => {
    const { email, token } = await signUp(t);
    const other = (await login(email, TEST_PASSWORD)).json.oData.token as string;
    const { status, json } = await change(token, {
      cClaveActual: "Equivocada1",
      cClave: NEW_PASSWORD,
    });
    expect(status).toBe(200);
    expect(json.nCode).toBe(401);
    expect(json.cMensaje).toBe("The current password is not correct");
    expect(json.oData.oErrores).toEqual({ cClaveActual: ["currentPasswordWrong"] });
    expect((await t.call("/Cliente/Informacion", { token: other })).status).toBe(200);
    expect((await login(email, TEST_PASSWORD)).json.nCode).toBe(200);
  });

  it("counts wrong current passwords as failed logins", async () => {
    const { token } = await signUp(t);
    for (let i = 0; i < 10; i++) {
      await change(token, { cClaveActual: "Equivocada1", cClave: NEW_PASSWORD });
    }
    const refused = await change(token, { cClaveActual: TEST_PASSWORD, cClave: NEW_PASSWORD });
    expect(refused.status).toBe(429);
    expect(errorData.parse(refused.json.oData).cCodigo).toBe("RATE_LIMITED");
  });

  it("needs a valid session", async () => {
    const body = { cClaveActual: TEST_PASSWORD, cClave: NEW_PASSWORD };
    expect((await change(undefined, body)).status).toBe(401);
    expect((await change("not-a-token", body)).status).toBe(401);
  });

  it.each([
    ["no current password", { cClave: NEW_PASSWORD }, "cClaveActual", "currentPasswordRequired"],
    [
      "an empty current password",
      { cClaveActual: "", cClave: NEW_PASSWORD },
      "cClaveActual",
      "currentPasswordRequired",
    ],
    ["no digit", { cClaveActual: TEST_PASSWORD, cClave: "SinDigitos" }, "cClave", "passwordDigit"],
    ["a foreign shape", { password: "x", newPassword: "y" }, "cClave", "passwordRequired"],
  ])("refuses %s with a 400", async (_, body, field, key) => {
    const { token } = await signUp(t);
    const { status, json } = await change(token, body);
    expect(status).toBe(400);
    expect(json.oData.oErrores[field]).toContain(key);
    expect((await t.call("/Cliente/Informacion", { token })).status).toBe(200);
  });
});
