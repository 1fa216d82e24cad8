import { describe, expect, it } from "vitest";
import { localized } from "./localized.ts";

describe("localized", () => {
  const text = { es: "Teatro", en: "Theatre", pt: "Teatro (pt)" };

  it("picks the caller's language", () => {
    expect(localized(text, "en")).toBe("Theatre");
    expect(localized(text, "pt")).toBe("Teatro (pt)");
  });

  it("falls back to Spanish when the language is missing or empty", () => {
    expect(localized({ es: "Danza", en: "" }, "en")).toBe("Danza");
    expect(localized({ es: "Danza" }, "pt")).toBe("Danza");
  });

  it("answers an empty string for no text", () => {
    expect(localized(null, "es")).toBe("");
  });
});
