// The one set-up of the API tests: the file's PGlite (opened once per test file), emptied
// before each test, a fresh API with its own clock, the catalog fixture, and customers with
// tokens. A test file declares what it needs and reads the rest from the returned context.
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Database, DatabaseHandle } from "../db/client.ts";
import {
  postgresTestDatabase,
  type RaceBackend,
  type ScratchRaceBackend,
  scratchPostgresDatabase,
} from "./database.ts";
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

/**
 * Opens a backend of scratchRaceBackends (testing/database.ts) for the enclosing describe
 * block: the file's PGlite, or a new database on TEST_DATABASE_URL's server, closed and
 * dropped after the block, so files racing at once never empty each other's tables. Nothing
 * is opened for a skipped backend; the returned function gives the handle inside the tests.
 */
export function useScratchRaceDatabase(backend: ScratchRaceBackend): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (backend.skip) return;
    if (backend.postgres) {
      const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string);
      drop = scratch.drop;
      handle = await postgresTestDatabase(scratch.url);
    } else {
      handle = await testDatabase();
    }
    if (handle.kind !== (backend.postgres ? "postgres" : "pglite")) {
      throw new Error(`${backend.name} opened a ${handle.kind} database`);
    }
  }, 120_000);
  afterAll(async () => {
    // The file's PGlite stays open for its other tests.
    if (backend.postgres) await handle?.close();
    await drop?.();
  });
  return () => handle as DatabaseHandle;
}

/**
 * Two APIs on one emptied database and one clock: two API processes of one deployment,
 * whose calls race on the shared tables.
 */
export async function twoApiProcesses(
  db: Database,
  options: Parameters<typeof createTestApi>[1] = {},
): Promise<[TestApi, TestApi]> {
  await resetDatabase(db);
  const one = createTestApi(db, options);
  return [one, createTestApi(db, { ...options, clock: one.clock })];
}
