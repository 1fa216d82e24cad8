import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPosterApi } from "../app.ts";
import { PRODUCT_TYPE_ID } from "../contract/index.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { scheduleByType } from "./data.ts";
import { hallPlanFor, OPEN_AIR_VENUE } from "./halls/index.ts";
import { DEMO_SEED_NAME, seedDemoCatalog } from "./index.ts";
import { DEMO_PROMOTION_CODE, DEMO_PROMOTIONS_SEED_NAME } from "./promotions.ts";
import { DEMO_QUEUE_SEED_NAME, DEMO_QUEUE_SHOW } from "./queue.ts";
import { DEMO_SHOW_PRODUCTS_SEED_NAME, PRODUCTS_OFFERED_WITH_SHOWS } from "./show-products.ts";
import {
  DEMO_BOX_CLERK_SEED_NAME,
  DEMO_BOX_CLERKS,
  DEMO_DOOR_STAFF,
  DEMO_DOOR_STAFF_SEED_NAME,
  DEMO_OPERATOR_SEED_NAME,
  DEMO_OPERATORS,
} from "./staff.ts";
import { assertWellFormedXml } from "./xml-check.ts";

// A fixed instant (12:00 in Buenos Aires) keeps the generated schedule reproducible.
const now = new Date("2031-05-14T15:00:00Z");
const DAY = 86_400_000;

let handle: DatabaseHandle;

type Row = Record<string, unknown>;
async function rows<T = Row>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function counts() {
  const [row] = await rows<Record<string, number>>(sql`
    SELECT (SELECT count(*)::int FROM show_types) AS show_types,
           (SELECT count(*)::int FROM venues) AS venues,
           (SELECT count(*)::int FROM shows) AS shows,
           (SELECT count(*)::int FROM performances) AS performances,
           (SELECT count(*)::int FROM sectors) AS sectors,
           (SELECT count(*)::int FROM positions) AS positions,
           (SELECT count(*)::int FROM promotions) AS promotions,
           (SELECT count(*)::int FROM show_products) AS show_products,
           (SELECT count(*)::int FROM seed_runs) AS seed_runs`);
  return row;
}

beforeAll(async () => {
  handle = await openDatabase();
  // How long seeding takes is measured by bench/, not asserted here: it depends on the machine.
  await seedDemoCatalog(handle.db, { now });
  console.info("demo seed", await counts());
});

afterAll(async () => {
  await handle?.close();
});

