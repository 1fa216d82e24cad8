// The one set-up of the API tests: the file's PGlite (opened once per test file), emptied
// before each test, a fresh API with its own clock, the catalog fixture, and customers with
// tokens. A test file declares what it needs and reads the rest from the returned context.
import { beforeAll, beforeEach } from "vitest";
import type { Database } from "../db/client.ts";
import {
  buildFixture,
  createCustomerWithToken,
  createTestApi,
  type Fixture,
  resetDatabase,
  type TestApi,
  type TestClock,
  testDatabase,
} from "./harness.ts";

export type ApiTestSetup<F> = {
  /** The catalog each test starts with (default: the harness's fixture). */
  fixture?: (db: Database, clock: TestClock) => Promise<F>;
  /** Options of each test's API (its payment provider…), made anew per test. */
  api?: (db: Database) => Parameters<typeof createTestApi>[1];
  /** Customers with tokens, by name, written straight to the database. */
  customers?: readonly string[];
};

export type ApiTestContext<F> = {
  db: Database;
  t: TestApi;
  fx: F;
  /** Each customer's token, by the name given in the setup. */
  tokens: Record<string, string>;
};

export function setUpApiTests<F = Fixture>(setup: ApiTestSetup<F> = {}): ApiTestContext<F> {
  const context = { tokens: {} } as ApiTestContext<F>;
  beforeAll(async () => {
    context.db = (await testDatabase()).db;
  });
  beforeEach(async () => {
    await resetDatabase(context.db);
    context.t = createTestApi(context.db, setup.api?.(context.db));
    const fixture = setup.fixture ?? (buildFixture as unknown as ApiTestSetup<F>["fixture"]);
    context.fx = (await fixture?.(context.db, context.t.clock)) as F;
    context.tokens = {};
    for (const name of setup.customers ?? []) {
      context.tokens[name] = (
        await createCustomerWithToken(context.db, context.t.clock, name)
      ).token;
    }
  });
  return context;
}
