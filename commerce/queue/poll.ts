// What the waiting page shows a visitor now (issue 12), from their ticket and the node's
// snapshot of the queue. In the steady state no database read: the pre-queue's drawn places
// are read once per node for all its visitors, and only a visitor whose turn may have come
// reads their entry, once per poll at most.
import type { CommerceDeps } from "../deps.ts";
import { estimatedWaitMinutes } from "./admission-rate.ts";
import { entryById, type QueueEntryRow } from "./entries.ts";
import { admissionTokenOf, ticketKeyOf, waitingTicketOf } from "./turn.ts";
import { type QueueSnapshot, waitingRoomOf } from "./waiting-room.ts";
import { readWaitingTicket } from "./waiting-ticket.ts";

type Shown = { title: string; path: string };

export type PollStatus =
  /** The performance has no queue (or does not exist). */
  | { kind: "no-queue" }
  /** The queue was turned off: go on. */
  | ({ kind: "off" } & Shown)
  /** No ticket of this queue: the performance's page joins it. */
  | ({ kind: "no-place" } & Shown)
  /** Left, or let go (stopped polling, token or window unused). */
  | ({ kind: "gone"; turnCode: string } & Shown)
  | ({ kind: "before-start"; turnCode: string; saleStartsAt: Date; readAt: Date } & Shown)
  | ({
      kind: "waiting";
      turnCode: string;
      position: number;
      ahead: number;
      waitMinutes: number;
      readAt: Date;
    } & Shown)
  /** Let in: the link carries the admission token. */
  | ({ kind: "turn"; turnCode: string; url: string; windowMinutes: number } & Shown)
  /** Already shopping with a live pass. */
  | ({ kind: "through"; url: string } & Shown);

export type Poll = { status: PollStatus; renewedTicket?: string };

type PollDeps = Pick<CommerceDeps, "db" | "now" | "ticketSecret" | "queueSigningKey">;

/** Where a visitor goes on to: the storefront's origin (default: the page's own) and path. */
export const goOnUrl = (storefrontUrl: string, path: string, token?: string) =>
  `${storefrontUrl}${path}${token ? `${path.includes("?") ? "&" : "?"}colaToken=${token}` : ""}`;

export async function pollQueue(
  deps: PollDeps,
  input: { performanceId: number; ticket: string | undefined; storefrontUrl: string },
): Promise<Poll> {
  const room = waitingRoomOf(deps);
  const snapshot = await room.snapshot(input.performanceId);
  if (!snapshot) return { status: { kind: "no-queue" } };
  const shown = { title: snapshot.title, path: goOnUrl(input.storefrontUrl, snapshot.path) };
  if (!snapshot.enabled) return { status: { kind: "off", ...shown } };
  const now = deps.now();
  const ticket = input.ticket ? readWaitingTicket(ticketKeyOf(deps), input.ticket, now) : null;
  if (!ticket || ticket.performanceId !== input.performanceId) {
    return { status: { kind: "no-place", ...shown } };
  }
  const { turnCode } = ticket;
  if (room.isGone(ticket.entryId)) return { status: { kind: "gone", turnCode, ...shown } };
  room.seen(ticket.entryId);
  if (!snapshot.revealed) {
    const readAt = snapshot.readAt;
    return {
      status: {
        kind: "before-start",
        turnCode,
        saleStartsAt: snapshot.saleStartsAt,
        readAt,
        ...shown,
      },
    };
  }
  let position = ticket.position;
  let renewedTicket: string | undefined;
  let entry: QueueEntryRow | null = null;
  if (position === null) {
    // Shuffled since the ticket was made: its place comes from the node's copy of the draw,
    // else from the entry; the renewed ticket carries it from then on.
    const drawn = await room.drawnPlace(input.performanceId, ticket.entryId);
    if (drawn === null) {
      entry = await entryById(deps.db, ticket.entryId);
      if (!entry || entry.position === null) {
        return { status: { kind: "gone", turnCode, ...shown } };
      }
    }
    position = drawn ?? (entry?.position as number);
    renewedTicket = waitingTicketOf(
      deps,
      { id: ticket.entryId, performanceId: input.performanceId, position, turnCode },
      now,
    );
  }
  if (position > snapshot.admittedThrough) {
    return { status: waitingStatus(snapshot, shown, turnCode, position), renewedTicket };
  }
  entry ??= await entryById(deps.db, ticket.entryId);
  return { status: await turnStatus(deps, entry, snapshot, input.storefrontUrl), renewedTicket };
}

function waitingStatus(
  snapshot: QueueSnapshot,
  shown: Shown,
  turnCode: string,
  position: number,
): PollStatus {
  // Those placed between the frontier and this place who left are still counted: an upper
  // bound, which the next admissions correct.
  const ahead = Math.max(0, position - snapshot.admittedThrough - 1);
  return {
    kind: "waiting",
    ...shown,
    turnCode,
    position,
    ahead,
    waitMinutes: estimatedWaitMinutes(ahead + 1, snapshot.admissionsPerMinute),
    readAt: snapshot.readAt,
  };
}

async function turnStatus(
  deps: PollDeps,
  entry: QueueEntryRow | null,
  snapshot: QueueSnapshot,
  storefrontUrl: string,
): Promise<PollStatus> {
  const shown = { title: snapshot.title, path: goOnUrl(storefrontUrl, snapshot.path) };
  const turnCode = entry?.turnCode ?? "";
  if (entry?.state === "admitted") {
    const url = goOnUrl(storefrontUrl, snapshot.path, admissionTokenOf(deps, entry));
    return { kind: "turn", turnCode, url, windowMinutes: snapshot.windowMinutes, ...shown };
  }
  if (entry?.state === "active" && entry.activeUntil && entry.activeUntil > deps.now()) {
    return { kind: "through", url: goOnUrl(storefrontUrl, snapshot.path), ...shown };
  }
  // Not let in yet although the frontier passed (a place given up ahead of it): still waiting.
  if (entry?.state === "waiting" && entry.position !== null) {
    return waitingStatus(snapshot, shown, turnCode, entry.position);
  }
  return { kind: "gone", turnCode, ...shown };
}
