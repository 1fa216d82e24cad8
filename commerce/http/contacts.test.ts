// A customer's phones and addresses through the API: the default rules, bad input on every
// endpoint, and that nobody reaches another customer's rows (answered as unknown ones).
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import {
  addressSchema,
  customerInfoSchema,
  errorData,
  MAX_PHONES,
  phoneSchema,
} from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { signUpBody, type TestApi } from "../testing/harness.ts";

/** The storefront shows each field error by its key: every one must have a text. */
const validationTexts = JSON.parse(
  readFileSync(new URL("../../locales/en/validation.json", import.meta.url), "utf8"),
) as Record<string, string>;

let t: TestApi;
let ana: string;
let bob: string;

const api = setUpApiTests({ fixture: async () => null, customers: ["ana", "bob"] });
beforeEach(() => {
  ({ t } = api);
  ({ ana, bob } = api.tokens);
});

const info = async (token: string) =>
  customerInfoSchema.parse((await t.call("/Cliente/Informacion", { token })).json.oData);

async function addPhone(token: string, body: Record<string, unknown>) {
  const { status, json } = await t.call("/Cliente/Telefono/Insertar", { token, body });
  expect(status, JSON.stringify(json)).toBe(200);
  return phoneSchema.parse(json.oData);
}

const address = (overrides: Record<string, unknown> = {}) => ({
  cTipo: "PARTICULAR",
  cReferente: "Portería",
  cCalle: "Av. de Mayo",
  cNumero: "525",
  cPiso: "3",
  cDepartamento: "B",
  cPais: "AR",
  cProvincia: "AR-C",
  cLocalidad: "Buenos Aires",
  cCodigoPostal: "C1084",
  ...overrides,
});

async function addAddress(token: string, overrides: Record<string, unknown> = {}) {
  const { status, json } = await t.call("/Cliente/Domicilio/Insertar", {
    token,
    body: address(overrides),
  });
  expect(status, JSON.stringify(json)).toBe(200);
  return addressSchema.parse(json.oData);
}

/** Field errors of a 400 answer. */
async function refused(path: string, token: string, body: unknown) {
  const { status, json } = await t.call(path, { token, body, method: "POST" });
  expect(status, `${path} ${JSON.stringify(body)}`).toBe(400);
  const error = errorData.parse(json.oData);
  expect(error.cCodigo).toBe("VALIDATION");
  for (const key of Object.values(error.oErrores ?? {}).flat()) {
    expect(validationTexts[key], key).toBeTruthy();
  }
  return error.oErrores ?? {};
}

