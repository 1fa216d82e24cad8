// The turn call (GET Cola/{idFuncion}, issue 12): whether a customer may go on to a
// performance now, or waits. In order: no queue (or off) → go on; a live pass → go on; an
// admission token → used once → go on, or refused when forged, expired, used, or another's;
// else join the queue (or find one's place) and get the waiting page's ticket.
import type { TurnAnswer } from "../contract/queue.ts";
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
import { performanceInfoOf } from "./performance-info.ts";
import { cachedQueueSettings, readQueueSettings } from "./settings.ts";
import { waitingRoomOf } from "./waiting-room.ts";
import { signWaitingTicket, waitingTicketKey } from "./waiting-ticket.ts";

/** How long the waiting page's ticket is believed; the turn call hands out a new one. */
export const WAITING_TICKET_HOURS = 24;

type TurnDeps = Pick<CommerceDeps, "db" | "now" | "queueSigningKey" | "ticketSecret">;

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

/** The waiting page's ticket for an entry, good for a day from now. */
export function waitingTicketOf(
  deps: Pick<CommerceDeps, "ticketSecret">,
  entry: Pick<QueueEntryRow, "id" | "performanceId" | "position" | "turnCode">,
  now: Date,
): string {
  return signWaitingTicket(ticketKeyOf(deps), {
    entryId: entry.id,
    performanceId: entry.performanceId,
    position: entry.position,
    turnCode: entry.turnCode,
    expiresAt: new Date(now.getTime() + WAITING_TICKET_HOURS * 3600_000),
  });
}

export async function takeTurn(
  deps: TurnDeps,
  input: { performanceId: number; customerId: number; token?: string },
): Promise<TurnAnswer> {
  const { performanceId, customerId } = input;
  const path = (await performanceInfoOf(deps.db, performanceId))?.path;
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
  return { redirect_url: "", cTurno: waitingTicketOf(deps, entry, now) };
}

/** DELETE Cola/{idFuncion}: 404 for a performance that is not there. */
export async function leaveTurn(
  deps: Pick<CommerceDeps, "db" | "now">,
  input: { performanceId: number; customerId: number },
) {
  if (!(await performanceInfoOf(deps.db, input.performanceId))) throw notFound();
  const left = await leaveQueue(deps.db, input.performanceId, input.customerId);
  // This node's waiting page says so at once (others at their next flush).
  if (left !== null) waitingRoomOf(deps).markGone(left);
  return { lSalio: left !== null };
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
