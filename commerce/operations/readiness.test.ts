// Liveness, readiness and the gate of a starting server, on a real (embedded) database:
// /readyz is 503 while starting, 200 once started with the database answering, 503 again
// when the database is closed, one of its tables cannot be read, or a stop began; every
// other request gets a translated 503 until the server is ready; /metrics is for the token's
// holder only, and not served at all in production without one. The database check is asked
// once however many probes come.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { Hono } from "hono";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client.ts";
import { damageTable } from "../testing/damaged-folder.ts";
import { openDataFolder, scratchPostgresDatabase, testDatabase } from "../testing/database.ts";
import { cachedCheck, createLifecycle, databaseCheck, type Lifecycle } from "./lifecycle.ts";
import { type MetricsAccess, operationsEndpoints, readinessGate } from "./routes.ts";

function serverWith(lifecycle: Lifecycle, access: MetricsAccess = { production: false }) {
  const app = new Hono();
  app.use(operationsEndpoints(lifecycle, access));
  app.use(readinessGate(lifecycle));
  app.get("/v2/Funcion/:id", (c) => c.json({ nCode: 200, oData: {} }));
  app.get("/", (c) => c.html("<h1>billboard</h1>"));
  return app;
}

const readyz = async (app: Hono) => {
  const answer = await app.request("/readyz");
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return { status: answer.status, body: await answer.json() };
};

describe("readiness", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it("is 503 while starting, 200 once started, 503 when the database closes, and 503 stopping", async () => {
    const lifecycle = createLifecycle();
    const app = serverWith(lifecycle);
    expect(await readyz(app)).toEqual({ status: 503, body: { status: "starting" } });
    expect((await app.request("/healthz")).status).toBe(200);

    lifecycle.ready(databaseCheck(database.db, { cacheMs: 0 }));
    expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready", database: "up" } });

    await database.close();
    expect(await readyz(app)).toEqual({
      status: 503,
      body: { status: "unready", database: "down" },
    });
    // Alive all the same: a database down is no reason to restart the process.
    expect(await (await app.request("/healthz")).json()).toEqual({ status: "up" });

    lifecycle.stopping();
    expect(await readyz(app)).toEqual({ status: 503, body: { status: "stopping" } });
    // A stop is final.
    lifecycle.ready();
    expect((await readyz(app)).status).toBe(503);
  });
});

describe("the database check", () => {
  it("is down when a table's file is damaged, though the database answers select 1", {
    timeout: 120_000,
  }, async () => {
    const folder = mkdtempSync(join(tmpdir(), "readiness-damaged-"));
    let damaged: DatabaseHandle | undefined;
    try {
      await (await openDataFolder(folder)).close();
      await damageTable(folder, "performances");
      damaged = await openDatabase({ dataDir: folder });
      await damaged.db.execute(sql`select 1`);
      expect(await databaseCheck(damaged.db)()).toBe(false);
    } finally {
      await damaged?.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("is down when PostgreSQL cannot be reached", async () => {
    // A port of this suite's range where nothing listens.
    const pool = new pg.Pool({ connectionString: "postgres://shop:shop@127.0.0.1:4194/shop" });
    try {
      const check = databaseCheck(drizzlePostgres(pool) as unknown as Database);
      expect(await check()).toBe(false);
    } finally {
      await pool.end();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is up on a migrated PostgreSQL (TEST_DATABASE_URL)",
    { timeout: 120_000 },
    async () => {
      const scratch = await scratchPostgresDatabase(process.env.TEST_DATABASE_URL as string);
      try {
        const handle = await openDatabase({ databaseUrl: scratch.url });
        try {
          expect(await databaseCheck(handle.db)()).toBe(true);
        } finally {
          await handle.close();
        }
      } finally {
        await scratch.drop();
      }
    },
  );

  it("asks once for probes that come together or within the cache's time", async () => {
    let asked = 0;
    let clock = 0;
    const check = cachedCheck(
      async () => {
        asked += 1;
      },
      { cacheMs: 1000, now: () => clock },
    );
    expect(await Promise.all([check(), check(), check()])).toEqual([true, true, true]);
    clock = 999;
    expect(await check()).toBe(true);
    expect(asked).toBe(1);
    clock = 1000;
    await check();
    expect(asked).toBe(2);
  });

  it("counts a query that fails or does not answer within the timeout as down", async () => {
    const failing = cachedCheck(() => Promise.reject(new Error("connection refused")));
    expect(await failing()).toBe(false);
    const hanging = cachedCheck(() => new Promise(() => {}), { timeoutMs: 50 });
    expect(await hanging()).toBe(false);
  });
});

describe("the gate of a starting server", () => {
  it("answers the API's callers with the translated envelope, and pages with a plain page", async () => {
    const lifecycle = createLifecycle();
    const app = serverWith(lifecycle);
    const api = await app.request("/v2/Funcion/1", { headers: { "Accept-Language": "en" } });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("5");
    expect(await api.json()).toEqual({
      nCode: 503,
      cMensaje: "The service is not available right now. Please try again in a few seconds.",
      oData: { cCodigo: "UNAVAILABLE" },
    });

    const page = await app.request("/");
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<h1>El servicio no está disponible en este momento.");
    expect(html).not.toMatch(/at .*\.ts|Error/);

    lifecycle.ready();
    expect(await (await app.request("/")).text()).toBe("<h1>billboard</h1>");
  });

  it("lets requests through while stopping, closing their connection after the answer", async () => {
    const lifecycle = createLifecycle();
    lifecycle.ready();
    lifecycle.stopping();
    const answer = await serverWith(lifecycle).request("/");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("connection")).toBe("close");
  });
});

describe("/metrics", () => {
  const started = () => {
    const lifecycle = createLifecycle();
    lifecycle.ready();
    return lifecycle;
  };

  it("is not there in production without METRICS_TOKEN", async () => {
    const app = serverWith(started(), { production: true });
    expect((await app.request("/metrics")).status).toBe(404);
  });

  it("answers only the token's holder when METRICS_TOKEN is set", async () => {
    const token = "metrics-token-for-the-test-0123";
    const app = serverWith(started(), { production: true, token });
    const without = await app.request("/metrics");
    expect(without.status).toBe(401);
    expect(without.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    const wrong = await app.request("/metrics", {
      headers: { Authorization: "Bearer metrics-token-for-the-test-0124" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toBe("");
    const right = await app.request("/metrics", { headers: { Authorization: `Bearer ${token}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("# TYPE http_requests_total counter");
  });

  it("is open outside production when no token is set (development, tests)", async () => {
    expect((await serverWith(started()).request("/metrics")).status).toBe(200);
  });
});
