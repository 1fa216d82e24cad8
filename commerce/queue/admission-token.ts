// The admission token (issue 12): what the waiting room hands a visitor whose turn came, and
// what the turn call (GET Cola/{idFuncion}?t=…) takes back once. Ed25519, so whoever holds
// only the published public key (GET Cola/ClavePublica) can tell a genuine token from a
// forged one. It is bound to one performance, one customer and one queue entry, and expires;
// single use is the database's part (the entry moves admitted → active once).
//
// Format: base64url(JSON {p: performance, c: customer, e: entry, x: expiry in Unix seconds})
// "." base64url(Ed25519 signature over the first part's ASCII text).
import { type KeyObject, sign, verify } from "node:crypto";
import type { TicketSigningKey } from "../tickets/code.ts";

export type QueueSigningKey = TicketSigningKey;

export type AdmissionClaims = {
  performanceId: number;
  customerId: number;
  entryId: number;
  /** When it stops being accepted. */
  expiresAt: Date;
};

export type TokenRefusal = "malformed" | "forged" | "expired" | "performance" | "customer";
export type TokenCheck = { ok: true; claims: AdmissionClaims } | { ok: false; why: TokenRefusal };

const tokenPattern = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{86})$/;

const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

export function signAdmissionToken(key: QueueSigningKey, claims: AdmissionClaims): string {
  for (const id of [claims.performanceId, claims.customerId, claims.entryId]) {
    if (!isId(id)) throw new RangeError(`Ids must be positive integers, got ${id}`);
  }
  const payload = Buffer.from(
    JSON.stringify({
      p: claims.performanceId,
      c: claims.customerId,
      e: claims.entryId,
      x: Math.floor(claims.expiresAt.getTime() / 1000),
    }),
  ).toString("base64url");
  const signature = sign(null, Buffer.from(payload, "ascii"), key.privateKey);
  return `${payload}.${signature.toString("base64url")}`;
}

/** What a token says when its signature is genuine, or null (forged, altered, malformed). */
function genuineClaims(publicKey: KeyObject, token: string): AdmissionClaims | "forged" | null {
  const match = tokenPattern.exec(token);
  if (!match) return null;
  const [, payload, encoded] = match;
  const signature = Buffer.from(encoded, "base64url");
  // Only the canonical spelling of a signature is the one that was handed out.
  if (signature.length !== 64 || signature.toString("base64url") !== encoded) return "forged";
  if (!verify(null, Buffer.from(payload, "ascii"), publicKey, signature)) return "forged";
  let content: unknown;
  try {
    content = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { p, c, e, x } = (content ?? {}) as Record<string, unknown>;
  if (!isId(p) || !isId(c) || !isId(e) || !isId(x)) return null;
  return { performanceId: p, customerId: c, entryId: e, expiresAt: new Date(x * 1000) };
}

/** Checks a token for this performance and this customer, now. */
export function verifyAdmissionToken(
  publicKey: KeyObject,
  token: string,
  expected: { performanceId: number; customerId: number; now: Date },
): TokenCheck {
  const claims = genuineClaims(publicKey, token);
  if (claims === null) return { ok: false, why: "malformed" };
  if (claims === "forged") return { ok: false, why: "forged" };
  if (claims.expiresAt.getTime() <= expected.now.getTime()) return { ok: false, why: "expired" };
  if (claims.performanceId !== expected.performanceId) return { ok: false, why: "performance" };
  if (claims.customerId !== expected.customerId) return { ok: false, why: "customer" };
  return { ok: true, claims };
}
