// A catalog `scale` times the demo seed, for the search benchmark: every demo show appears
// `scale` times (the original, then editions with a qualifier in the title) at the demo
// venues plus generated ones across the city's barrios, with the demo's schedules (same
// rules, other seeds), sectors and one row per sellable place like the seed.
import { sql } from "drizzle-orm";
import type { Database } from "../commerce/db/client.ts";
import { performances, sectors, shows, showTypes, venues } from "../commerce/db/schema.ts";
import {
  posterPath,
  productSeeds,
  SHOP_VENUE,
  type ShowSeed,
  showSeeds,
  showTypeSeeds,
  TYPE,
  type VenueSeed,
  venueSeeds,
} from "../commerce/seed/data.ts";
import { hallPlanFor } from "../commerce/seed/halls/index.ts";
import { scheduleFor, venueRow } from "../commerce/seed/index.ts";

const qualifiers = [
  "Temporada de Otoño",
  "Ciclo de Verano",
  "Gira Nacional",
  "Función Especial",
  "Edición Aniversario",
  "Reestreno",
  "Versión de Cámara",
  "Al Aire Libre",
  "Nueva Puesta",
  "Últimas Funciones",
];

const barrios = [
  "Palermo",
  "Recoleta",
  "Belgrano",
  "Caballito",
  "Almagro",
  "Boedo",
  "San Telmo",
  "La Boca",
  "Barracas",
  "Flores",
  "Villa Crespo",
  "Chacarita",
  "Colegiales",
  "Núñez",
  "Saavedra",
  "Villa Urquiza",
  "Mataderos",
  "Liniers",
  "Parque Patricios",
  "Constitución",
];

const venueKinds = ["Teatro", "Sala", "Centro Cultural", "Auditorio", "Espacio", "Galpón"];

export type BenchCatalog = {
  shows: number;
  products: number;
  venues: number;
  performances: number;
  sectors: number;
  places: number;
  buildMs: number;
};

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

