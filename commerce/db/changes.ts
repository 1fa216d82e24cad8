// Changes every node must hear of at once (decision 0051): the writing transaction announces
// them with pg_notify (delivered when it commits), and each API process on PostgreSQL hears
// them over one connection of its own and drops what it kept. Only rare writes announce
// (an operator's queue settings): a transaction that notifies takes a cluster-wide lock at
// commit, so the sale's own writes rely on short cache lifetimes instead. PGlite serves one
// process: nobody else to tell.
import { sql } from "drizzle-orm";
import { log } from "../log.ts";
import type { Executor } from "./client.ts";

export const CHANGES_CHANNEL = "shop_changes";

/** What changed; "*" (heard after a reconnection, when some may have been missed): anything. */
export type ChangeTopic = "queue-settings" | "*";

/** Inside the writing transaction: told to every listening node when it commits. */
export async function announceChange(db: Executor, topic: Exclude<ChangeTopic, "*">) {
  await db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${topic})`);
}

export type ChangeListener = { stop: () => Promise<void> };

/**
 * Listens on its own connection to `databaseUrl` until stopped, calling `onChange` for each
 * announcement. A lost connection is opened again a second later, then "*" is heard.
 */
export function listenForChanges(
  databaseUrl: string,
  onChange: (topic: ChangeTopic) => void,
): ChangeListener {
  let stopped = false;
  let client: import("pg").Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let connections = 0;

  const again = () => {
    client = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
    retry.unref();
  };

  async function connect() {
    const { default: pg } = await import("pg");
    const current = new pg.Client({ connectionString: databaseUrl });
    client = current;
    current.on("notification", (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload === "queue-settings") {
        onChange("queue-settings");
      }
    });
    current.on("error", (error) => {
      log.warn({ err: error }, "change notifications: connection lost");
      void current.end().catch(() => {});
      again();
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${CHANGES_CHANNEL}`);
      // Whatever was announced while not listening is unknown: forget everything.
      if (connections++ > 0) onChange("*");
      if (stopped) await current.end();
    } catch (error) {
      log.warn({ err: error }, "change notifications: cannot listen (trying again)");
      void current.end().catch(() => {});
      again();
    }
  }

  void connect();
  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
