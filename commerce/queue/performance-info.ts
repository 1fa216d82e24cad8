// What the waiting room tells of a performance: its storefront path (where a visitor goes on
// to) and its show's title (the waiting page's heading).
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { performances, shows } from "../db/schema.ts";

export type PerformanceInfo = { path: string; title: string };

export async function performanceInfoOf(
  db: Executor,
  performanceId: number,
): Promise<PerformanceInfo | null> {
  const [row] = await db
    .select({ seo: shows.seo, title: shows.title, isProduct: shows.isProduct })
    .from(performances)
    .innerJoin(shows, eq(shows.id, performances.showId))
    .where(eq(performances.id, performanceId));
  if (!row) return null;
  // A shop product has its own route (/funcionTienda), a show's performance its seo path.
  const path = row.isProduct
    ? `/funcionTienda?idFuncion=${performanceId}`
    : `/funcion/${encodeURIComponent(row.seo)}/${performanceId}`;
  return { path, title: row.title };
}
