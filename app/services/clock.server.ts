// The clock that judges how old a login is (§9: valid 180 minutes from dLogin). The e2e test
// of the expiry cannot wait three hours, so a server started with E2E_CLOCK_HEADER=on (never
// with Secure cookies: config.server.ts) lets a request move this clock forward by a number
// of minutes. Only forward: the header can make a login look older, never younger, so at
// worst it logs its own sender out.
import { config } from "./config.server";

export const clockAdvanceHeader = "X-E2E-Clock-Advance-Minutes";
const maxAdvanceMinutes = 100_000;

/** Now, in milliseconds, for judging this request's login. */
export function loginClockFor(request: Request, headerHonoured = config.e2eClockHeader): number {
  const now = Date.now();
  if (!headerHonoured) return now;
  const minutes = Number(request.headers.get(clockAdvanceHeader));
  const valid = Number.isInteger(minutes) && minutes > 0 && minutes <= maxAdvanceMinutes;
  return valid ? now + minutes * 60_000 : now;
}