describe("phones", () => {
  it("makes the first phone the default, and another one only when asked", async () => {
    const first = await addPhone(ana, { cTipo: "MOVIL", cNumero: "+54 9 11 4321-5678" });
    expect(first).toMatchObject({ cTipo: "MOVIL", lPredeterminado: true });
    const second = await addPhone(ana, { cTipo: "PERMANENTE", cNumero: "011 4321 0000" });
    expect(second.lPredeterminado).toBe(false);
    const third = await addPhone(ana, {
      cTipo: "PERMANENTE",
      cNumero: "011 4000 1111",
      lPredeterminado: true,
    });
    expect(third.lPredeterminado).toBe(true);
    const { aTelefonos } = await info(ana);
    // The default first, then oldest first; exactly one default.
    expect(aTelefonos.map((p) => p.idClienteTelefono)).toEqual([
      third.idClienteTelefono,
      first.idClienteTelefono,
      second.idClienteTelefono,
    ]);
    expect(aTelefonos.filter((p) => p.lPredeterminado)).toHaveLength(1);
    // Bob sees none of them.
    expect((await info(bob)).aTelefonos).toEqual([]);
  });

  it("changes a phone, moves the default to it, and never unsets the only default", async () => {
    const first = await addPhone(ana, { cTipo: "MOVIL", cNumero: "1143215678" });
    const second = await addPhone(ana, { cTipo: "MOVIL", cNumero: "1143215679" });
    const changed = await t.call(`/Cliente/Telefono/${second.idClienteTelefono}/Modificar`, {
      token: ana,
      body: { cTipo: "PERMANENTE", cNumero: "(011) 4444-5555" },
    });
    expect(phoneSchema.parse(changed.json.oData)).toEqual({
      idClienteTelefono: second.idClienteTelefono,
      cTipo: "PERMANENTE",
      cNumero: "(011) 4444-5555",
      lPredeterminado: false,
    });
    await t.call(`/Cliente/Telefono/${second.idClienteTelefono}/Modificar`, {
      token: ana,
      body: { lPredeterminado: true },
    });
    let phones = (await info(ana)).aTelefonos;
    expect(phones.filter((p) => p.lPredeterminado).map((p) => p.idClienteTelefono)).toEqual([
      second.idClienteTelefono,
    ]);
    // false on the default changes nothing: the default only ever moves to another phone.
    await t.call(`/Cliente/Telefono/${second.idClienteTelefono}/Modificar`, {
      token: ana,
      body: { lPredeterminado: false },
    });
    phones = (await info(ana)).aTelefonos;
    expect(phones.find((p) => p.lPredeterminado)?.idClienteTelefono).toBe(second.idClienteTelefono);
    expect(phones.find((p) => p.idClienteTelefono === first.idClienteTelefono)?.cNumero).toBe(
      "1143215678",
    );
  });

  it("promotes the oldest remaining phone when the default is deleted", async () => {
    const first = await addPhone(ana, { cTipo: "MOVIL", cNumero: "1100000001" });
    const second = await addPhone(ana, { cTipo: "MOVIL", cNumero: "1100000002" });
    const third = await addPhone(ana, { cTipo: "MOVIL", cNumero: "1100000003" });
    const gone = await t.call(`/Cliente/Telefono/${first.idClienteTelefono}/Eliminar`, {
      token: ana,
      method: "POST",
    });
    expect(gone.json).toEqual({ nCode: 200, oData: { lEliminado: true } });
    let phones = (await info(ana)).aTelefonos;
    expect(phones.map((p) => [p.idClienteTelefono, p.lPredeterminado])).toEqual([
      [second.idClienteTelefono, true],
      [third.idClienteTelefono, false],
    ]);
    // Deleting one that is not the default leaves the default alone.
    await t.call(`/Cliente/Telefono/${third.idClienteTelefono}/Eliminar`, {
      token: ana,
      method: "POST",
    });
    await t.call(`/Cliente/Telefono/${second.idClienteTelefono}/Eliminar`, {
      token: ana,
      method: "POST",
    });
    phones = (await info(ana)).aTelefonos;
    expect(phones).toEqual([]);
    // The next one is the first again, so the default.
    expect((await addPhone(ana, { cTipo: "MOVIL", cNumero: "1100000004" })).lPredeterminado).toBe(
      true,
    );
  });

  it("answers a phone added again (however written) with the same one, adding nothing", async () => {
    const first = await addPhone(ana, { cTipo: "MOVIL", cNumero: "11 4321-5678" });
    const other = await addPhone(ana, { cTipo: "MOVIL", cNumero: "11 4000 0000" });
    const again = await addPhone(ana, { cTipo: "MOVIL", cNumero: "(11) 43215678" });
    expect(again).toEqual(first);
    // Asked to be the default this time: it becomes it, still one phone.
    const asDefault = await addPhone(ana, {
      cTipo: "MOVIL",
      cNumero: "11 4000-0000",
      lPredeterminado: true,
    });
    expect(asDefault).toEqual({ ...other, lPredeterminado: true });
    // The same digits as another type of line are another phone.
    const fixed = await addPhone(ana, { cTipo: "PERMANENTE", cNumero: "11 4321 5678" });
    expect(fixed.idClienteTelefono).not.toBe(first.idClienteTelefono);
    const phones = (await info(ana)).aTelefonos;
    expect(phones).toHaveLength(3);
    expect(phones.filter((p) => p.lPredeterminado)).toEqual([asDefault]);
  });

  it(`keeps at most ${MAX_PHONES} phones per customer`, async () => {
    for (let i = 0; i < MAX_PHONES; i++) {
      await addPhone(ana, { cTipo: "MOVIL", cNumero: `11000000${10 + i}` });
    }
    const over = await t.call("/Cliente/Telefono/Insertar", {
      token: ana,
      body: { cTipo: "MOVIL", cNumero: "1199999999" },
      language: "en",
    });
    expect(over.status).toBe(200);
    expect(over.json).toMatchObject({ nCode: 422, oData: { cCodigo: "CONTACTS_LIMIT" } });
    expect(over.json.cMensaje).toBe(
      `You can keep up to ${MAX_PHONES}: delete one before adding another`,
    );
    expect((await info(ana)).aTelefonos).toHaveLength(MAX_PHONES);
  });

  it("refuses bad input on Insertar with field errors, and stores nothing", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ cNumero: "1143215678" }, "cTipo", "phoneTypeRequired"],
      [{ cTipo: "FAX", cNumero: "1143215678" }, "cTipo", "phoneTypeRequired"],
      [{ cTipo: "MOVIL" }, "cNumero", "phoneRequired"],
      [{ cTipo: "MOVIL", cNumero: "  " }, "cNumero", "phoneRequired"],
      [{ cTipo: "MOVIL", cNumero: "11 CASA 5678" }, "cNumero", "phoneCharacters"],
      [{ cTipo: "MOVIL", cNumero: "123" }, "cNumero", "phoneTooShort"],
      [{ cTipo: "MOVIL", cNumero: "1".repeat(16) }, "cNumero", "phoneTooLong"],
      [{ cTipo: "MOVIL", cNumero: "11432\u000015678" }, "cNumero", "controlCharacters"],
      [{ cTipo: "MOVIL", cNumero: 1143215678 }, "cNumero", "phoneRequired"],
      [
        { cTipo: "MOVIL", cNumero: "1143215678", lPredeterminado: "yes" },
        "lPredeterminado",
        "invalid",
      ],
    ];
    for (const [body, field, key] of cases) {
      const errors = await refused("/Cliente/Telefono/Insertar", ana, body);
      expect(errors[field], JSON.stringify(body)).toContain(key);
    }
    for (const body of ["{oops", "[]", "null"]) {
      await refused("/Cliente/Telefono/Insertar", ana, body);
    }
    expect((await info(ana)).aTelefonos).toEqual([]);
  });

  it("refuses bad input on Modificar and Eliminar, and changes nothing", async () => {
    const phone = await addPhone(ana, { cTipo: "MOVIL", cNumero: "1143215678" });
    const path = `/Cliente/Telefono/${phone.idClienteTelefono}/Modificar`;
    expect((await refused(path, ana, {}))._).toContain("nothingToChange");
    expect((await refused(path, ana, { cNumero: "abc" })).cNumero).toContain("phoneCharacters");
    expect((await refused(path, ana, { cTipo: "X" })).cTipo).toContain("phoneTypeRequired");
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const modify = await refused(`/Cliente/Telefono/${id}/Modificar`, ana, { cTipo: "MOVIL" });
      expect(modify.idClienteTelefono, id).toBeDefined();
      const remove = await t.call(`/Cliente/Telefono/${id}/Eliminar`, {
        token: ana,
        method: "POST",
      });
      expect(remove.status, id).toBe(400);
    }
    expect((await info(ana)).aTelefonos).toEqual([phone]);
  });

  it("asks for a login on every phone endpoint", async () => {
    for (const path of [
      "/Cliente/Telefono/Insertar",
      "/Cliente/Telefono/1/Modificar",
      "/Cliente/Telefono/1/Eliminar",
    ]) {
      const { status } = await t.call(path, { method: "POST", body: { cTipo: "MOVIL" } });
      expect(status, path).toBe(401);
    }
  });
});

