// The promise made before the sale (issue 12): the hex SHA-256 of the shuffle's seed is
// published from the moment the queue is set up, the seed itself only once the pre-queue is
// shuffled. Whoever saved the commitment can then check that the seed was not chosen after
// seeing who arrived.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { seedBytes } from "./shuffle.ts";

/** A new secret seed: 32 random bytes as 64 hex digits. */
export function newSeed(): string {
  return randomBytes(32).toString("hex");
}

/** The commitment to a seed: hex SHA-256 of its 32 bytes (not of its hex text). */
export function commitmentOf(seedHex: string): string {
  return createHash("sha256").update(seedBytes(seedHex)).digest("hex");
}

/** Whether a revealed seed is the one the commitment promised. */
export function verifyReveal(seedHex: string, commitment: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(seedHex) || !/^[0-9a-f]{64}$/.test(commitment)) return false;
  const expected = Buffer.from(commitmentOf(seedHex), "hex");
  return timingSafeEqual(expected, Buffer.from(commitment, "hex"));
}
