// The sandbox acquirer's notification signatures, as a real acquirer's webhooks are signed:
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, refused when older (or newer) than the
// tolerance. Pure: sandbox.ts signs what it sends and verifies what the API receives.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AcquirerNotification } from "../provider.ts";

/** A notification's signature older (or newer) than this is refused. */
export const NOTIFICATION_TOLERANCE_MS = 5 * 60_000;
export const notificationSignatureHeader = "x-sandbox-signature";

function hmac(secret: string, signedAt: number, body: string): Buffer {
  return createHmac("sha256", secret).update(`${signedAt}.${body}`).digest();
}

export function signNotification(secret: string, body: string, now: Date): string {
  const signedAt = Math.floor(now.getTime() / 1000);
  return `t=${signedAt},v1=${hmac(secret, signedAt, body).toString("hex")}`;
}

/** The notification when its signature is the secret's and recent; null for anything else. */
export function verifiedNotification(
  secret: string,
  rawBody: string,
  signature: string | null,
  now: Date,
): AcquirerNotification | null {
  const parts = new Map(
    (signature ?? "").split(",").map((part) => {
      const [name, ...value] = part.trim().split("=");
      return [name, value.join("=")] as const;
    }),
  );
  const signedAt = Number(parts.get("t"));
  const given = Buffer.from(parts.get("v1") ?? "", "hex");
  if (!Number.isSafeInteger(signedAt)) return null;
  if (Math.abs(now.getTime() - signedAt * 1000) > NOTIFICATION_TOLERANCE_MS) return null;
  const expected = hmac(secret, signedAt, rawBody);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(rawBody) as Partial<AcquirerNotification>;
    if (typeof body.id !== "string" || typeof body.idempotencyKey !== "string") return null;
    return { id: body.id, idempotencyKey: body.idempotencyKey };
  } catch {
    return null;
  }
}
