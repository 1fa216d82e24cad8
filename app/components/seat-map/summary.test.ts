import { describe, expect, it } from "vitest";
import { i18nFor } from "~/services/i18n.server";
import { choiceSummary } from "./summary";

describe("the seat map's running summary", () => {
  it("names the chosen seats and the total", () => {
    const { t } = i18nFor("en");
    const seats = [
      { row: "F", number: 12 },
      { row: "F", number: 13 },
    ];
    expect(choiceSummary(t, seats, 8000)).toBe(
      "2 seats chosen: Row F 12, Row F 13 — total $\u00a016.000",
    );
    expect(choiceSummary(t, [], 8000)).toBe("No seats chosen yet.");
  });

  it("speaks Spanish by default", () => {
    expect(choiceSummary(i18nFor("es").t, [{ row: "A", number: 1 }], 5000)).toBe(
      "1 butaca elegida: Fila A 1 — total $\u00a05.000",
    );
  });
});
