// The demo catalog seed: show types, venues, shows, products, performances over the next
// 60 days, sectors and one row per sellable place. Runs once per database (seed_runs).
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { performances, sectors, seedRuns, shows, showTypes, venues } from "../db/schema.ts";
import {
  CITY,
  posterPath,
  productSeeds,
  type SectorLayout,
  SHOP_VENUE,
  type ShowSeed,
  scheduleByType,
  showSeeds,
  showTypeSeeds,
  TYPE,
  type VenueSeed,
  venueSeeds,
} from "./data.ts";
import { insertDemoHalls } from "./hall-rows.ts";
import { hashString } from "./posters.ts";
import { seedDemoPromotions } from "./promotions.ts";
import { seedDemoQueue } from "./queue.ts";
import { seedDemoShowProducts } from "./show-products.ts";
import { seedDemoStaffAccounts } from "./staff.ts";

export const DEMO_SEED_NAME = "demo-v1";

/** Performances are spread over days 1..SEED_DAYS after today (Buenos Aires calendar). */
const SEED_DAYS = 59;
/** Products carry one performance whose date is the end of their sale window. */
const PRODUCT_SALE_DAYS = 365;

// Argentina keeps UTC-3 all year (no daylight saving since 2009), so a fixed offset is exact.
const BUENOS_AIRES_OFFSET_HOURS = -3;

/** Today's date in Buenos Aires, as UTC midnight of that calendar day. */
function buenosAiresToday(now: Date): Date {
  const local = new Date(now.getTime() + BUENOS_AIRES_OFFSET_HOURS * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}

/** The instant of a Buenos Aires wall-clock time, `days` after `today`. */
function buenosAiresInstant(today: Date, days: number, time: string): Date {
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(
    Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate() + days,
      hours - BUENOS_AIRES_OFFSET_HOURS,
      minutes,
    ),
  );
}

/** mulberry32 seeded from the show's seo: the same show gets the same pattern every run. */
function randomFor(seo: string): () => number {
  let state = hashString(`schedule:${seo}`);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Dates of a show's performances: one per equal slice of the window, on playing weekdays. */
export function scheduleFor(show: ShowSeed, now: Date): Date[] {
  const random = randomFor(show.seo);
  const { times, weekdays } = scheduleByType[show.typeId];
  const today = buenosAiresToday(now);
  const candidates: number[] = [];
  for (let day = 1; day <= SEED_DAYS; day++) {
    const weekday = (today.getUTCDay() + day) % 7;
    if (weekdays.includes(weekday)) candidates.push(day);
  }
  const count = Math.min(show.performances ?? 3 + Math.floor(random() * 6), candidates.length);
  const dates: Date[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * candidates.length) / count);
    const to = Math.floor(((i + 1) * candidates.length) / count);
    const day = candidates[from + Math.floor(random() * (to - from))];
    const time = times[Math.floor(random() * times.length)];
    dates.push(buenosAiresInstant(today, day, time));
  }
  return dates;
}

const roundPrice = (value: number) => Math.max(1000, Math.round(value / 500) * 500);

type PlannedSector = {
  performanceKey: string;
  /** The hall sector it is drawn as (products have none). */
  hallSectorId: number | null;
  name: string;
  sortOrder: number;
  price: number;
  layout: SectorLayout;
  soldPercent: number;
};

/** The venues row of a seeded venue (the bench catalog makes more of them). */
export function venueRow(v: VenueSeed): typeof venues.$inferInsert {
  return {
    seo: v.seo,
    name: v.name,
    address: v.address,
    city: CITY,
    zone: v.zone,
    latitude: v.latitude,
    longitude: v.longitude,
    description: v.description,
    isShop: v.isShop ?? false,
  };
}

