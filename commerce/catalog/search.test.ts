import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SEARCH_FOLD_FROM, searchFold } from "../db/schema.ts";
import { testDatabase } from "../testing/harness.ts";
import { cityDayStart, foldForSearch, isCalendarDate, searchWords } from "./search.ts";

describe("search folding", () => {
  it("drops case and accents", () => {
    expect(foldForSearch("Música en el Colón: ÑANDÚ São Paulo")).toBe(
      "musica en el colon: nandu sao paulo",
    );
    // A term typed with combining accents (decomposed) folds the same way.
    expect(foldForSearch("Mu\u0301sica")).toBe("musica");
  });

  it("folds every letter exactly as the database's generated columns do", async () => {
    const { db } = await testDatabase();
    const text = `${SEARCH_FOLD_FROM} ABC xyz 123 ¿?`;
    const result = (await db.execute(sql`SELECT ${searchFold(sql`${text}::text`)} AS folded`)) as {
      rows: { folded: string }[];
    };
    expect(result.rows[0].folded).toBe(foldForSearch(text));
  });

  it("splits a term into distinct folded words", () => {
    expect(searchWords("  Tango   TANGÓ  del   Río ")).toEqual(["tango", "del", "rio"]);
  });
});

describe("city calendar days", () => {
  it("start at midnight in Buenos Aires (03:00 UTC)", () => {
    expect(cityDayStart("2031-03-13").toISOString()).toBe("2031-03-13T03:00:00.000Z");
    expect(cityDayStart("2031-12-31", 1).toISOString()).toBe("2032-01-01T03:00:00.000Z");
  });

  it("exist or not", () => {
    expect(isCalendarDate("2032-02-29")).toBe(true);
    expect(isCalendarDate("2031-02-29")).toBe(false);
    expect(isCalendarDate("2031-04-31")).toBe(false);
  });
});
