// The turn call (GET Cola/{idFuncion}, issue 12): whether a customer may go on to a
// performance now, or waits. In order: no queue (or off) → go on; a live pass → go on; an
// admission token → used once → go on, or refused when forged, expired, used, or another's;
// else join the queue (or find one's place) and get the waiting page's ticket.
import { eq } from "drizzle-orm";
import type { TurnAnswer } from "../contract/queue.ts";
import type { Executor } from "../db/client.ts";
import { performances, shows } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { notFound, queueRefusal } from "../errors.ts";
import { revealPreQueue } from "./admission-job.ts";
import { signAdmissionToken, verifyAdmissionToken } from "./admission-token.ts";
import {
  hasLivePass,
  joinQueue,
  leaveQueue,
  type QueueEntryRow,
  spendAdmission,
  tokenExpiry,
} from "./entries.ts";
import { cachedQueueSettings, readQueueSettings } from "./settings.ts";
import { waitingRoomOf } from "./waiting-room.ts";
import { signWaitingTicket, waitingTicketKey } from "./waiting-ticket.ts";

/** How long the waiting page's ticket is believed; the turn call hands out a new one. */
export const WAITING_TICKET_HOURS = 24;

type TurnDeps = Pick<CommerceDeps, "db" | "now" | "queueSigningKey" | "ticketSecret">;

/** The storefront's path of a performance (a shop product's has its own route). */
export async function performancePathOf(db: Executor, performanceId: number) {
  const [row] = await db
    .select({ seo: shows.seo, isProduct: shows.isProduct })
    .from(performances)
    .innerJoin(shows, eq(shows.id, performances.showId))
    .where(eq(performances.id, performanceId));
  if (!row) return null;
  return row.isProduct
    ? `/funcionTienda?idFuncion=${performanceId}`
    : `/funcion/${encodeURIComponent(row.seo)}/${performanceId}`;
}

const keys = new WeakMap<object, Buffer>();

/** The waiting tickets' HMAC key of these deps (derived once). */
export function ticketKeyOf(deps: Pick<CommerceDeps, "ticketSecret">): Buffer {
  let key = keys.get(deps);
  if (!key) {
    key = waitingTicketKey(deps.ticketSecret);
    keys.set(deps, key);
  }
  return key;
}

export async function takeTurn(
  deps: TurnDeps,
  input: { performanceId: number; customerId: number; token?: string },
): Promise<TurnAnswer> {
  const { performanceId, customerId } = input;
  const path = await performancePathOf(deps.db, performanceId);
  if (!path) throw notFound();
  const settings = await cachedQueueSettings(deps, performanceId);
  if (!settings?.enabled) return { redirect_url: path };
  const now = deps.now();
  if (await hasLivePass(deps.db, performanceId, customerId, now)) return { redirect_url: path };
  if (input.token !== undefined) {
    const check = verifyAdmissionToken(deps.queueSigningKey.publicKey, input.token, {
      performanceId,
      customerId,
      now,
    });
    if (!check.ok) throw queueRefusal("QUEUE_TOKEN_INVALID");
    const used = await spendAdmission(deps.db, {
      entryId: check.claims.entryId,
      performanceId,
      customerId,
      now,
      windowSeconds: settings.shoppingWindowSeconds,
    });
    if (!used) throw queueRefusal("QUEUE_TOKEN_INVALID");
    return { redirect_url: path };
  }
  // The settings as they are now: the join must not place anyone by a stale sale start.
  const current = (await readQueueSettings(deps.db, performanceId)) ?? settings;
  const entry = await joinQueue(deps, current, customerId, (id, at) =>
    revealPreQueue(deps.db, id, at),
  );
  waitingRoomOf(deps).seen(entry.id);
  const ticket = signWaitingTicket(ticketKeyOf(deps), {
    entryId: entry.id,
    performanceId,
    position: entry.position,
    expiresAt: new Date(now.getTime() + WAITING_TICKET_HOURS * 3600_000),
  });
  return { redirect_url: "", cTurno: ticket };
}

/** DELETE Cola/{idFuncion}: 404 for a performance that is not there. */
export async function leaveTurn(
  deps: Pick<CommerceDeps, "db">,
  input: { performanceId: number; customerId: number },
) {
  if (!(await performancePathOf(deps.db, input.performanceId))) throw notFound();
  return { lSalio: await leaveQueue(deps.db, input.performanceId, input.customerId) };
}

/** The admission token of an entry let in (the same one every time it is asked for). */
export function admissionTokenOf(
  deps: Pick<CommerceDeps, "queueSigningKey">,
  entry: Pick<QueueEntryRow, "id" | "performanceId" | "customerId" | "admittedAt">,
): string {
  if (!entry.admittedAt) throw new Error(`Entry ${entry.id} was not let in`);
  return signAdmissionToken(deps.queueSigningKey, {
    performanceId: entry.performanceId,
    customerId: entry.customerId,
    entryId: entry.id,
    expiresAt: tokenExpiry(entry.admittedAt),
  });
}