export async function seedDemoCatalog(
  db: Database,
  options: { now?: Date } = {},
): Promise<{ seededNow: boolean }> {
  const now = options.now ?? new Date();
  const seededNow = await db.transaction(async (tx) => {
    // Claiming the run first makes a concurrent second seed wait on the key, then skip.
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: DEMO_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return false;

    await tx
      .insert(showTypes)
      .values(showTypeSeeds.map((t) => ({ id: t.id, name: t.name, sortOrder: t.sortOrder })))
      .onConflictDoNothing();

    const venueRows = await tx
      .insert(venues)
      .values(venueSeeds.map(venueRow))
      .returning({ id: venues.id, seo: venues.seo });
    const venueId = new Map(venueRows.map((v) => [v.seo, v.id]));
    const venueOf = (seo: string) => {
      const id = venueId.get(seo);
      if (id === undefined) throw new Error(`seed: unknown venue ${seo}`);
      return id;
    };
    // Each venue's drawing is stored once; its performances' sectors point at it.
    const hallSectorIds = await insertDemoHalls(tx, venueId);
    const hallSectorOf = (venue: string, layout: SectorLayout) => {
      const id =
        layout.code === undefined ? undefined : hallSectorIds.get(`${venue}:${layout.code}`);
      if (id === undefined && layout.kind === "NUMBERED") {
        throw new Error(`seed: ${venue} has no drawn sector ${layout.code}`);
      }
      return id ?? null;
    };

    const showRows = await tx
      .insert(shows)
      .values([
        ...showSeeds.map((s) => ({
          seo: s.seo,
          typeId: s.typeId,
          venueId: venueOf(s.venue),
          title: s.title,
          summary: s.summary,
          description: s.description,
          imagePath: posterPath(s.seo),
          highlightRank: s.highlightRank ?? null,
          durationMinutes: s.durationMinutes,
          isProduct: false,
        })),
        ...productSeeds.map((p) => ({
          seo: p.seo,
          typeId: TYPE.shop,
          venueId: venueOf(SHOP_VENUE),
          title: p.title,
          summary: p.summary,
          description: p.description,
          imagePath: posterPath(p.seo),
          highlightRank: null,
          durationMinutes: null,
          isProduct: true,
        })),
      ])
      .returning({ id: shows.id, seo: shows.seo });
    const showId = new Map(showRows.map((s) => [s.seo, s.id]));

    // Plan every performance and its sectors in memory, keyed by show id + start instant.
    const plannedPerformances: {
      showId: number;
      startsAt: Date;
      status: string;
      key: string;
      requestedData?: string[];
    }[] = [];
    const plannedSectors: PlannedSector[] = [];
    const layoutByVenue = new Map(venueSeeds.map((v) => [v.seo, v.layout]));

    for (const show of showSeeds) {
      const id = showId.get(show.seo) as number;
      const dates = scheduleFor(show, now);
      dates.forEach((startsAt, index) => {
        const key = `${id}:${startsAt.toISOString()}`;
        const cancelled = show.cancelSecondPerformance === true && index === 1;
        plannedPerformances.push({
          showId: id,
          startsAt,
          status: cancelled ? "CANCELLED" : "ON_SALE",
          key,
          requestedData: show.requestedData ?? [],
        });
        const soldPercent =
          show.soldOut || (show.firstPerformanceSoldOut && index === 0)
            ? 100
            : (show.soldPercent ?? 15);
        (layoutByVenue.get(show.venue) ?? []).forEach((layout, sortOrder) => {
          plannedSectors.push({
            performanceKey: key,
            hallSectorId: hallSectorOf(show.venue, layout),
            name: layout.name,
            sortOrder,
            price: roundPrice(show.price * layout.priceFactor),
            layout,
            soldPercent,
          });
        });
      });
    }

    const saleEnds = buenosAiresInstant(buenosAiresToday(now), PRODUCT_SALE_DAYS, "23:59");
    for (const product of productSeeds) {
      const id = showId.get(product.seo) as number;
      const key = `${id}:${saleEnds.toISOString()}`;
      plannedPerformances.push({ showId: id, startsAt: saleEnds, status: "ON_SALE", key });
      plannedSectors.push({
        performanceKey: key,
        hallSectorId: null,
        name: product.unit,
        sortOrder: 0,
        price: product.price,
        layout: { name: product.unit, kind: "GENERAL", capacity: product.stock, priceFactor: 1 },
        soldPercent: product.outOfStock ? 100 : 0,
      });
    }

    const performanceRows = await tx
      .insert(performances)
      .values(plannedPerformances.map(({ key: _key, ...p }) => p))
      .returning({
        id: performances.id,
        showId: performances.showId,
        startsAt: performances.startsAt,
      });
    const performanceId = new Map(
      performanceRows.map((p) => [`${p.showId}:${p.startsAt.toISOString()}`, p.id]),
    );

    const sectorRows = await tx
      .insert(sectors)
      .values(
        plannedSectors.map((s) => ({
          performanceId: performanceId.get(s.performanceKey) as number,
          name: s.name,
          kind: s.layout.kind,
          price: s.price,
          sortOrder: s.sortOrder,
          hallSectorId: s.hallSectorId,
        })),
      )
      .returning({
        id: sectors.id,
        performanceId: sectors.performanceId,
        sortOrder: sectors.sortOrder,
      });
    const sectorId = new Map(sectorRows.map((s) => [`${s.performanceId}:${s.sortOrder}`, s.id]));

    const numbered: object[] = [];
    const general: object[] = [];
    for (const s of plannedSectors) {
      const perf = performanceId.get(s.performanceKey) as number;
      const base = { sector_id: sectorId.get(`${perf}:${s.sortOrder}`), performance_id: perf };
      if (s.layout.kind === "NUMBERED") {
        numbered.push({ ...base, hall_sector_id: s.hallSectorId, sold_percent: s.soldPercent });
      } else {
        general.push({
          ...base,
          capacity: s.layout.capacity,
          sold: Math.round((s.layout.capacity * s.soldPercent) / 100),
        });
      }
    }

    // Places are generated in the database: tens of thousands of rows in two statements.
    // A numbered sector's places are its hall seats, labels copied, in seat order (so ids
    // follow rows from the stage, then seats left to right); they sell scattered (a stable
    // hash of sector and seat picks them). General places are interchangeable, so the first
    // N are the sold ones.
    await tx.execute(sql`
      INSERT INTO positions (sector_id, performance_id, "row", "number", hall_seat_id, sold)
      SELECT s.sector_id, s.performance_id, seat."row", seat."number", seat.id,
             s.sold_percent >= 100
             OR ((hashint8(s.sector_id::bigint * 100000 + seat.id) % 100 + 100) % 100)
                < s.sold_percent
      FROM jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb)
           AS s(sector_id int, performance_id int, hall_sector_id int, sold_percent int)
      JOIN hall_seats seat ON seat.hall_sector_id = s.hall_sector_id
      ORDER BY s.sector_id, seat.row_index, seat.seat_index
    `);
    await tx.execute(sql`
      INSERT INTO positions (sector_id, performance_id, sold)
      SELECT s.sector_id, s.performance_id, g.i <= s.sold
      FROM jsonb_to_recordset(${JSON.stringify(general)}::jsonb)
           AS s(sector_id int, performance_id int, capacity int, sold int)
      CROSS JOIN LATERAL generate_series(1, s.capacity) AS g(i)
      ORDER BY s.sector_id, g.i
    `);
    return true;
  });
  await seedDemoPromotions(db, now);
  await seedDemoShowProducts(db);
  await seedDemoStaffAccounts(db);
  await seedDemoQueue(db, now);
  return { seededNow };
}
