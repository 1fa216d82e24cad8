// The rules of password-recovery codes, apart from the database: drawn at random (8 digits
// from the operating system's generator), kept only as an HMAC bound to the e-mail, compared
// in constant time, valid 15 minutes, dead after 50 wrong tries made while it lives.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { recoveryCodeLength } from "../contract/account-security.ts";

export const RECOVERY_CODE_MINUTES = 15;
/**
 * Wrong tries for an account, from any address, that one of its codes survives (decision
 * 0063). Each try is checked against every live code of the account and counts against
 * each, so any one code is guessed with odds of at most 50 in 10^8. An address may try 5
 * codes an hour for an account (recoveryCode.pair): killing a code takes ten addresses.
 */
export const MAX_WRONG_CODE_TRIES = 50;

/** A fresh code: `recoveryCodeLength` decimal digits, every value equally likely. */
export function drawRecoveryCode(): string {
  return String(randomInt(0, 10 ** recoveryCodeLength)).padStart(recoveryCodeLength, "0");
}

/**
 * What is stored of a code: an HMAC under the server's secret, so a copy of the database
 * alone cannot try the 10^8 codes offline; bound to the e-mail, so one code never fits two
 * accounts.
 */
export function recoveryCodeHash(secret: string, email: string, code: string): string {
  return createHmac("sha256", `password-recovery:${secret}`)
    .update(`${email}\n${code}`)
    .digest("hex");
}

/** Constant-time comparison of two hashes (different lengths never match). */
export function sameHash(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored, "hex");
  const b = Buffer.from(candidate, "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

export function recoveryCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + RECOVERY_CODE_MINUTES * 60_000);
}

/**
 * The index of the stored hash that `candidate` matches, or -1. Every hash is compared, so
 * the time taken says nothing about which one matched.
 */
export function matchingCode(stored: string[], candidate: string): number {
  let found = -1;
  stored.forEach((hash, index) => {
    if (sameHash(hash, candidate) && found < 0) found = index;
  });
  return found;
}

/** A code is valid until (not including) its expiry. */
export function isRecoveryCodeLive(expiresAt: Date, now: Date): boolean {
  return now.getTime() < expiresAt.getTime();
}

/** Whether a code that was just tried wrongly has used up its tries. */
export function isUsedUp(failedAttemptsBefore: number): boolean {
  return failedAttemptsBefore + 1 >= MAX_WRONG_CODE_TRIES;
}
