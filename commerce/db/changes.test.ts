// The notifications that tell other nodes of a queue's change (decision 0051), on a real
// PostgreSQL server (TEST_DATABASE_URL), in a scratch database of this file's own.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveQueueSettings } from "../queue/settings.ts";
import { postgresTestDatabase, scratchPostgresDatabase } from "../testing/database.ts";
import { buildFixture, type Fixture, TestClock } from "../testing/harness.ts";
import { type ChangeTopic, listenForChanges } from "./changes.ts";
import type { DatabaseHandle } from "./client.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

/** Resolves once `heard` holds `topic`. */
async function until(heard: ChangeTopic[], topic: ChangeTopic) {
  for (let i = 0; i < 200 && !heard.includes(topic); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return heard;
}

describe.skipIf(!serverUrl)("change notifications between nodes", () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let fx: Fixture;
  const clock = new TestClock();

  beforeAll(async () => {
    scratch = await scratchPostgresDatabase(serverUrl as string);
    handle = await postgresTestDatabase(scratch.url);
    fx = await buildFixture(handle.db, clock);
  });

  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it("tell a listening node when a queue's settings are saved, and after a lost connection", async () => {
    const heard: ChangeTopic[] = [];
    const listener = listenForChanges(scratch.url, (topic) => heard.push(topic));
    try {
      // Listening is set up asynchronously: save until it is heard.
      for (let i = 0; i < 40 && !heard.includes("queue-settings"); i++) {
        await saveQueueSettings({ db: handle.db, now: clock.now }, fx.performances.main.id, {
          enabled: true,
          saleStartsAt: new Date("2031-03-11T15:00:00Z"),
          admissionsPerMinute: 60,
          maxActive: 100,
          shoppingWindowSeconds: 600,
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(heard).toContain("queue-settings");

      // The server drops the listening connection: it comes back and says "anything changed".
      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      );
      await admin.end();
      expect(await until(heard, "*")).toContain("*");
    } finally {
      await listener.stop();
    }
  });
});
