// Ticket codes issued before decision 0042: `T<id>-<16 base64url characters>`, an HMAC with
// TICKET_SECRET. Orders written then keep those codes in their e-tickets, so the door still
// takes them, online only (a scanner without the secret cannot check them). New tickets get
// Ed25519 codes (code.ts); this format is never issued again.
import { createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE_LENGTH = 16;
const legacyPattern = new RegExp(`^T([1-9][0-9]{0,15})-([A-Za-z0-9_-]{${SIGNATURE_LENGTH}})$`);

function legacySignature(secret: string, ticketId: number): string {
  if (!secret) throw new Error("Ticket code secret must not be empty");
  return createHmac("sha256", secret)
    .update(String(ticketId))
    .digest("base64url")
    .slice(0, SIGNATURE_LENGTH);
}

/** How codes were made before decision 0042 (tests make old codes with it). */
export function signLegacyTicketCode(secret: string, ticketId: number): string {
  if (!Number.isSafeInteger(ticketId) || ticketId <= 0) {
    throw new RangeError(`Ticket id must be a positive integer, got ${ticketId}`);
  }
  return `T${ticketId}-${legacySignature(secret, ticketId)}`;
}

/** The ticket id of a genuine old code, or null for anything forged, altered or malformed. */
export function verifyLegacyTicketCode(secret: string, code: string): number | null {
  const match = legacyPattern.exec(code.trim());
  if (!match) return null;
  const ticketId = Number(match[1]);
  if (!Number.isSafeInteger(ticketId)) return null;
  const expected = Buffer.from(legacySignature(secret, ticketId));
  const given = Buffer.from(match[2]);
  // Both are 16 ASCII bytes (the pattern fixes the length), as timingSafeEqual requires.
  return timingSafeEqual(expected, given) ? ticketId : null;
}
