import { describe, expect, it } from "vitest";
import { allCardChecks, cardSchema, cardSchemaFor, chargeRequest } from "./index.ts";

const now = new Date();
const validCard = {
  cNumero: "4242 4242 4242 4242",
  nMesVencimiento: "12",
  nAnioVencimiento: String(now.getUTCFullYear() + 2),
  cCodigoSeguridad: "123",
  cTitular: "Ana Pérez",
  cDocumento: "30123456",
};

function messagesByPath(input: unknown): Record<string, string[]> {
  const result = cardSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    out[path] = [...(out[path] ?? []), issue.message];
  }
  return out;
}

describe("cardSchema card rules", () => {
  it("accepts a valid card and normalises the number", () => {
    const card = cardSchema.parse(validCard);
    expect(card.cNumero).toBe("4242424242424242");
    expect(card.nMesVencimiento).toBe(12);
  });

  it("reports cardNumberInvalid on cNumero when the Luhn check fails", () => {
    expect(messagesByPath({ ...validCard, cNumero: "4242424242424241" })).toEqual({
      cNumero: ["cardNumberInvalid"],
    });
  });

  it("does not add cardNumberInvalid on top of an incomplete number", () => {
    expect(messagesByPath({ ...validCard, cNumero: "4242" })).toEqual({
      cNumero: ["cardNumberIncomplete"],
    });
  });

  it("reports expiryPast on nMesVencimiento for last month", () => {
    // Two months back is in the past in every time zone, whatever day the test runs.
    const past = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15));
    expect(
      messagesByPath({
        ...validCard,
        nMesVencimiento: past.getUTCMonth() + 1,
        nAnioVencimiento: past.getUTCFullYear(),
      }),
    ).toEqual({ nMesVencimiento: ["expiryPast"] });
  });

  it("accepts the current month", () => {
    const result = cardSchema.safeParse({
      ...validCard,
      nMesVencimiento: now.getUTCMonth() + 1,
      nAnioVencimiento: now.getUTCFullYear(),
    });
    expect(result.success).toBe(true);
  });

  it("still reports the Luhn failure when another field is also wrong", () => {
    expect(
      messagesByPath({ ...validCard, cNumero: "4242424242424241", cCodigoSeguridad: "12" }),
    ).toEqual({ cNumero: ["cardNumberInvalid"], cCodigoSeguridad: ["cvcInvalid"] });
  });

  it("does not judge the expiry when the month itself is invalid", () => {
    expect(messagesByPath({ ...validCard, nMesVencimiento: "13" })).toEqual({
      nMesVencimiento: ["expiryMonthRequired"],
    });
  });

  it("fails cleanly (no exception) on a non-object card", () => {
    expect(cardSchema.safeParse(null).success).toBe(false);
    expect(cardSchema.safeParse("4242424242424242").success).toBe(false);
  });

  it("reports the nested path inside a charge request", () => {
    const result = chargeRequest.safeParse({
      cClaveIdempotencia: "key-12345678",
      oTarjeta: { ...validCard, cNumero: "5555555555554445" },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["oTarjeta.cNumero", "cardNumberInvalid"],
    ]);
  });
});

describe("cardSchemaFor: the brand's cardValidation turns each rule on or off", () => {
  const noChecks = { number: false, cvc: false, expiry: false };
  const twoMonthsBack = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15));
  const expiredCard = {
    ...validCard,
    nMesVencimiento: twoMonthsBack.getUTCMonth() + 1,
    nAnioVencimiento: twoMonthsBack.getUTCFullYear(),
  };
  const errorsOf = (checks: typeof noChecks, input: unknown) => {
    const result = cardSchemaFor(checks).safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path}: ${i.message}`);
  };

  it.each([
    ["number", { ...validCard, cNumero: "4242424242424241" }, "cNumero: cardNumberInvalid"],
    ["number", { ...validCard, cNumero: "4242" }, "cNumero: cardNumberIncomplete"],
    ["cvc", { ...validCard, cCodigoSeguridad: "12" }, "cCodigoSeguridad: cvcInvalid"],
    ["expiry", expiredCard, "nMesVencimiento: expiryPast"],
  ] as const)("%s on refuses what %s off leaves to the acquirer", (rule, card, error) => {
    expect(errorsOf({ ...noChecks, [rule]: true }, card)).toEqual([error]);
    expect(errorsOf({ ...allCardChecks, [rule]: false }, card)).toEqual([]);
  });

  it("still refuses what cannot be sent with every rule off", () => {
    expect(
      errorsOf(noChecks, { ...validCard, cNumero: "4242 abcd", cCodigoSeguridad: "1a3" }),
    ).toEqual(["cNumero: cardNumberDigits", "cCodigoSeguridad: cvcDigits"]);
    expect(errorsOf(noChecks, { ...validCard, cNumero: "", cCodigoSeguridad: "" })).toEqual([
      "cNumero: cardNumberRequired",
      "cCodigoSeguridad: cvcRequired",
    ]);
    expect(errorsOf(noChecks, { ...validCard, nMesVencimiento: "13" })).toEqual([
      "nMesVencimiento: expiryMonthRequired",
    ]);
  });

  it("builds one schema per set of checks", () => {
    expect(cardSchemaFor({ ...noChecks })).toBe(cardSchemaFor({ ...noChecks }));
    expect(cardSchemaFor({ ...allCardChecks })).toBe(cardSchema);
  });
});
