// The one set-up of the API tests: the file's PGlite (opened once per test file), emptied
// before each test, a fresh API with its own clock, the catalog fixture, and customers with
// tokens. A test file declares what it needs and reads the rest from the returned context.
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Database, DatabaseHandle } from "../db/client.ts";
import type { RaceBackend } from "./database.ts";
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

/**
 * Opens a race backend (testing/database.ts raceBackends) for the enclosing describe block,
 * and closes it after unless it is the file's shared PGlite; the returned function gives the
 * handle inside the tests.
 */
export function useRaceDatabase(backend: RaceBackend): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await backend.open();
    if (handle.kind !== (backend.name === "PGlite" ? "pglite" : "postgres")) {
      throw new Error(`${backend.name} opened a ${handle.kind} database`);
    }
  });
  afterAll(async () => {
    if (!backend.shared) await handle?.close();
  });
  return () => handle as DatabaseHandle;
}
