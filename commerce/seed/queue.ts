// The demo's waiting room (issue 12): the headline concert's last performance sells through
// a queue whose sale started when the demo was seeded, so the waiting page, the admissions
// and the fairness page can be seen at once. Its last performance, not its first: the shop's
// tests that buy from "the first performance" of a show stay clear of it. A seed run of its
// own, so databases seeded before it get it too.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { performances, queueSettings, seedRuns, shows } from "../db/schema.ts";
import { commitmentOf, newSeed } from "../queue/commitment.ts";

export const DEMO_QUEUE_SEED_NAME = "demo-queue-v1";
export const DEMO_QUEUE_SHOW = "filarmonica-de-la-ciudad-mahler-5";
export const DEMO_QUEUE_SETTINGS = {
  admissionsPerMinute: 30,
  maxActive: 200,
  shoppingWindowSeconds: 15 * 60,
};

export async function seedDemoQueue(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: DEMO_QUEUE_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return;
    const [last] = await tx
      .select({ id: performances.id })
      .from(performances)
      .innerJoin(shows, eq(shows.id, performances.showId))
      .where(and(eq(shows.seo, DEMO_QUEUE_SHOW), eq(performances.status, "ON_SALE")))
      .orderBy(desc(performances.startsAt))
      .limit(1);
    if (!last) return;
    const seed = newSeed();
    await tx.insert(queueSettings).values({
      performanceId: last.id,
      enabled: true,
      saleStartsAt: now,
      ...DEMO_QUEUE_SETTINGS,
      seed,
      seedCommitment: commitmentOf(seed),
      updatedAt: now,
    });
  });
}
