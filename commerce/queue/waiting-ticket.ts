// The waiting page's ticket (issue 12), kept in the `colaTurno` cookie: which entry of which
// performance the visitor holds, and its place once known. HMAC-signed, so the poll believes
// it without reading the database. Nothing personal is in it.
//
// Format: base64url(JSON {e: entry, p: performance, n: position or null, c: turn code, x:
// expiry in Unix seconds}) "." base64url(HMAC-SHA-256 over the first part).
import { createHmac, timingSafeEqual } from "node:crypto";

export type WaitingTicket = {
  entryId: number;
  performanceId: number;
  /** Null while the pre-queue waits for its shuffle. */
  position: number | null;
  /** The entry's public turn code, shown on the page. */
  turnCode: string;
  expiresAt: Date;
};

const ticketPattern = /^([A-Za-z0-9_-]{1,300})\.([A-Za-z0-9_-]{43})$/;

const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** The tickets' own key, derived from the API's HMAC secret (never the secret itself). */
export function waitingTicketKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("queue waiting ticket v1").digest();
}

const mac = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(payload).digest("base64url");

export function signWaitingTicket(key: Buffer, ticket: WaitingTicket): string {
  const payload = Buffer.from(
    JSON.stringify({
      e: ticket.entryId,
      p: ticket.performanceId,
      n: ticket.position,
      c: ticket.turnCode,
      x: Math.floor(ticket.expiresAt.getTime() / 1000),
    }),
  ).toString("base64url");
  return `${payload}.${mac(key, payload)}`;
}

/** The ticket when genuine and not expired, else null. */
export function readWaitingTicket(key: Buffer, text: string, now: Date): WaitingTicket | null {
  const match = ticketPattern.exec(text);
  if (!match) return null;
  const [, payload, given] = match;
  // Both are 43 characters (the pattern): compared in constant time.
  if (!timingSafeEqual(Buffer.from(mac(key, payload)), Buffer.from(given))) return null;
  let content: unknown;
  try {
    content = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { e, p, n, c, x } = (content ?? {}) as Record<string, unknown>;
  if (!isId(e) || !isId(p) || !isId(x) || !(n === null || isId(n))) return null;
  if (typeof c !== "string" || !/^[A-Z0-9]{1,12}$/.test(c)) return null;
  if (x * 1000 <= now.getTime()) return null;
  return { entryId: e, performanceId: p, position: n, turnCode: c, expiresAt: new Date(x * 1000) };
}
