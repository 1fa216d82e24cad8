import { describe, expect, it } from "vitest";
import { inputStrings, messagesFor } from "../testing/schema-strings.ts";
import { allEndpoints } from "./endpoints.ts";
import { controlCharactersKey, hasControlCharacters, plainText } from "./text.ts";

describe("hasControlCharacters", () => {
  it("finds C0 controls, DEL and C1 controls", () => {
    for (const code of [0x00, 0x07, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x85, 0x9f]) {
      expect(hasControlCharacters(`ab${String.fromCharCode(code)}c`), code.toString(16)).toBe(true);
    }
  });

  it("lets multi-line text keep tabs and line breaks, and nothing else", () => {
    expect(hasControlCharacters("una\r\nlínea\tmás", true)).toBe(false);
    expect(hasControlCharacters("una\r\nlínea\tmás")).toBe(true);
    expect(hasControlCharacters("a\u0000b", true)).toBe(true);
  });

  it("lets every printable character through, accents and emoji included", () => {
    expect(hasControlCharacters("Ñandú «Über» — 100 % ¡sí! 🎭 \u00a0 \u2028")).toBe(false);
  });
});

describe("plainText", () => {
  it("answers one message for control characters, skipping the field's other rules", () => {
    const name = plainText({ error: "nameRequired" }).min(10, { error: "tooShort" });
    expect(messagesFor(name, "a\u0000")).toEqual([controlCharactersKey]);
    expect(messagesFor(name, "short")).toEqual(["tooShort"]);
    expect(messagesFor(name, 12)).toEqual(["nameRequired"]);
  });

  it("trims unless told not to", () => {
    expect(plainText().parse("  Ana \n")).toBe("Ana");
    expect(plainText({ trim: false }).parse(" Clave1 ")).toBe(" Clave1 ");
  });
});

describe("every string a /v2 request takes", () => {
  const leaves = allEndpoints.flatMap((endpoint) =>
    (["params", "query", "body"] as const).flatMap((part) => {
      const schema = endpoint[part];
      return schema
        ? inputStrings(schema, part).map((leaf) => ({ ...leaf, id: `${endpoint.id} ${leaf.path}` }))
        : [];
    }),
  );

  it("is found by the walk (the known free-text fields among them)", () => {
    const ids = leaves.map((leaf) => leaf.id);
    for (const expected of [
      "search body.cBuscar",
      "search body.cZona",
      "contact body.cMensaje",
      "signUp body.cApellido",
      "login body.cClave",
      "charge body.cClaveIdempotencia",
      "charge body.oTarjeta.cTitular",
      "show params.idOrSeo",
    ]) {
      expect(ids).toContain(expected);
    }
  });

  it("refuses control characters with the controlCharacters message", () => {
    const forgotten = leaves
      .filter(
        (leaf) => !messagesFor(leaf.schema, "Ab1 x\u0000yz 2031").includes(controlCharactersKey),
      )
      .map((leaf) => leaf.id);
    expect(forgotten).toEqual([]);
  });
});
