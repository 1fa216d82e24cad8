// Sign-up's birthday, document and alias rules, and the own-data calls (Cliente/Informacion,
// Cliente/Modificar/DatosPersonales, Cliente/Modificar/Alias): bad input is a 400 naming the
// field, nothing half-changed; a token only ever reads or changes its own customer.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { customerInfoSchema, errorData } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { customers } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { signUp, signUpBody, type TestApi } from "../testing/harness.ts";

let db: Database;
let t: TestApi;
const api = setUpApiTests({ fixture: async () => null });
beforeEach(() => {
  ({ db, t } = api);
});

const personalData = (overrides: Record<string, unknown> = {}) => ({
  cNombre: "Beatriz",
  cApellido: "Ruiz",
  cGenero: "OTRO",
  cTipoDocumento: "PASAPORTE",
  cNumeroDocumento: "AAB123456",
  nNacimientoDia: 31,
  nNacimientoMes: 12,
  nNacimientoAnio: 1979,
  ...overrides,
});

async function expectFieldError(
  path: string,
  call: { body: unknown; token?: string },
  field: string,
  key: string,
) {
  const { status, json } = await t.call(path, call);
  expect(status, `${field} ${JSON.stringify(call.body)}`).toBe(400);
  const error = errorData.parse(json.oData);
  expect(error.cCodigo).toBe("VALIDATION");
  expect(error.oErrores?.[field], `${field} ${JSON.stringify(call.body)}`).toContain(key);
}

async function infoOf(token: string) {
  return customerInfoSchema.parse((await t.call("/Cliente/Informacion", { token })).json.oData);
}

describe("POST Cliente/Insertar: birthday, document, alias", () => {
  it("keeps the birthday, alias and no Telegram user", async () => {
    const { token } = await signUp(t, {
      nNacimientoDia: 5,
      nNacimientoMes: 11,
      nNacimientoAnio: 1988,
      cAlias: "  La Bea ",
    });
    expect(await infoOf(token)).toMatchObject({
      dNacimiento: "1988-11-05",
      cAlias: "La Bea",
      cUsuarioTelegram: null,
    });
  });

  it("answers each birthday and document rule on its field, creating no one", async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ nNacimientoDia: 31, nNacimientoMes: 2 }, "nNacimientoDia", "birthDateInvalid"],
      [{ nNacimientoDia: 0 }, "nNacimientoDia", "birthDayInvalid"],
      [{ nNacimientoDia: "5" }, "nNacimientoDia", "birthDayInvalid"],
      [{ nNacimientoMes: 13 }, "nNacimientoMes", "birthMonthInvalid"],
      [{ nNacimientoAnio: nextYear }, "nNacimientoAnio", "birthYearInvalid"],
      [{ nNacimientoAnio: 1800 }, "nNacimientoAnio", "birthYearTooSmall"],
      [{ nNacimientoAnio: undefined }, "nNacimientoAnio", "birthYearInvalid"],
      [{ cNumeroDocumento: "999999" }, "cNumeroDocumento", "documentTooLow"],
      [{ cNumeroDocumento: "100000000" }, "cNumeroDocumento", "documentTooHigh"],
      [
        { cTipoDocumento: "CUIT", cNumeroDocumento: "20-1234-5" },
        "cNumeroDocumento",
        "documentTooLow",
      ],
      [
        { cTipoDocumento: "OTRO", cNumeroDocumento: "X".repeat(21) },
        "cNumeroDocumento",
        "documentTooHigh",
      ],
      [{ cNumeroDocumento: "" }, "cNumeroDocumento", "documentRequired"],
      [{ cAlias: "x" }, "cAlias", "aliasTooShort"],
      [{ cAlias: "<script>" }, "cAlias", "aliasInvalid"],
      [{ cUsuarioTelegram: "@a b" }, "cUsuarioTelegram", "telegramInvalid"],
    ];
    for (const [overrides, field, key] of cases) {
      await expectFieldError("/Cliente/Insertar", { body: signUpBody(overrides) }, field, key);
    }
    expect(await db.select().from(customers)).toHaveLength(0);
  });
});

describe("GET Cliente/Informacion", () => {
  it("needs a valid token: none, unknown or expired answer 401", async () => {
    const { token } = await signUp(t);
    expect((await t.call("/Cliente/Informacion")).status).toBe(401);
    expect((await t.call("/Cliente/Informacion", { token: "not-a-token" })).status).toBe(401);
    t.clock.advanceMinutes(180);
    expect((await t.call("/Cliente/Informacion", { token })).status).toBe(401);
  });

  it("reads only the token's own customer", async () => {
    const ana = await signUp(t, { cNombre: "Ana" });
    const luis = await signUp(t, { cNombre: "Luis" });
    expect((await infoOf(ana.token)).cNombre).toBe("Ana");
    expect((await infoOf(luis.token)).cNombre).toBe("Luis");
  });
});

