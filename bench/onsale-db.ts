// Database side of the on-sale benchmark: opens the target checkout's database with THAT
// checkout's own packages (PGlite, pg, drizzle's migrator: a newer version may bump them,
// and a PGlite data folder must be written by the PGlite that will read it), migrates it
// with that checkout's migrations, fills it with plain SQL and checks it afterwards. Only
// table and column names are shared with the API, so one bench serves old and new code.
import { createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";

/** The little of a SQL client the bench needs, over PGlite or pg alike. */
export type Sql = {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

type PGliteModule = typeof import("@electric-sql/pglite");
export type PGliteInstance = InstanceType<PGliteModule["PGlite"]>;

/** CommonJS loads from the checkout's node_modules (its package versions, not the bench's). */
function checkoutRequire(checkout: string) {
  const require = createRequire(join(checkout, "package.json"));
  return {
    pglite: () => require("@electric-sql/pglite") as PGliteModule,
    pg: () => require("pg") as typeof import("pg"),
    drizzlePglite: () => require("drizzle-orm/pglite") as typeof import("drizzle-orm/pglite"),
    migratePglite: () =>
      require("drizzle-orm/pglite/migrator") as typeof import("drizzle-orm/pglite/migrator"),
    drizzlePg: () =>
      require("drizzle-orm/node-postgres") as typeof import("drizzle-orm/node-postgres"),
    migratePg: () =>
      require("drizzle-orm/node-postgres/migrator") as typeof import("drizzle-orm/node-postgres/migrator"),
  };
}

const migrationsOf = (checkout: string) => join(checkout, "commerce/db/migrations");

/** A PGlite of the checkout (a folder, or "memory://"), migrated. */
export async function openPglite(
  checkout: string,
  dataDir: string,
): Promise<{ sql: Sql; client: PGliteInstance }> {
  const load = checkoutRequire(checkout);
  const client = new (load.pglite().PGlite)(dataDir);
  await client.waitReady;
  await load.migratePglite().migrate(load.drizzlePglite().drizzle(client), {
    migrationsFolder: migrationsOf(checkout),
  });
  return { sql: pgliteSql(client), client };
}

export function pgliteSql(client: PGliteInstance): Sql {
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

/** A PostgreSQL database emptied (schemas public and drizzle dropped) and migrated. */
export async function openEmptyPostgres(checkout: string, url: string): Promise<Sql> {
  const load = checkoutRequire(checkout);
  const pool = new (load.pg().Pool)({ connectionString: url, max: 2 });
  const sql: Sql = {
    query: async <T>(text: string, params?: unknown[]) =>
      (await pool.query(text, params)).rows as T[],
    close: () => pool.end(),
  };
  await sql.query("DROP SCHEMA IF EXISTS drizzle CASCADE");
  await sql.query("DROP SCHEMA IF EXISTS public CASCADE");
  await sql.query("CREATE SCHEMA public");
  await load.migratePg().migrate(load.drizzlePg().drizzle(pool), {
    migrationsFolder: migrationsOf(checkout),
  });
  return sql;
}

/** An already filled PostgreSQL database (for the checks). */
export function openPostgres(checkout: string, url: string): Sql {
  const pool = new (checkoutRequire(checkout).pg().Pool)({ connectionString: url, max: 1 });
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      (await pool.query(text, params)).rows as T[],
    close: () => pool.end(),
  };
}

export type Plan = {
  generalPlaces: number;
  seatRows: number;
  seatsPerRow: number;
  customers: number;
};

export type OnSale = {
  performanceId: number;
  generalSectorId: number;
  /** Numbered seats two by two, front row first: what a buyer of two seats picks. */
  seatPairs: Array<[number, number]>;
  /** One API token per customer. */
  tokens: string[];
};

const localized = (es: string, en: string, pt: string) => JSON.stringify({ es, en, pt });

/**
 * One show at one venue with one ON_SALE performance 30 days ahead: a GENERAL sector
 * ("Campo") and a NUMBERED one ("Platea", rows 1… of seats 1…), plus customers with tokens.
 * Bulk statements (generate_series, unnest): seconds even for tens of thousands of places.
 */
export async function prepareOnSale(sql: Sql, plan: Plan): Promise<OnSale> {
  await sql.query("INSERT INTO show_types (id, name, sort_order) VALUES (1, $1, 1)", [
    localized("Música", "Music", "Música"),
  ]);
  const [venue] = await sql.query<{ id: number }>(
    `INSERT INTO venues (seo, name, address, city, zone, description)
     VALUES ('estadio-del-banco', 'Estadio del Banco', 'Av. de Mayo 525', 'Buenos Aires', 'Centro', $1)
     RETURNING id`,
    [localized("Un estadio", "A stadium", "Um estádio")],
  );
  const [show] = await sql.query<{ id: number }>(
    `INSERT INTO shows (seo, type_id, venue_id, title, summary, description, image_path, duration_minutes)
     VALUES ('gran-recital', 1, $1, 'Gran recital', $2, $2, '/v2/Imagenes/gran-recital.svg', 120)
     RETURNING id`,
    [venue.id, localized("Una sola noche", "One night only", "Uma só noite")],
  );
  const [performance] = await sql.query<{ id: number }>(
    `INSERT INTO performances (show_id, starts_at, status)
     VALUES ($1, now() + interval '30 days', 'ON_SALE') RETURNING id`,
    [show.id],
  );
  const [general] = await sql.query<{ id: number }>(
    `INSERT INTO sectors (performance_id, name, kind, price, sort_order)
     VALUES ($1, 'Campo', 'GENERAL', 30000, 1) RETURNING id`,
    [performance.id],
  );
  const [numbered] = await sql.query<{ id: number }>(
    `INSERT INTO sectors (performance_id, name, kind, price, sort_order)
     VALUES ($1, 'Platea', 'NUMBERED', 45000, 2) RETURNING id`,
    [performance.id],
  );
  await sql.query(
    `INSERT INTO positions (sector_id, performance_id)
     SELECT $1, $2 FROM generate_series(1, $3)`,
    [general.id, performance.id, plan.generalPlaces],
  );
  await sql.query(
    `INSERT INTO positions (sector_id, performance_id, "row", number)
     SELECT $1, $2, r::text, n FROM generate_series(1, $3) r, generate_series(1, $4) n
     ORDER BY r, n`,
    [numbered.id, performance.id, plan.seatRows, plan.seatsPerRow],
  );
  const seats = await sql.query<{ id: number; number: number }>(
    `SELECT id, number FROM positions WHERE sector_id = $1 ORDER BY "row"::int, number`,
    [numbered.id],
  );
  const seatPairs: Array<[number, number]> = [];
  for (let i = 0; i + 1 < seats.length; i += 2) {
    // Seats n and n+1 of one row (odd n): never across rows.
    if (seats[i].number % 2 === 1) seatPairs.push([seats[i].id, seats[i + 1].id]);
  }

  const customers = await sql.query<{ id: number }>(
    `INSERT INTO customers
       (email, password_hash, first_name, last_name, document_type, document_number, gender)
     SELECT 'buyer' || g || '@bench.example', 'no-login', 'Buyer ' || g, 'Bench', 'DNI',
            (40000000 + g)::text, 'NO_INFORMA'
     FROM generate_series(1, $1) g
     RETURNING id`,
    [plan.customers],
  );
  // The API stores SHA-256 hex of each token (commerce/http/support.ts hashToken).
  const tokens = customers.map(() => randomBytes(32).toString("base64url"));
  await sql.query(
    `INSERT INTO api_tokens (token_hash, customer_id, expires_at)
     SELECT h, c, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS t(h, c)`,
    [tokens.map((t) => createHash("sha256").update(t).digest("hex")), customers.map((c) => c.id)],
  );
  // Statistics as autovacuum would have gathered them before a sale (PGlite has no autovacuum).
  await sql.query("ANALYZE");
  return { performanceId: performance.id, generalSectorId: general.id, seatPairs, tokens };
}

export type Check = { name: string; pass: boolean; detail: string };

/** Consistency after the sale, all through SQL. */
export async function checkSale(
  sql: Sql,
  performanceId: number,
  placesPerOrder: number,
  approvedSeen: number,
): Promise<Check[]> {
  const one = async (text: string, params: unknown[] = []) => {
    const [row] = await sql.query<{ n: string | number }>(text, params);
    return Number(row.n);
  };
  const duplicates = await one(
    `SELECT count(*) - count(DISTINCT (performance_id, position_id)) AS n
     FROM tickets WHERE performance_id = $1`,
    [performanceId],
  );
  const soldPlaces = await one(
    "SELECT count(*) AS n FROM positions WHERE performance_id = $1 AND sold",
    [performanceId],
  );
  const ticketCount = await one("SELECT count(*) AS n FROM tickets WHERE performance_id = $1", [
    performanceId,
  ]);
  const approvedWithoutOneOrder = await one(
    `SELECT count(*) AS n FROM payments p
     WHERE p.status = 'APPROVED' AND (SELECT count(*) FROM orders o WHERE o.payment_id = p.id) <> 1`,
  );
  const ordersWithoutApproved = await one(
    `SELECT count(*) AS n FROM orders o LEFT JOIN payments p ON p.id = o.payment_id
     WHERE p.status IS DISTINCT FROM 'APPROVED'`,
  );
  // Tickets of an order = places its process bought = what every buyer asked for, and
  // their prices add up to the order's ticket total.
  const badOrders = await one(
    `SELECT count(*) AS n FROM orders o
     WHERE (SELECT count(*) FROM tickets t WHERE t.order_id = o.id) <> $1
        OR (SELECT count(*) FROM positions p WHERE p.held_by_process_id = o.process_id AND p.sold) <> $1
        OR (SELECT coalesce(sum(t.price), 0) FROM tickets t WHERE t.order_id = o.id) <> o.tickets_total`,
    [placesPerOrder],
  );
  const pending = await one("SELECT count(*) AS n FROM payments WHERE status = 'PENDING'");
  const orders = await one("SELECT count(*) AS n FROM orders");
  return [
    {
      name: "no place sold twice (tickets unique per performance and position)",
      pass: duplicates === 0,
      detail: `${duplicates} duplicates`,
    },
    {
      name: "places marked sold = tickets of the performance",
      pass: soldPlaces === ticketCount,
      detail: `${soldPlaces} sold, ${ticketCount} tickets`,
    },
    {
      name: "every APPROVED payment has exactly one order (and every order one)",
      pass: approvedWithoutOneOrder === 0 && ordersWithoutApproved === 0,
      detail: `${approvedWithoutOneOrder} payments without one order, ${ordersWithoutApproved} orders without an approved payment`,
    },
    {
      name: `every order has its ${placesPerOrder} tickets and their total`,
      pass: badOrders === 0,
      detail: `${badOrders} orders off`,
    },
    { name: "no PENDING payment left", pass: pending === 0, detail: `${pending} pending` },
    {
      name: "orders in the database = charges the buyers saw approved",
      pass: orders === approvedSeen,
      detail: `${orders} orders, ${approvedSeen} approved answers`,
    },
  ];
}

/** Free places left in the general sector (was "sold out" real?). */
export async function freeGeneralPlaces(sql: Sql, sectorId: number): Promise<number> {
  const [row] = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM positions
     WHERE sector_id = $1 AND NOT sold AND (held_by_process_id IS NULL OR held_until <= now())`,
    [sectorId],
  );
  return Number(row.n);
}
