// Control characters (NUL above all: PostgreSQL refuses it in text) are refused at the
// contract, in every free-text field, with a 400 naming the field and a translated message.
// A contact message keeps its line breaks and tabs.
import { describe, expect, it } from "vitest";
import { setUpApiTests } from "../testing/api-test.ts";
import { signUpBody, testCard } from "../testing/harness.ts";

const ctx = setUpApiTests({ customers: ["ana"] });

const contact = {
  cTipo: "CONSULTA",
  cNombre: "Ana García",
  cEmail: "ana@example.com",
  cAsunto: "Entradas",
  cMensaje: "¿Hay funciones el domingo?",
};

/** A body with one field (a dotted path) set to a value. */
function withField(body: Record<string, unknown>, path: string, value: string) {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1) as string] = value;
  return copy;
}

type Case = { path: string; body: Record<string, unknown>; field: string; token?: boolean };

const cases: Case[] = [
  { path: "/EspectaculosCartel/Buscar", body: {}, field: "cBuscar" },
  { path: "/EspectaculosCartel/Buscar", body: {}, field: "cZona" },
  ...["cNombre", "cAsunto", "cMensaje", "cEmail"].map((field) => ({
    path: "/Contacto",
    body: contact,
    field,
  })),
  ...["cNombre", "cApellido", "cNumeroDocumento", "cEmail", "cClave"].map((field) => ({
    path: "/Cliente/Insertar",
    body: signUpBody(),
    field,
  })),
  ...["cEmail", "cClave"].map((field) => ({
    path: "/Cliente/Ingreso/Token",
    body: { cEmail: "ana@example.com", cClave: "Secreta123" },
    field,
  })),
  ...["cClaveIdempotencia", "oTarjeta.cTitular", "oTarjeta.cDocumento"].map((field) => ({
    path: "/Proceso/1/Cobrar",
    body: { cClaveIdempotencia: "clave-de-prueba-1", oTarjeta: testCard() },
    field,
    token: true,
  })),
];

describe("control characters in free text", () => {
  for (const { path, body, field, token } of cases) {
    it(`${path} refuses them in ${field}`, async () => {
      for (const bad of ["ab\u0000cdefghijkl", "abc\u0007defghijk", "abc\u001bdefghijk"]) {
        const { status, json } = await ctx.t.call(path, {
          body: withField(body, field, bad),
          token: token ? ctx.tokens.ana : undefined,
          language: "en",
        });
        expect(status, JSON.stringify(bad)).toBe(400);
        expect(json.oData.cCodigo).toBe("VALIDATION");
        expect(json.oData.oErrores[field]).toEqual(["controlCharacters"]);
        expect(json.cMensaje).toBe("Some of the data sent is not valid");
      }
    });
  }

  it("refuses a line break in a one-line field", async () => {
    const { status, json } = await ctx.t.call("/Contacto", {
      body: { ...contact, cNombre: "Ana\nGarcía" },
    });
    expect(status).toBe(400);
    expect(json.oData.oErrores.cNombre).toEqual(["controlCharacters"]);
  });

  it("keeps line breaks and tabs in a contact message", async () => {
    const { status, json } = await ctx.t.call("/Contacto", {
      body: { ...contact, cMensaje: "Hola:\r\n\tquisiera saber\nsi hay funciones." },
    });
    expect(status).toBe(200);
    expect(json.oData.idContacto).toBeGreaterThan(0);
  });

  it("refuses them in path params that are text (a show's seo, a poster's file)", async () => {
    for (const path of ["/EspectaculoCartel/ab%00c", "/Imagenes/ab%00c.svg"]) {
      const { status, json } = await ctx.t.call(path);
      expect(status, path).toBe(400);
      expect(Object.values(json.oData.oErrores).flat(), path).toEqual(["controlCharacters"]);
    }
  });
});