describe("seedDemoCatalog", () => {
  it("creates show types, including the product type", async () => {
    const types = await rows<{ id: number; name: { es: string; en: string; pt: string } }>(
      sql`SELECT id, name FROM show_types ORDER BY sort_order`,
    );
    expect(types.filter((t) => t.id !== PRODUCT_TYPE_ID).length).toBeGreaterThanOrEqual(6);
    const shop = types.find((t) => t.id === PRODUCT_TYPE_ID);
    expect(shop?.name).toEqual({ es: "Tienda", en: "Shop", pt: "Loja" });
    for (const t of types) expect(t.name.es && t.name.en && t.name.pt).toBeTruthy();
  });

  it("creates venues with one shop", async () => {
    const venues = await rows<{ is_shop: boolean; latitude: string; description: Row }>(
      sql`SELECT is_shop, latitude, description FROM venues`,
    );
    expect(venues.length).toBeGreaterThanOrEqual(6);
    expect(venues.filter((v) => v.is_shop)).toHaveLength(1);
    for (const v of venues) {
      expect(Number(v.latitude)).toBeLessThan(-34);
      expect(Object.keys(v.description).sort()).toEqual(["en", "es", "pt"]);
    }
  });

  it("creates at least 30 shows over 6 categories and 6 venues, 3 highlighted", async () => {
    const shows = await rows<{
      seo: string;
      type_id: number;
      venue_id: number;
      image_path: string;
      highlight_rank: number | null;
      summary: Row;
      description: Row;
    }>(sql`SELECT * FROM shows WHERE NOT is_product`);
    expect(shows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(shows.map((s) => s.type_id)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(shows.map((s) => s.venue_id)).size).toBeGreaterThanOrEqual(6);
    for (const s of shows) {
      expect(s.seo).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.image_path).toBe(`/v2/Imagenes/${s.seo}.svg`);
      expect(Object.keys(s.summary).sort()).toEqual(["en", "es", "pt"]);
      expect(Object.keys(s.description).sort()).toEqual(["en", "es", "pt"]);
    }
    const ranks = shows.map((s) => s.highlight_rank).filter((r) => r !== null);
    expect(ranks.sort()).toEqual([1, 2, 3]);
  });

  it("gives every show upcoming performances within 60 days at realistic local hours", async () => {
    const list = await rows<{ show_id: number; type_id: number; starts_at: Date; status: string }>(
      sql`SELECT p.show_id, s.type_id, p.starts_at, p.status
          FROM performances p JOIN shows s ON s.id = p.show_id WHERE NOT s.is_product`,
    );
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/Argentina/Buenos_Aires",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const byShow = new Map<number, typeof list>();
    for (const p of list) {
      const startsAt = new Date(p.starts_at);
      expect(startsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(startsAt.getTime()).toBeLessThan(now.getTime() + 60 * DAY);
      // Stored as the right instant: its Buenos Aires wall-clock time is one of the schedule's.
      expect(scheduleByType[p.type_id].times).toContain(local.format(startsAt));
      byShow.set(p.show_id, [...(byShow.get(p.show_id) ?? []), p]);
    }
    const [{ total }] = await rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM shows WHERE NOT is_product`,
    );
    expect(byShow.size).toBe(total);
    for (const performances of byShow.values()) {
      // Two for the open-air concert; 3 to 8 for the others.
      expect(performances.length).toBeGreaterThanOrEqual(2);
      expect(performances.length).toBeLessThanOrEqual(8);
      expect(performances.some((p) => p.status === "ON_SALE")).toBe(true);
    }
    expect(list.filter((p) => p.status === "CANCELLED").length).toBeGreaterThanOrEqual(2);
  });

  it("stores 20:30 in Buenos Aires as 23:30 UTC", async () => {
    const [row] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM performances
      WHERE to_char(starts_at AT TIME ZONE 'America/Argentina/Buenos_Aires', 'HH24:MI') = '20:30'
        AND to_char(starts_at AT TIME ZONE 'UTC', 'HH24:MI') <> '23:30'`);
    const [any] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM performances
      WHERE to_char(starts_at AT TIME ZONE 'UTC', 'HH24:MI') = '23:30'`);
    expect(any.n).toBeGreaterThan(0);
    expect(row.n).toBe(0);
  });

  it("gives every performance a general and a numbered sector drawn in its venue's hall", async () => {
    const sectors = await rows<{
      performance_id: number;
      kind: string;
      price: number;
      places: number;
      unnumbered: number;
      drawn: boolean;
      hall_seats: number;
      on_hall_seats: number;
      labels_as_drawn: number;
      min_row: string | null;
    }>(sql`
      SELECT se.performance_id, se.kind, se.price,
             count(po.id)::int AS places,
             count(po.id) FILTER (WHERE po.row IS NULL AND po.number IS NULL)::int AS unnumbered,
             -- the sector is drawn in the hall of the show's own venue
             bool_and(hs.id IS NOT NULL AND h.venue_id = s.venue_id) AS drawn,
             (SELECT count(*)::int FROM hall_seats x WHERE x.hall_sector_id = se.hall_sector_id)
               AS hall_seats,
             count(seat.id) FILTER (WHERE seat.hall_sector_id = se.hall_sector_id)::int
               AS on_hall_seats,
             count(seat.id) FILTER (WHERE seat."row" = po."row" AND seat."number" = po."number")::int
               AS labels_as_drawn,
             min(po.row) AS min_row
      FROM sectors se
      JOIN performances p ON p.id = se.performance_id
      JOIN shows s ON s.id = p.show_id AND NOT s.is_product
      JOIN positions po ON po.sector_id = se.id
      LEFT JOIN hall_sectors hs ON hs.id = se.hall_sector_id
      LEFT JOIN halls h ON h.id = hs.hall_id
      LEFT JOIN hall_seats seat ON seat.id = po.hall_seat_id
      GROUP BY se.id`);
    const byPerformance = new Map<number, typeof sectors>();
    for (const s of sectors) {
      byPerformance.set(s.performance_id, [...(byPerformance.get(s.performance_id) ?? []), s]);
      expect(Number.isInteger(s.price)).toBe(true);
      expect(s.drawn).toBe(true);
      if (s.kind === "GENERAL") {
        // From a small hall's 60 to the open-air ground's standing field.
        expect(s.places).toBeGreaterThanOrEqual(60);
        expect(s.places).toBeLessThanOrEqual(3000);
        expect(s.unnumbered).toBe(s.places);
        expect(s.on_hall_seats).toBe(0);
      } else {
        expect(s.kind).toBe("NUMBERED");
        expect(s.unnumbered).toBe(0);
        // One place per seat of the drawing, labelled as drawn.
        expect(s.hall_seats).toBeGreaterThanOrEqual(40);
        expect(s.places).toBe(s.hall_seats);
        expect(s.on_hall_seats).toBe(s.places);
        expect(s.labels_as_drawn).toBe(s.places);
        expect(["A", "P1"]).toContain(s.min_row);
      }
    }
    const [{ total }] = await rows<{ total: number }>(sql`
      SELECT count(*)::int AS total FROM performances p
      JOIN shows s ON s.id = p.show_id WHERE NOT s.is_product`);
    expect(byPerformance.size).toBe(total);
    for (const list of byPerformance.values()) {
      expect(list.map((s) => s.kind)).toContain("GENERAL");
      expect(list.map((s) => s.kind)).toContain("NUMBERED");
    }
    const prices = new Set(sectors.map((s) => s.price));
    expect(prices.size).toBeGreaterThanOrEqual(10);
    expect(Math.min(...prices)).toBeGreaterThan(0);
  });

  it("numbers each seat once per sector", async () => {
    const [row] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (
        SELECT sector_id, row, number FROM positions WHERE row IS NOT NULL
        GROUP BY sector_id, row, number HAVING count(*) > 1) d`);
    expect(row.n).toBe(0);
  });

  it("has a sold-out show, partly sold shows and free places", async () => {
    const stats = await rows<{ show_id: number; places: number; sold: number }>(
      sql`SELECT p.show_id, count(*)::int AS places, count(*) FILTER (WHERE po.sold)::int AS sold
          FROM performances p JOIN shows s ON s.id = p.show_id AND NOT s.is_product
          JOIN positions po ON po.performance_id = p.id GROUP BY p.id`,
    );
    const byShow = new Map<number, { places: number; sold: number }[]>();
    for (const s of stats) byShow.set(s.show_id, [...(byShow.get(s.show_id) ?? []), s]);
    const full = (p: { places: number; sold: number }) => p.sold === p.places;
    const shows = [...byShow.values()];
    expect(shows.some((performances) => performances.every(full))).toBe(true);
    // A performance can be sold out on its own while its show still has seats.
    expect(shows.some((ps) => ps.some(full) && !ps.every(full))).toBe(true);
    const partly = shows.filter((ps) => ps.some((p) => p.sold > 0 && p.sold < p.places));
    expect(partly.length).toBeGreaterThan(20);
  });

  it("creates shop products with one general sector as stock, one out of stock", async () => {
    const products = await rows<{
      type_id: number;
      is_shop: boolean;
      performances: number;
      sectors: number;
      kinds: string;
      places: number;
      sold: number;
    }>(sql`
      SELECT s.type_id, v.is_shop,
             (SELECT count(*)::int FROM performances p WHERE p.show_id = s.id) AS performances,
             (SELECT count(*)::int FROM sectors se JOIN performances p ON p.id = se.performance_id
               WHERE p.show_id = s.id) AS sectors,
             (SELECT string_agg(DISTINCT se.kind, ',') FROM sectors se
               JOIN performances p ON p.id = se.performance_id WHERE p.show_id = s.id) AS kinds,
             (SELECT count(*)::int FROM positions po JOIN performances p ON p.id = po.performance_id
               WHERE p.show_id = s.id) AS places,
             (SELECT count(*)::int FROM positions po JOIN performances p ON p.id = po.performance_id
               WHERE p.show_id = s.id AND po.sold) AS sold
      FROM shows s JOIN venues v ON v.id = s.venue_id WHERE s.is_product`);
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const p of products) {
      expect(p.type_id).toBe(PRODUCT_TYPE_ID);
      expect(p.is_shop).toBe(true);
      expect(p.performances).toBe(1);
      expect(p.sectors).toBe(1);
      expect(p.kinds).toBe("GENERAL");
      expect(p.places).toBeGreaterThan(0);
    }
    expect(products.filter((p) => p.sold === p.places)).toHaveLength(1);
    expect(products.filter((p) => p.sold === 0).length).toBeGreaterThanOrEqual(2);
  });

  it("is idempotent: a second run (even later) changes nothing", async () => {
    const before = await counts();
    await seedDemoCatalog(handle.db, { now: new Date(now.getTime() + 3 * DAY) });
    await seedDemoCatalog(handle.db);
    expect(await counts()).toEqual(before);
    const runs = await rows<{ name: string }>(sql`SELECT name FROM seed_runs`);
    expect(runs.map((run) => run.name).sort()).toEqual(
      [
        DEMO_SEED_NAME,
        DEMO_PROMOTIONS_SEED_NAME,
        DEMO_SHOW_PRODUCTS_SEED_NAME,
        DEMO_BOX_CLERK_SEED_NAME,
        DEMO_DOOR_STAFF_SEED_NAME,
        DEMO_OPERATOR_SEED_NAME,
        DEMO_QUEUE_SEED_NAME,
      ].sort(),
    );
  });

  it("gives every show, and no product, one promotion of each kind the shop sells", async () => {
    const perShow = await rows<{
      product: boolean;
      kinds: string;
      coded: number;
      forWhom: string;
    }>(sql`
      SELECT s.is_product AS product,
             string_agg(DISTINCT p.rule ->> 'kind', ',' ORDER BY p.rule ->> 'kind') AS kinds,
             count(p.code)::int AS coded,
             string_agg(DISTINCT p.for_attribute, ',' ORDER BY p.for_attribute) AS "forWhom"
      FROM shows s LEFT JOIN promotions p ON p.show_id = s.id
      GROUP BY s.id, s.is_product`);
    for (const show of perShow.filter((row) => !row.product)) {
      expect(show).toEqual({
        product: false,
        kinds: "N_FOR_M,PERCENT_OFF",
        coded: 1,
        forWhom: "RESIDENT,RETIREE",
      });
    }
    for (const product of perShow.filter((row) => row.product)) expect(product.kinds).toBeNull();
    const [coded] = await rows<{ code: string }>(
      sql`SELECT DISTINCT code FROM promotions WHERE code IS NOT NULL`,
    );
    expect(coded.code).toBe(DEMO_PROMOTION_CODE);
  });

  it("has a box-office clerk per window, door staff and an operator, their roles granted in the database", async () => {
    const staff = await rows<{ email: string; role: string }>(sql`
      SELECT c.email, r.role FROM staff_roles r JOIN customers c ON c.id = r.customer_id
      ORDER BY c.email`);
    expect(staff).toEqual(
      [
        ...DEMO_BOX_CLERKS.map(({ email }) => ({ email, role: "BOX_CLERK" })),
        ...DEMO_DOOR_STAFF.map(({ email }) => ({ email, role: "DOOR_STAFF" })),
        ...DEMO_OPERATORS.map(({ email }) => ({ email, role: "OPERATOR" })),
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it("puts the headline concert's last performance behind a waiting room whose sale started", async () => {
    const queues = await rows<{ seo: string; last: boolean; enabled: boolean; start: Date }>(sql`
      SELECT s.seo, q.enabled, q.sale_starts_at AS start,
             p.starts_at = (SELECT max(o.starts_at) FROM performances o WHERE o.show_id = s.id) AS last
      FROM queue_settings q JOIN performances p ON p.id = q.performance_id
      JOIN shows s ON s.id = p.show_id`);
    expect(queues).toHaveLength(1);
    expect(queues[0]).toMatchObject({ seo: DEMO_QUEUE_SHOW, last: true, enabled: true });
    expect(new Date(queues[0].start).getTime()).toBe(now.getTime());
    const performancesOfShow = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM performances p JOIN shows s ON s.id = p.show_id
      WHERE s.seo = ${DEMO_QUEUE_SHOW}`);
    // Its first performance stays free of the queue.
    expect(performancesOfShow[0].n).toBeGreaterThan(1);
  });

  it("offers the shop's merchandise, in stock, with every show", async () => {
    const offered = await rows<{ seo: string; products: string | null }>(sql`
      SELECT s.seo, string_agg(p.seo, ',' ORDER BY sp.sort_order) AS products
      FROM shows s
      LEFT JOIN show_products sp ON sp.show_id = s.id
      LEFT JOIN shows p ON p.id = sp.product_id AND p.is_product
      WHERE NOT s.is_product
      GROUP BY s.seo`);
    expect(offered.length).toBeGreaterThan(0);
    for (const show of offered) expect(show.products).toBe(PRODUCTS_OFFERED_WITH_SHOWS.join(","));
  });
});

describe("drawn halls in the seeded database", () => {
  it("stores one hall per venue with a stage, its sectors and every drawn seat", async () => {
    const halls = await rows<{ seo: string; sectors: number; seats: number; general: number }>(sql`
      SELECT v.seo,
             (SELECT count(*)::int FROM hall_sectors hs WHERE hs.hall_id = h.id) AS sectors,
             (SELECT count(*)::int FROM hall_seats seat JOIN hall_sectors hs
               ON hs.id = seat.hall_sector_id WHERE hs.hall_id = h.id) AS seats,
             (SELECT count(*)::int FROM hall_sectors hs
               WHERE hs.hall_id = h.id AND hs.kind = 'GENERAL') AS general
      FROM venues v LEFT JOIN halls h ON h.venue_id = v.id WHERE NOT v.is_shop`);
    for (const hall of halls) {
      const plan = hallPlanFor(hall.seo);
      expect(plan, hall.seo).toBeDefined();
      expect(hall.sectors).toBe(plan?.sectors.length);
      expect(hall.seats).toBe(plan?.sectors.reduce((n, s) => n + s.seats.length, 0));
    }
    expect(halls.find((h) => h.seo === OPEN_AIR_VENUE)?.seats).toBeGreaterThanOrEqual(15_000);
    expect(halls.reduce((n, h) => n + h.general, 0)).toBeGreaterThan(0);
  });

  it("shares one drawing between a venue's performances", async () => {
    const [row] = await rows<{ performances: number; hall_sectors: number }>(sql`
      SELECT count(DISTINCT se.performance_id)::int AS performances,
             count(DISTINCT se.hall_sector_id)::int AS hall_sectors
      FROM sectors se JOIN hall_sectors hs ON hs.id = se.hall_sector_id
      JOIN halls h ON h.id = hs.hall_id JOIN venues v ON v.id = h.venue_id
      WHERE v.seo = 'teatro-municipal-corrientes'`);
    expect(row.performances).toBeGreaterThan(5);
    expect(row.hall_sectors).toBe(4);
  });

  it("lists a sector's places in seat order: rows from the stage, then left to right", async () => {
    const [row] = await rows<{ out_of_order: number; checked: number }>(sql`
      SELECT count(*) FILTER (WHERE (prev_row, prev_seat) >= (row_index, seat_index))::int
               AS out_of_order,
             count(*)::int AS checked
      FROM (SELECT seat.row_index, seat.seat_index,
                   lag(seat.row_index) OVER w AS prev_row,
                   lag(seat.seat_index) OVER w AS prev_seat
            FROM positions po JOIN hall_seats seat ON seat.id = po.hall_seat_id
            WINDOW w AS (PARTITION BY po.sector_id ORDER BY po.id)) t
      WHERE prev_row IS NOT NULL`);
    expect(row.checked).toBeGreaterThan(30_000);
    expect(row.out_of_order).toBe(0);
  });

  it("sells the open-air concert's stands and platea in part, scattered over the seats", async () => {
    const sectors = await rows<{
      name: string;
      places: number;
      sold: number;
      rows_with_sales: number;
    }>(sql`
      SELECT se.name, count(*)::int AS places, count(*) FILTER (WHERE po.sold)::int AS sold,
             count(DISTINCT po.row) FILTER (WHERE po.sold)::int AS rows_with_sales
      FROM positions po JOIN sectors se ON se.id = po.sector_id
      JOIN performances p ON p.id = se.performance_id JOIN shows s ON s.id = p.show_id
      WHERE s.seo = 'rock-del-rio-en-la-costanera' AND se.kind = 'NUMBERED'
      GROUP BY se.id`);
    // Two performances, each with eight stands of 40 rows and a platea of 24.
    expect(sectors).toHaveLength(18);
    for (const sector of sectors) {
      expect(sector.sold / sector.places).toBeGreaterThan(0.35);
      expect(sector.sold / sector.places).toBeLessThan(0.55);
      expect(sector.rows_with_sales).toBe(sector.name === "Platea Campo" ? 24 : 40);
    }
    expect(sectors.filter((s) => s.name.startsWith("Tribuna ")).length).toBe(16);
  });

  it("points each companion seat at the wheelchair place beside it", async () => {
    const pairs = await rows<{ kind: string; same_row: boolean; step: number }>(sql`
      SELECT place.kind, place.row_index = companion.row_index AS same_row,
             abs(place.seat_index - companion.seat_index)::int AS step
      FROM hall_seats companion
      LEFT JOIN hall_seats place ON place.id = companion.companion_of
        AND place.hall_sector_id = companion.hall_sector_id
      WHERE companion.kind = 'COMPANION'`);
    expect(pairs.length).toBeGreaterThanOrEqual(16);
    for (const pair of pairs) expect(pair).toEqual({ kind: "WHEELCHAIR", same_row: true, step: 1 });
  });

  it("serves every stored 360° view as well-formed SVG, with its description", async () => {
    const views = await rows<{ view_image: string; view_description: Row }>(sql`
      SELECT view_image, view_description FROM hall_sectors WHERE view_image IS NOT NULL`);
    expect(views.length).toBeGreaterThanOrEqual(5);
    const app = createPosterApi(handle.db);
    for (const view of views) {
      expect(Object.keys(view.view_description).sort()).toEqual(["en", "es", "pt"]);
      const response = await app.request(view.view_image);
      expect(response.status, view.view_image).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      const body = await response.text();
      expect(body.startsWith("<svg")).toBe(true);
      assertWellFormedXml(body);
    }
    // Only stored views exist: a sector without one, or an unknown one, is not found.
    for (const file of [
      "vista-teatro-municipal-corrientes-tertulia.svg",
      "vista-nada-por-aqui.svg",
    ]) {
      expect((await app.request(`/v2/Imagenes/${file}`)).status, file).toBe(404);
    }
  });
});

describe("posters with the seeded database", () => {
  it("renders a seeded show's poster as SVG", async () => {
    const app = createPosterApi(handle.db);
    const response = await app.request("/v2/Imagenes/los-inquilinos-del-conventillo.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d{7,}.*immutable/);
    const body = await response.text();
    expect(body.startsWith("<svg")).toBe(true);
    expect(body).toContain("Inquilinos");
    assertWellFormedXml(body);
  });

  it("finds shows that are only in the database", async () => {
    await handle.db.execute(sql`
      INSERT INTO shows (seo, type_id, venue_id, title, summary, description, image_path)
      SELECT 'tom-and-jerry', 2, min(id), 'Tom & Jerry <live>', '{}'::jsonb, '{}'::jsonb,
             '/v2/Imagenes/tom-and-jerry.svg' FROM venues`);
    const response = await createPosterApi(handle.db).request("/v2/Imagenes/tom-and-jerry.svg");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Tom &amp; Jerry &lt;live&gt;");
    assertWellFormedXml(body);
  });

  it("answers 404 for an unknown file", async () => {
    const response = await createPosterApi(handle.db).request("/v2/Imagenes/nada-por-aqui.svg");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/json/);
    expect(await response.json()).toMatchObject({
      nCode: 404,
      cMensaje: "No encontramos lo que estás buscando",
    });
  });
});
