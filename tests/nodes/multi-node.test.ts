// Several nodes on one PostgreSQL (issue 13, decision 0051): two standalone APIs started at
// once on an empty database, two production storefronts in front of them, an on-sale with
// more buyers than places through both APIs and both storefronts, then the sale checked in
// SQL; the rate limits and the waiting room's admissions counted across both nodes. Runs
// when TEST_DATABASE_URL is set, after `react-router build` (npm run test:nodes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Outcome } from "../../bench/onsale-load.ts";
import { listening } from "../../commerce/testing/server-process.ts";
import { type OwnDatabase, ownDatabase, sharedServerUrl } from "./support/databases.ts";
import {
  type ApiNode,
  nodePorts,
  type StorefrontNode,
  spawnApi,
  startShop,
  stopAll,
} from "./support/nodes.ts";
import {
  apiPurchase,
  buyerPassword,
  checkWholeSale,
  eventually,
  failed,
  generalTake,
  openSql,
  type PreparedSale,
  prepareSale,
} from "./support/on-sale.ts";
import { admissionTimes, closeQueue, openQueue, overRate } from "./support/queue.ts";
import { StorefrontBuyer, type StorefrontPurchase } from "./support/storefront-buyer.ts";

const PLACES = 60;
const API_BUYERS = 40;
const STOREFRONT_BUYERS = 8;
const LOGIN_LIMIT = 7;
const ADMISSIONS_PER_MINUTE = 120;

const databases: OwnDatabase[] = [];
const own = async () => {
  const database = await ownDatabase(sharedServerUrl as string);
  databases.push(database);
  return database;
};

afterAll(async () => {
  await stopAll();
  for (const database of databases.splice(0)) await database.drop();
});

describe.skipIf(!sharedServerUrl)("two nodes starting together on one empty database", () => {
  it("one migrates and seeds the demo, the other waits and then starts too", async () => {
    const database = await own();
    const apis = nodePorts.apis.map((port) => spawnApi(port, database.url, { SEED_DEMO: "true" }));
    await Promise.all(apis.map((api) => listening(api)));
    for (const api of apis) {
      const billboard = await api.call("/EspectaculoCartelTipos");
      expect(billboard.status).toBe(200);
    }
    const sql = openSql(database.url);
    try {
      const [migrations] = await sql.query<{ runs: string; distinct: string }>(
        "SELECT count(*) AS runs, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations",
      );
      expect(Number(migrations.runs)).toBe(Number(migrations.distinct));
      const [shows] = await sql.query<{ all: string; distinct: string }>(
        "SELECT count(*) AS all, count(DISTINCT seo) AS distinct FROM shows",
      );
      // The demo seeded once: its shows are there, none twice.
      expect(Number(shows.all)).toBeGreaterThan(0);
      expect(Number(shows.all)).toBe(Number(shows.distinct));
    } finally {
      await sql.close();
      for (const api of apis) await api.stop();
    }
  }, 120_000);
});

describe.skipIf(!sharedServerUrl)("an on-sale through two APIs and two storefronts", () => {
  let sale: PreparedSale;
  let apis: ApiNode[];
  let storefronts: StorefrontNode[];

  beforeAll(async () => {
    const database = await own();
    // The storefronts call the API only when buying: they can start before the sale exists.
    ({ apis, storefronts } = await startShop(
      database.url,
      { apis: 2, storefronts: 2 },
      { RATE_LIMITS: `login.pair=${LOGIN_LIMIT}/999999`, QUEUE_TICK_MS: "100" },
    ));
    sale = await prepareSale(database.url, {
      generalPlaces: PLACES,
      customers: API_BUYERS + STOREFRONT_BUYERS,
      withPassword: STOREFRONT_BUYERS,
    });
  }, 180_000);

  afterAll(async () => {
    await sale?.sql.close();
  });

  it("sells every place once, pays every hold, one order per payment, one bill number each", async () => {
    // The storefronts' buyers log in first; then everybody goes for the places at once.
    const storefrontBuyers = sale.emails
      .slice(API_BUYERS)
      .map((email, i) => new StorefrontBuyer(storefronts[i % 2].origin, email, buyerPassword));
    for (const buyer of storefrontBuyers) expect((await buyer.logIn()).ok).toBe(true);
    const throughStorefronts: Promise<StorefrontPurchase>[] = storefrontBuyers.map((buyer) =>
      buyer.buy({ path: sale.path, generalSectorId: sale.generalSectorId }),
    );
    const throughApis: Promise<Outcome>[] = sale.tokens
      .slice(0, API_BUYERS)
      .map((token, i) => apiPurchase(apis[i % 2].base, token, generalTake(sale)));
    const [byApi, byStorefront] = await Promise.all([
      Promise.all(throughApis),
      Promise.all(throughStorefronts),
    ]);

    // Every refusal is "sold out": nothing else went wrong on any node.
    const apiRefusals = byApi.filter((o) => !o.ok).map((o) => (o.ok ? "" : o.reply.code));
    expect(new Set(apiRefusals)).toEqual(new Set(apiRefusals.length ? ["NOT_ENOUGH_PLACES"] : []));
    const storefrontRefusals = byStorefront.filter((p) => !p.ok);
    for (const refusal of storefrontRefusals) {
      expect(refusal.ok ? null : [refusal.step, refusal.status]).toEqual(["take", 409]);
    }
    const approved = byApi.filter((o) => o.ok).length + byStorefront.filter((p) => p.ok).length;
    // More buyers than places, and the places all sold, some of them at the storefronts.
    expect(approved).toBe(PLACES / 2);
    expect(byStorefront.some((p) => p.ok)).toBe(true);
    expect(failed(await checkWholeSale(sale, approved))).toEqual([]);
  }, 120_000);

  it("counts login attempts spread across both nodes against one limit", async () => {
    const email = sale.emails[0];
    const attempts = await Promise.all(
      Array.from({ length: LOGIN_LIMIT + 5 }, (_, i) =>
        apis[i % 2].call("/Cliente/Ingreso/Token", {
          body: { cEmail: email, cClave: "not-the-password" },
        }),
      ),
    );
    const codes = attempts.map((a) => a.json.oData?.cCodigo as string);
    expect(codes.filter((code) => code === "BAD_CREDENTIALS")).toHaveLength(LOGIN_LIMIT);
    expect(codes.filter((code) => code === "RATE_LIMITED")).toHaveLength(5);
  }, 60_000);

  it("lets the waiting room's visitors in at the configured rate, not once per node", async () => {
    const queue = await openQueue(sale.sql, sale, {
      admissionsPerMinute: ADMISSIONS_PER_MINUTE,
      visitors: API_BUYERS,
    });
    // 10 admissions take about 5 s at 120 a minute (2.5 s if each node admitted the rate).
    const times = await eventually(
      () => admissionTimes(sale.sql, queue),
      (admitted) => admitted.length >= 10,
      60,
    );
    expect(times.length).toBeGreaterThanOrEqual(10);
    // Both nodes' passes share one count: never more let in than the rate allows.
    expect(overRate(times, queue, ADMISSIONS_PER_MINUTE)).toEqual([]);
    await closeQueue(sale.sql, queue);
  }, 90_000);
});
