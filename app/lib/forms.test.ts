// The storefront's forms are built on the contract's schemas: every text they take refuses
// control characters with the same message the API gives, shown next to the field.
import { contactRequest, controlCharactersKey } from "@contract";
import { describe, expect, it } from "vitest";
import { inputStrings, messagesFor } from "../../commerce/testing/schema-strings.ts";
import { checkoutForm, loginForm, signUpForm } from "./forms";
import { parseSearchParams } from "./search-query";

/** A return path, not text: an unsafe one is replaced by "/" on the server, never refused. */
const notText = new Set(["redirectTo"]);

describe("the storefront's forms", () => {
  const forms = { loginForm, signUpForm, checkoutForm, contactRequest };

  it("refuse control characters in every text field", () => {
    const fields = Object.entries(forms).flatMap(([name, schema]) =>
      inputStrings(schema)
        .filter((leaf) => !notText.has(leaf.path))
        .map((leaf) => ({ ...leaf, id: `${name} ${leaf.path}` })),
    );
    expect(fields.map((field) => field.id)).toEqual(
      expect.arrayContaining(["signUpForm cEmailConfirmacion", "checkoutForm oTarjeta.cTitular"]),
    );
    const forgotten = fields
      .filter((field) => !messagesFor(field.schema, "Ab1\u0000x").includes(controlCharactersKey))
      .map((field) => field.id);
    expect(forgotten).toEqual([]);
  });

  it("the advanced search names the field with the control character", () => {
    const parsed = parseSearchParams(new URLSearchParams("cBuscar=tan%00go&cZona=Pa%07lermo"));
    expect(parsed.filter).toBeNull();
    expect(parsed.errors).toEqual({
      cBuscar: [controlCharactersKey],
      cZona: [controlCharactersKey],
    });
  });
});
