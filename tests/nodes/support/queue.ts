// A waiting room for the multi-node and fault tests, written straight into the database: a
// second performance of the sale's show whose queue is on, already drawn (no pre-queue), its
// sale started now, with visitors waiting in place order; and the admissions it made.
import { randomBytes } from "node:crypto";
import type { Sql } from "../../../bench/onsale-db.ts";

export type OpenQueue = { performanceId: number; saleStartsAt: number };

export async function openQueue(
  sql: Sql,
  showOf: { performanceId: number },
  options: { admissionsPerMinute: number; visitors: number },
): Promise<OpenQueue> {
  const [queued] = await sql.query<{ id: number }>(
    `INSERT INTO performances (show_id, starts_at, status)
     SELECT show_id, starts_at + interval '1 day', 'ON_SALE' FROM performances WHERE id = $1
     RETURNING id`,
    [showOf.performanceId],
  );
  const [settings] = await sql.query<{ sale_starts_at: Date }>(
    `INSERT INTO queue_settings (performance_id, enabled, sale_starts_at, admissions_per_minute,
       max_active, shopping_window_seconds, seed, seed_commitment, seed_revealed_at,
       next_position, updated_at)
     VALUES ($1, true, now(), $2, 1000, 600, $3, 'not-checked-here', now(), $4, now())
     RETURNING sale_starts_at`,
    [queued.id, options.admissionsPerMinute, randomBytes(32).toString("hex"), options.visitors + 1],
  );
  // Seen "now" and again far ahead: nobody is let go for not polling during the test.
  await sql.query(
    `INSERT INTO queue_entries (performance_id, customer_id, turn_code, arrived_at, pre_queue,
       position, state, last_seen_at)
     SELECT $1, c.id, 'T' || lpad(c.rank::text, 5, '0'), now(), false, c.rank, 'waiting',
            now() + interval '1 hour'
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS rank FROM customers) AS c
     WHERE c.rank <= $2`,
    [queued.id, options.visitors],
  );
  return { performanceId: queued.id, saleStartsAt: new Date(settings.sale_starts_at).getTime() };
}

/** When each admission was made (the admitting node's clock), in order. */
export async function admissionTimes(sql: Sql, queue: OpenQueue): Promise<number[]> {
  const rows = await sql.query<{ admitted_at: Date }>(
    `SELECT admitted_at FROM queue_entries WHERE performance_id = $1 AND admitted_at IS NOT NULL
     ORDER BY admitted_at`,
    [queue.performanceId],
  );
  return rows.map((row) => new Date(row.admitted_at).getTime());
}

/**
 * The admissions past the rate: by the time of each pass (admissions of one pass share a
 * time, so the count by then is its last one's place), more let in than the rate allows
 * since the sale start.
 */
export function overRate(times: number[], queue: OpenQueue, admissionsPerMinute: number) {
  return times.filter(
    (time, index) =>
      times[index + 1] !== time &&
      index + 1 > Math.floor((admissionsPerMinute * (time - queue.saleStartsAt)) / 60_000),
  );
}

/** The most visitors one pass let in (admissions sharing one time). */
export function largestPass(times: number[]): number {
  const byTime = new Map<number, number>();
  for (const time of times) byTime.set(time, (byTime.get(time) ?? 0) + 1);
  return Math.max(0, ...byTime.values());
}

export const closeQueue = (sql: Sql, queue: OpenQueue) =>
  sql.query("UPDATE queue_settings SET enabled = false WHERE performance_id = $1", [
    queue.performanceId,
  ]);