/** Builds the catalog into an empty, migrated database. */
export async function buildBenchCatalog(
  db: Database,
  { now, scale = 100, places = true }: { now: Date; scale?: number; places?: boolean },
): Promise<BenchCatalog> {
  const started = performance.now();
  await db
    .insert(showTypes)
    .values(showTypeSeeds.map((t) => ({ id: t.id, name: t.name, sortOrder: t.sortOrder })));

  // The demo venues, then about ten times as many generated ones with the demo layouts (not
  // the open-air ground's: a tenth of the venues with 16,000 seats would swamp the search).
  const seatsOf = (seo: string) =>
    hallPlanFor(seo)?.sectors.reduce((sum, s) => sum + s.seats.length, 0) ?? 0;
  const stages = venueSeeds.filter((v) => !v.isShop && seatsOf(v.seo) < 5000);
  const hallOf = new Map(venueSeeds.map((v) => [v.seo, v.seo]));
  const generated: VenueSeed[] = [];
  const extraVenues = Math.max(0, Math.round((stages.length * scale) / 10) - stages.length);
  for (let i = 0; i < extraVenues; i++) {
    const barrio = barrios[i % barrios.length];
    const kind = venueKinds[Math.floor(i / barrios.length) % venueKinds.length];
    const model = stages[i % stages.length];
    generated.push({
      ...model,
      seo: `bench-venue-${i + 1}`,
      name: `${kind} ${barrio} ${Math.floor(i / (barrios.length * venueKinds.length)) + 1}`,
      zone: barrio,
    });
  }
  generated.forEach((v, i) => {
    hallOf.set(v.seo, stages[i % stages.length].seo);
  });
  const allVenues = [...venueSeeds, ...generated];
  /**
   * The bench's numbered places are a grid about as big as the drawn sector (its rows × its
   * average row, rounded up): search speed depends on how many places there are, not where.
   * A generated venue takes the drawing of the demo venue it copies.
   */
  const gridOf = (venue: string, code: string) => {
    const seats =
      hallPlanFor(hallOf.get(venue) ?? venue)?.sectors.find((s) => s.code === code)?.seats ?? [];
    const rows = new Set(seats.map((s) => s.row)).size;
    return { rows, seats: rows === 0 ? 0 : Math.ceil(seats.length / rows) };
  };
  const venueRows = await db
    .insert(venues)
    .values(allVenues.map(venueRow))
    .returning({ id: venues.id, seo: venues.seo });
  const venueId = new Map(venueRows.map((v) => [v.seo, v.id]));
  const layoutOf = new Map(allVenues.map((v) => [v.seo, v.layout]));

  type PlannedShow = { seed: ShowSeed; seo: string; title: string; venue: string; copy: number };
  const planned: PlannedShow[] = [];
  for (let copy = 0; copy < scale; copy++) {
    showSeeds.forEach((seed, index) => {
      const venue =
        copy === 0 || generated.length === 0
          ? seed.venue
          : generated[(copy * 7 + index) % generated.length].seo;
      planned.push({
        seed,
        seo: copy === 0 ? seed.seo : `${seed.seo}-${copy}`,
        title:
          copy === 0
            ? seed.title
            : `${seed.title}: ${qualifiers[copy % qualifiers.length]} ${Math.ceil(copy / qualifiers.length)}`,
        venue,
        copy,
      });
    });
  }

  const showValues = [
    ...planned.map((p) => ({
      seo: p.seo,
      typeId: p.seed.typeId,
      venueId: venueId.get(p.venue) as number,
      title: p.title,
      summary: p.seed.summary,
      description: p.seed.description,
      imagePath: posterPath(p.seo),
      highlightRank: p.copy === 0 ? (p.seed.highlightRank ?? null) : null,
      durationMinutes: p.seed.durationMinutes,
      isProduct: false,
    })),
    ...Array.from({ length: scale }, (_, copy) =>
      productSeeds.map((product) => ({
        seo: copy === 0 ? product.seo : `${product.seo}-${copy}`,
        typeId: TYPE.shop,
        venueId: venueId.get(SHOP_VENUE) as number,
        title: copy === 0 ? product.title : `${product.title} (${copy})`,
        summary: product.summary,
        description: product.description,
        imagePath: posterPath(product.seo),
        highlightRank: null,
        durationMinutes: null,
        isProduct: true,
      })),
    ).flat(),
  ];
  const showIdBySeo = new Map<string, number>();
  for (let i = 0; i < showValues.length; i += 1000) {
    const rows = await db
      .insert(shows)
      .values(showValues.slice(i, i + 1000))
      .returning({ id: shows.id, seo: shows.seo });
    for (const row of rows) showIdBySeo.set(row.seo, row.id);
  }

  type PlannedPerformance = {
    show_id: number;
    starts_at: string;
    status: string;
    layout: VenueSeed["layout"];
    venue: string;
    sold_percent: number;
  };
  const plannedPerformances: PlannedPerformance[] = [];
  for (const p of planned) {
    const dates = scheduleFor({ ...p.seed, seo: p.seo }, now);
    dates.forEach((startsAt, index) => {
      plannedPerformances.push({
        show_id: showIdBySeo.get(p.seo) as number,
        starts_at: startsAt.toISOString(),
        status: p.seed.cancelSecondPerformance && index === 1 ? "CANCELLED" : "ON_SALE",
        layout: layoutOf.get(p.venue) ?? [],
        venue: p.venue,
        sold_percent:
          p.seed.soldOut || (p.seed.firstPerformanceSoldOut && index === 0)
            ? 100
            : (p.seed.soldPercent ?? 15),
      });
    });
  }
  const saleEnds = new Date(now.getTime() + 365 * 24 * 3_600_000).toISOString();
  for (let copy = 0; copy < scale; copy++) {
    for (const product of productSeeds) {
      plannedPerformances.push({
        show_id: showIdBySeo.get(copy === 0 ? product.seo : `${product.seo}-${copy}`) as number,
        starts_at: saleEnds,
        status: "ON_SALE",
        layout: [{ name: product.unit, kind: "GENERAL", capacity: product.stock, priceFactor: 1 }],
        venue: SHOP_VENUE,
        sold_percent: product.outOfStock ? 100 : 0,
      });
    }
  }
  const priceOf = new Map<number, number>();
  for (const p of planned) priceOf.set(showIdBySeo.get(p.seo) as number, p.seed.price);
  for (let copy = 0; copy < scale; copy++) {
    for (const product of productSeeds) {
      priceOf.set(
        showIdBySeo.get(copy === 0 ? product.seo : `${product.seo}-${copy}`) as number,
        product.price,
      );
    }
  }

  let performanceCount = 0;
  let sectorCount = 0;
  for (let i = 0; i < plannedPerformances.length; i += 2000) {
    const batch = plannedPerformances.slice(i, i + 2000);
    const inserted = rowsOf<{ id: number; show_id: number; starts_at: string | Date }>(
      await db.execute(sql`
        INSERT INTO ${performances} (show_id, starts_at, status)
        SELECT show_id, starts_at, status
        FROM jsonb_to_recordset(${JSON.stringify(batch.map(({ layout: _l, venue: _v, sold_percent: _s, ...p }) => p))}::jsonb)
          AS p(show_id int, starts_at timestamptz, status text)
        RETURNING id, show_id, starts_at`),
    );
    performanceCount += inserted.length;
    const performanceKey = (showId: number, startsAt: string | Date) =>
      `${showId}:${new Date(startsAt).toISOString()}`;
    const performanceId = new Map(
      inserted.map((row) => [performanceKey(Number(row.show_id), row.starts_at), Number(row.id)]),
    );
    const sectorPlan = batch.flatMap((p) =>
      p.layout.map((layout, sortOrder) => ({
        performance_id: performanceId.get(performanceKey(p.show_id, p.starts_at)) as number,
        name: layout.name,
        kind: layout.kind,
        price: Math.max(
          1000,
          Math.round(((priceOf.get(p.show_id) as number) * layout.priceFactor) / 500) * 500,
        ),
        sort_order: sortOrder,
        ...(layout.kind === "NUMBERED" ? gridOf(p.venue, layout.code) : { rows: 0, seats: 0 }),
        capacity: layout.kind === "GENERAL" ? layout.capacity : 0,
        sold_percent: p.sold_percent,
      })),
    );
    const sectorRows = rowsOf<{ id: number; performance_id: number; sort_order: number }>(
      await db.execute(sql`
        INSERT INTO ${sectors} (performance_id, name, kind, price, sort_order)
        SELECT performance_id, name, kind, price, sort_order
        FROM jsonb_to_recordset(${JSON.stringify(sectorPlan)}::jsonb)
          AS s(performance_id int, name text, kind text, price int, sort_order int)
        RETURNING id, performance_id, sort_order`),
    );
    const sectorId = new Map(
      sectorRows.map((row) => [`${row.performance_id}:${row.sort_order}`, Number(row.id)]),
    );
    sectorCount += sectorRows.length;
    if (!places) continue;
    const placePlan = sectorPlan.map((s) => ({
      ...s,
      sector_id: sectorId.get(`${s.performance_id}:${s.sort_order}`),
    }));
    const json = JSON.stringify(placePlan);
    await db.execute(sql`
      INSERT INTO positions (sector_id, performance_id, "row", "number", sold)
      SELECT s.sector_id, s.performance_id, chr(64 + r.i), n.i,
             s.sold_percent >= 100
             OR ((hashint8(s.sector_id::bigint * 1000 + r.i * 100 + n.i) % 100 + 100) % 100)
                < s.sold_percent
      FROM jsonb_to_recordset(${json}::jsonb)
           AS s(sector_id int, performance_id int, kind text, rows int, seats int, sold_percent int)
      CROSS JOIN LATERAL generate_series(1, s.rows) AS r(i)
      CROSS JOIN LATERAL generate_series(1, s.seats) AS n(i)
      WHERE s.kind = 'NUMBERED'`);
    await db.execute(sql`
      INSERT INTO positions (sector_id, performance_id, sold)
      SELECT s.sector_id, s.performance_id, g.i <= round(s.capacity * s.sold_percent / 100.0)
      FROM jsonb_to_recordset(${json}::jsonb)
           AS s(sector_id int, performance_id int, kind text, capacity int, sold_percent int)
      CROSS JOIN LATERAL generate_series(1, s.capacity) AS g(i)
      WHERE s.kind = 'GENERAL'`);
  }
  await db.execute(sql`ANALYZE`);
  const [placeCount] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM positions`),
  );
  return {
    shows: planned.length,
    products: scale * productSeeds.length,
    venues: allVenues.length,
    performances: performanceCount,
    sectors: sectorCount,
    places: Number(placeCount.n),
    buildMs: Math.round(performance.now() - started),
  };
}