describe("POST Cliente/Modificar/DatosPersonales", () => {
  it("changes name, gender, document and birthday, not the e-mail", async () => {
    const { token, email } = await signUp(t);
    const { status, json } = await t.call("/Cliente/Modificar/DatosPersonales", {
      token,
      body: personalData({ cEmail: "hijack@example.com" }),
    });
    expect(status).toBe(200);
    const expected = {
      cNombre: "Beatriz",
      cApellido: "Ruiz",
      cGenero: "OTRO",
      cTipoDocumento: "PASAPORTE",
      cNumeroDocumento: "AAB123456",
      dNacimiento: "1979-12-31",
      cEmail: email,
    };
    expect(customerInfoSchema.parse(json.oData)).toMatchObject(expected);
    expect(await infoOf(token)).toMatchObject(expected);
  });

  it("answers bad input with 400 on the field and changes nothing", async () => {
    const { token } = await signUp(t, { cNombre: "Ana" });
    const before = await infoOf(token);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ cNombre: " " }, "cNombre", "firstNameRequired"],
      [{ cApellido: 7 }, "cApellido", "lastNameRequired"],
      [{ cGenero: "X" }, "cGenero", "genderRequired"],
      [{ cTipoDocumento: "DNI", cNumeroDocumento: "12" }, "cNumeroDocumento", "documentTooLow"],
      [{ nNacimientoDia: 30, nNacimientoMes: 2 }, "nNacimientoDia", "birthDateInvalid"],
      [{ nNacimientoAnio: 1700 }, "nNacimientoAnio", "birthYearTooSmall"],
      [{ cNombre: "Ana\u0000" }, "cNombre", "controlCharacters"],
    ];
    for (const [overrides, field, key] of cases) {
      await expectFieldError(
        "/Cliente/Modificar/DatosPersonales",
        { token, body: personalData(overrides) },
        field,
        key,
      );
    }
    for (const body of ["{oops", "[]", "null"]) {
      const { status } = await t.call("/Cliente/Modificar/DatosPersonales", { token, body });
      expect(status, body).toBe(400);
    }
    expect(await infoOf(token)).toEqual(before);
  });

  it("needs a token, and a token only ever changes its own customer", async () => {
    const ana = await signUp(t, { cNombre: "Ana" });
    const luis = await signUp(t, { cNombre: "Luis" });
    const [luisRow] = await db.select().from(customers).where(eq(customers.email, luis.email));
    const anonymous = await t.call("/Cliente/Modificar/DatosPersonales", { body: personalData() });
    expect(anonymous.status).toBe(401);
    // An id in the body names no one: the customer is the token's.
    await t.call("/Cliente/Modificar/DatosPersonales", {
      token: ana.token,
      body: personalData({ idCliente: luisRow.id, cNombre: "Cambiado" }),
    });
    expect((await infoOf(ana.token)).cNombre).toBe("Cambiado");
    expect((await infoOf(luis.token)).cNombre).toBe("Luis");
  });
});

describe("POST Cliente/Modificar/Alias", () => {
  it("sets, changes and clears the own alias; aliases need not be unique", async () => {
    const ana = await signUp(t);
    const luis = await signUp(t);
    const set = await t.call("/Cliente/Modificar/Alias", {
      token: ana.token,
      body: { cAlias: "Fan_del-Colón 2" },
    });
    expect(customerInfoSchema.parse(set.json.oData).cAlias).toBe("Fan_del-Colón 2");
    const same = await t.call("/Cliente/Modificar/Alias", {
      token: luis.token,
      body: { cAlias: "Fan_del-Colón 2" },
    });
    expect(same.status).toBe(200);
    await t.call("/Cliente/Modificar/Alias", { token: ana.token, body: { cAlias: "Ana" } });
    expect((await infoOf(ana.token)).cAlias).toBe("Ana");
    await t.call("/Cliente/Modificar/Alias", { token: ana.token, body: { cAlias: null } });
    expect((await infoOf(ana.token)).cAlias).toBeNull();
    expect((await infoOf(luis.token)).cAlias).toBe("Fan_del-Colón 2");
  });

  it("answers bad aliases with 400, keeping the old one; no token is 401", async () => {
    const { token } = await signUp(t, { cAlias: "Viejo" });
    const cases: Array<[unknown, string]> = [
      ["a", "aliasTooShort"],
      ["x".repeat(31), "aliasTooLong"],
      ["-guion", "aliasInvalid"],
      ["emoji 🎭", "aliasInvalid"],
      [12, "aliasInvalid"],
      ["tab\there", "controlCharacters"],
    ];
    for (const [cAlias, key] of cases) {
      await expectFieldError(
        "/Cliente/Modificar/Alias",
        { token, body: { cAlias } },
        "cAlias",
        key,
      );
    }
    expect((await t.call("/Cliente/Modificar/Alias", { token, body: {} })).status).toBe(400);
    expect((await infoOf(token)).cAlias).toBe("Viejo");
    const anonymous = await t.call("/Cliente/Modificar/Alias", { body: { cAlias: "Hola" } });
    expect(anonymous.status).toBe(401);
  });
});
