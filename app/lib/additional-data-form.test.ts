import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { additionalDataForm, pendingFieldsOf } from "./additional-data-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("additionalDataForm", () => {
  it("requires only the pending fields, with the sign-up's messages", () => {
    const schema = additionalDataForm(["cGenero", "cTipoDocumento", "cNumeroDocumento"]);
    const empty = parseWithZod(form({ cNombre: "" }), { schema });
    expect(empty.status).toBe("error");
    expect(empty.reply().error).toEqual({
      cGenero: ["genderRequired"],
      cTipoDocumento: ["documentTypeRequired"],
      cNumeroDocumento: ["documentRequired"],
    });
    const ok = parseWithZod(
      form({ cGenero: "OTRO", cTipoDocumento: "DNI", cNumeroDocumento: "30111222" }),
      {
        schema,
      },
    );
    expect(ok.status).toBe("success");
  });

  it("asks a pending e-mail twice ('eMail must match')", () => {
    const schema = additionalDataForm(["cEmail"]);
    const mismatch = parseWithZod(
      form({ cEmail: "a@example.com", cEmailConfirmacion: "b@example.com" }),
      { schema },
    );
    expect(mismatch.reply().error).toEqual({ cEmailConfirmacion: ["emailMustMatch"] });
    const same = parseWithZod(
      form({ cEmail: "a@example.com", cEmailConfirmacion: "A@example.com" }),
      { schema },
    );
    expect(same.status).toBe("success");
  });

  it("keeps the form's order and drops unknown names from the session", () => {
    expect(pendingFieldsOf(["cNumeroDocumento", "cPassword", "cGenero"])).toEqual([
      "cGenero",
      "cNumeroDocumento",
    ]);
    expect(pendingFieldsOf(undefined)).toEqual([]);
  });
});
