import { describe, expect, it } from "vitest";
import { databaseErrorOf, databaseFaultOf, isDatabaseUnavailable } from "./unavailable.ts";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("a database that cannot be reached", () => {
  it("is told by its SQLSTATE, a socket's code or the driver's words, through wrapping causes", () => {
    expect(isDatabaseUnavailable(withCode("57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P03"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    const wrapped = new Error("Failed query: select 1", {
      cause: new Error("Client has encountered a connection error and is not queryable"),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")]))).toBe(true);
  });

  it("is not any other error (a constraint, a bug)", () => {
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });
});

describe("a database that cannot do its work", () => {
  it("is told by a damaged page or index, an I/O error, a full disk, through drizzle's wrapper", () => {
    const damaged = withCode("XX001", 'invalid page in block 0 of relation "base/5/16489"');
    const wrapped = new Error("Failed query: select … params: ana@example.com", { cause: damaged });
    expect(databaseFaultOf(wrapped)).toBe("failing");
    expect(databaseFaultOf(withCode("XX002"))).toBe("failing");
    expect(databaseFaultOf(withCode("58030", "could not read block"))).toBe("failing");
    expect(databaseFaultOf(withCode("53100", "could not extend file"))).toBe("failing");
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    // Told apart from one that cannot be reached, which is only a matter of time.
    expect(databaseFaultOf(withCode("57P01"))).toBe("unreachable");
    expect(databaseFaultOf(withCode("23505", "duplicate key"))).toBeUndefined();
  });

  it("is logged with the database's own words, never the query's parameters", () => {
    const damaged = withCode("XX001", 'invalid page in block 0 of relation "base/5/16489"');
    const wrapped = new Error("Failed query: select … params: ana@example.com", { cause: damaged });
    expect(databaseErrorOf(wrapped)).toEqual({
      code: "XX001",
      message: 'invalid page in block 0 of relation "base/5/16489"',
    });
  });
});
