// What an error leaves in the logs: where and what kind, never the values it carried.
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { errorFields, scrubMessage } from "./log.ts";
import { capturingLogger } from "./testing/logs.ts";

const buyer = {
  email: "ana.garcia@example.com",
  hash: "scrypt$16384$8$1$q0p9Zk2sV3xYw1uTt7rR8A$Yk2mN8bV4cX6zL1qW3eR5tY7uI9oP0aS2dF4gH6jK8l",
  name: "Ana García",
  document: "30111222",
  card: "4242 4242 4242 4242",
  token: "kJ3n5b7V9c1X3z5L7q9W1e3R5t7Y9u1I3o5P7a9S1d3",
};

/** A failed INSERT as drizzle reports it: the statement, its values, PostgreSQL's error. */
function failedSignUp() {
  const postgres = Object.assign(
    new Error('duplicate key value violates unique constraint "customers_email_unique"'),
    {
      code: "23505",
      severity: "ERROR",
      detail: `Key (email)=(${buyer.email}) already exists.`,
      constraint: "customers_email_unique",
      table: "customers",
    },
  );
  return new DrizzleQueryError(
    'insert into "customers" ("email", "password_hash", "first_name", "document_number") values ($1, $2, $3, $4)',
    [buyer.email, buyer.hash, buyer.name, buyer.document],
    postgres,
  );
}

function expectNothingOfTheBuyer(text: string) {
  for (const value of Object.values(buyer)) expect(text).not.toContain(value);
  expect(text).not.toContain("García");
}

describe("errorFields", () => {
  it("keeps a failed statement's SQL and PostgreSQL's code and constraint, never its values", () => {
    const fields = errorFields(failedSignUp());
    expect(fields).toMatchObject({
      type: "DrizzleQueryError",
      query: expect.stringContaining('insert into "customers"'),
      cause: { code: "23505", constraint: "customers_email_unique", table: "customers" },
    });
    expect(fields.message).toBeUndefined();
    expectNothingOfTheBuyer(JSON.stringify(fields));
  });

  it("blanks the values PostgreSQL quotes in its messages", () => {
    const refused = Object.assign(
      new Error(`invalid input syntax for type integer: "${buyer.name}"`),
      {
        code: "22P02",
      },
    );
    expect(errorFields(refused).message).toBe('invalid input syntax for type integer: "…"');
  });

  it("masks e-mails, numbers, hashes and tokens in any message", () => {
    const text = scrubMessage(
      `card ${buyer.card} of ${buyer.email} (document ${buyer.document}): ${buyer.hash} ${buyer.token}`,
    );
    expectNothingOfTheBuyer(text);
    expect(text).toBe("card [number] of [email] (document [number]): [secret] [secret]");
  });

  it("describes what is not an Error by its type only", () => {
    expect(errorFields({ password: "x" })).toEqual({ type: "object" });
    expect(errorFields(null)).toEqual({ type: "null" });
  });
});

describe("the logger", () => {
  it("never takes an error's message as the line's message", () => {
    const { logger, lines } = capturingLogger();
    logger.error(failedSignUp());
    logger.error({ err: failedSignUp(), requestId: "r-12345678" });
    logger.warn({ error: failedSignUp() });
    expect(lines().map((line) => line.msg)).toEqual(["error", "error", "error"]);
    expect(lines()[1].requestId).toBe("r-12345678");
    expectNothingOfTheBuyer(JSON.stringify(lines()));
  });
});
