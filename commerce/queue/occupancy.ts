// How many visitors each waiting room that is on has now, waiting and inside (admitted with
// a token not used yet, or buying): the metrics' queue gauges (operations/metrics.ts). One
// grouped read over the live entries (their partial index), whichever node asks.
import { and, count, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { queueEntries, queueSettings } from "../db/schema.ts";
import type { QueueOccupancy } from "../operations/metrics.ts";

export async function queueOccupancy(db: Executor): Promise<QueueOccupancy[]> {
  const rows = await db
    .select({
      performanceId: queueSettings.performanceId,
      state: queueEntries.state,
      visitors: count(queueEntries.id),
    })
    .from(queueSettings)
    .leftJoin(
      queueEntries,
      and(
        eq(queueEntries.performanceId, queueSettings.performanceId),
        inArray(queueEntries.state, ["waiting", "admitted", "active"]),
      ),
    )
    .where(eq(queueSettings.enabled, true))
    .groupBy(queueSettings.performanceId, queueEntries.state);
  const byQueue = new Map<number, QueueOccupancy>();
  for (const row of rows) {
    const queue = byQueue.get(row.performanceId) ?? {
      performanceId: row.performanceId,
      waiting: 0,
      inside: 0,
    };
    if (row.state === "waiting") queue.waiting += row.visitors;
    else if (row.state) queue.inside += row.visitors;
    byQueue.set(row.performanceId, queue);
  }
  return [...byQueue.values()];
}
