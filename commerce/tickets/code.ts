// Ticket codes printed in the e-ticket's QR: `T<id>-<signature>`. The signature lets the door
// scanner reject forged or mistyped codes without a database round trip.
import { createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE_LENGTH = 16; // 96 bits of base64url: far beyond guessing at a door.
const codePattern = new RegExp(`^T([1-9][0-9]{0,15})-([A-Za-z0-9_-]{${SIGNATURE_LENGTH}})$`);

function signatureOf(secret: string, ticketId: number): string {
  if (!secret) throw new Error("Ticket code secret must not be empty");
  return createHmac("sha256", secret)
    .update(String(ticketId))
    .digest("base64url")
    .slice(0, SIGNATURE_LENGTH);
}

export function signTicketCode(secret: string, ticketId: number): string {
  if (!Number.isSafeInteger(ticketId) || ticketId <= 0) {
    throw new RangeError(`Ticket id must be a positive integer, got ${ticketId}`);
  }
  return `T${ticketId}-${signatureOf(secret, ticketId)}`;
}

/** The ticket id of a genuine code, or null for anything forged, altered or malformed. */
export function verifyTicketCode(secret: string, code: string): number | null {
  const match = codePattern.exec(code.trim());
  if (!match) return null;
  const ticketId = Number(match[1]);
  if (!Number.isSafeInteger(ticketId)) return null;
  const expected = Buffer.from(signatureOf(secret, ticketId));
  const given = Buffer.from(match[2]);
  // Both are 16 ASCII bytes here (the pattern fixes the length), as timingSafeEqual requires.
  return timingSafeEqual(expected, given) ? ticketId : null;
}