describe("another customer's phone or address is an unknown one", () => {
  it("answers exactly as for an unknown id, on every endpoint, and leaves it alone", async () => {
    const bobsPhone = await addPhone(bob, { cTipo: "MOVIL", cNumero: "1143215678" });
    const bobsAddress = await addAddress(bob);
    const unknownPhone = bobsPhone.idClienteTelefono + 1000;
    const unknownAddress = bobsAddress.idClienteDomicilio + 1000;
    const attempts: Array<[string, string, unknown]> = [
      [
        `/Cliente/Telefono/${bobsPhone.idClienteTelefono}/Modificar`,
        `/Cliente/Telefono/${unknownPhone}/Modificar`,
        { cNumero: "1100000000", lPredeterminado: true },
      ],
      [
        `/Cliente/Telefono/${bobsPhone.idClienteTelefono}/Eliminar`,
        `/Cliente/Telefono/${unknownPhone}/Eliminar`,
        undefined,
      ],
      [
        `/Cliente/Domicilio/${bobsAddress.idClienteDomicilio}/Modificar`,
        `/Cliente/Domicilio/${unknownAddress}/Modificar`,
        { cCalle: "Otra", lPredeterminado: true },
      ],
      [
        `/Cliente/Domicilio/${bobsAddress.idClienteDomicilio}/Eliminar`,
        `/Cliente/Domicilio/${unknownAddress}/Eliminar`,
        undefined,
      ],
    ];
    for (const [foreignPath, unknownPath, body] of attempts) {
      const foreign = await t.call(foreignPath, { token: ana, method: "POST", body });
      const unknown = await t.call(unknownPath, { token: ana, method: "POST", body });
      expect(foreign.status, foreignPath).toBe(404);
      expect(foreign.json, foreignPath).toEqual(unknown.json);
      expect(foreign.json.oData).toEqual({ cCodigo: "NOT_FOUND" });
      expect([...foreign.response.headers.keys()].sort()).toEqual(
        [...unknown.response.headers.keys()].sort(),
      );
    }
    const bobs = await info(bob);
    expect(bobs.aTelefonos).toEqual([bobsPhone]);
    expect(bobs.aDomicilios).toEqual([bobsAddress]);
    expect((await info(ana)).aTelefonos).toEqual([]);
  });
});

