// The key that lets a purchase process be cancelled without a login (Proceso/{id}/invalidar:
// a closing tab may send it, with no token). Only the owner gets it, in the process view.
// It is an HMAC of the process's id and random nonce under the API's secret: process ids
// are consecutive, so the id alone must give nothing away, and the database keeps nothing
// that cancels a process by itself.
import { createHmac, timingSafeEqual } from "node:crypto";

type KeyedProcess = { id: number; cancelNonce: string };

export function cancelKeyOf(secret: string, process: KeyedProcess): string {
  return createHmac("sha256", secret)
    .update(`process-cancel-key\0${process.id}\0${process.cancelNonce}`)
    .digest("base64url");
}

/** Whether a caller's key is this process's (compared in constant time). */
export function isCancelKeyOf(secret: string, process: KeyedProcess, candidate: string): boolean {
  const expected = Buffer.from(cancelKeyOf(secret, process));
  const given = Buffer.from(candidate);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