describe("addresses", () => {
  it("adds, lists, changes and makes default, with the same rules as phones", async () => {
    const home = await addAddress(ana);
    expect(home).toMatchObject({
      cTipo: "PARTICULAR",
      cReferente: "Portería",
      cPais: "AR",
      cProvincia: "AR-C",
      lPredeterminado: true,
    });
    const work = await addAddress(ana, {
      cTipo: "LABORAL",
      cReferente: "",
      cPiso: undefined,
      cDepartamento: undefined,
      cPais: "UY",
      cProvincia: "UY-MO",
      cLocalidad: "Montevideo",
      cCodigoPostal: "11000",
    });
    expect(work).toMatchObject({
      cTipo: "LABORAL",
      cReferente: null,
      cPiso: null,
      cDepartamento: null,
      lPredeterminado: false,
    });
    const moved = await t.call(`/Cliente/Domicilio/${work.idClienteDomicilio}/Modificar`, {
      token: ana,
      body: { lPredeterminado: true, cCalle: "Rambla" },
    });
    expect(addressSchema.parse(moved.json.oData)).toMatchObject({
      cCalle: "Rambla",
      lPredeterminado: true,
    });
    const { aDomicilios } = await info(ana);
    expect(aDomicilios.map((a) => [a.idClienteDomicilio, a.lPredeterminado])).toEqual([
      [work.idClienteDomicilio, true],
      [home.idClienteDomicilio, false],
    ]);
    // Deleting the default promotes the other.
    await t.call(`/Cliente/Domicilio/${work.idClienteDomicilio}/Eliminar`, {
      token: ana,
      method: "POST",
    });
    expect((await info(ana)).aDomicilios).toEqual([{ ...home, lPredeterminado: true }]);
  });

  it("answers an address added again with the same one, adding nothing", async () => {
    const home = await addAddress(ana, { cPiso: "", cReferente: undefined });
    expect(await addAddress(ana, { cPiso: undefined, cReferente: "  " })).toEqual(home);
    const elsewhere = await addAddress(ana, { cNumero: "527" });
    expect(elsewhere.idClienteDomicilio).not.toBe(home.idClienteDomicilio);
    expect((await info(ana)).aDomicilios).toHaveLength(2);
  });

  it("checks that the province belongs to the country, also when only one of them changes", async () => {
    const errors = await refused(
      "/Cliente/Domicilio/Insertar",
      ana,
      address({ cProvincia: "UY-MO" }),
    );
    expect(errors.cProvincia).toEqual(["provinceNotInCountry"]);
    const home = await addAddress(ana, { cPais: "BR", cProvincia: "BR-SP" });
    const path = `/Cliente/Domicilio/${home.idClienteDomicilio}/Modificar`;
    // Only the country: Sao Paulo is not in Chile.
    expect((await refused(path, ana, { cPais: "CL" })).cProvincia).toEqual([
      "provinceNotInCountry",
    ]);
    expect((await refused(path, ana, { cProvincia: "PY-ASU" })).cProvincia).toEqual([
      "provinceNotInCountry",
    ]);
    const both = await t.call(path, { token: ana, body: { cPais: "CL", cProvincia: "CL-RM" } });
    expect(both.json.oData).toMatchObject({ cPais: "CL", cProvincia: "CL-RM" });
  });

  it("refuses bad input on Insertar with field errors, and stores nothing", async () => {
    const cases: Array<[unknown, string, string]> = [
      [address({ cTipo: "CASA" }), "cTipo", "addressTypeRequired"],
      [address({ cCalle: " " }), "cCalle", "streetRequired"],
      [address({ cCalle: "x".repeat(121) }), "cCalle", "tooLong"],
      [address({ cNumero: undefined }), "cNumero", "streetNumberRequired"],
      [address({ cPais: "US" }), "cPais", "countryRequired"],
      [address({ cProvincia: "" }), "cProvincia", "provinceRequired"],
      [address({ cLocalidad: undefined }), "cLocalidad", "locationRequired"],
      [address({ cCodigoPostal: "" }), "cCodigoPostal", "zipRequired"],
      [address({ cCodigoPostal: "C1084;" }), "cCodigoPostal", "zipInvalid"],
      [address({ cReferente: "Ana\u0007" }), "cReferente", "controlCharacters"],
      [address({ cPiso: 3 }), "cPiso", "invalid"],
    ];
    for (const [body, field, key] of cases) {
      const errors = await refused("/Cliente/Domicilio/Insertar", ana, body);
      expect(errors[field], JSON.stringify(body)).toContain(key);
    }
    await refused("/Cliente/Domicilio/Insertar", ana, "[1,2]");
    expect((await info(ana)).aDomicilios).toEqual([]);
  });

  it("refuses bad input on Modificar and Eliminar, and changes nothing", async () => {
    const home = await addAddress(ana);
    const path = `/Cliente/Domicilio/${home.idClienteDomicilio}/Modificar`;
    expect((await refused(path, ana, {}))._).toContain("nothingToChange");
    expect((await refused(path, ana, { cCalle: "" })).cCalle).toContain("streetRequired");
    expect((await refused(path, ana, { cPais: "XX" })).cPais).toContain("countryRequired");
    for (const id of ["x", "0", "2147483648"]) {
      await refused(`/Cliente/Domicilio/${id}/Modificar`, ana, { cCalle: "Otra" });
      const remove = await t.call(`/Cliente/Domicilio/${id}/Eliminar`, {
        token: ana,
        method: "POST",
      });
      expect(remove.status, id).toBe(400);
    }
    expect((await info(ana)).aDomicilios).toEqual([home]);
  });

  it("asks for a login on every address endpoint", async () => {
    for (const path of [
      "/Cliente/Domicilio/Insertar",
      "/Cliente/Domicilio/1/Modificar",
      "/Cliente/Domicilio/1/Eliminar",
    ]) {
      const { status } = await t.call(path, { method: "POST", body: address() });
      expect(status, path).toBe(401);
    }
  });
});

describe("a phone at sign-up", () => {
  it("is stored as the new customer's default phone", async () => {
    const { json } = await t.call("/Cliente/Insertar", {
      body: signUpBody({ oTelefono: { cTipo: "MOVIL", cNumero: "+54 9 11 5555-0000" } }),
    });
    expect(json.nCode).toBe(200);
    const { aTelefonos } = await info(json.oData.token);
    expect(aTelefonos).toEqual([
      {
        idClienteTelefono: expect.any(Number),
        cTipo: "MOVIL",
        cNumero: "+54 9 11 5555-0000",
        lPredeterminado: true,
      },
    ]);
  });

  it("refuses a bad phone and creates no customer", async () => {
    const body = signUpBody({ oTelefono: { cTipo: "MOVIL", cNumero: "12" } });
    const errors = await refused("/Cliente/Insertar", "", body);
    expect(errors["oTelefono.cNumero"]).toEqual(["phoneTooShort"]);
    const login = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: body.cEmail, cClave: body.cClave },
    });
    expect(login.json.oData.cCodigo).toBe("BAD_CREDENTIALS");
  });
});
