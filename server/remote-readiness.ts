// A storefront on a remote API (COMMERCE_API_URL) is ready while that API is: it serves
// nothing without it, and a load balancer should send buyers to a storefront whose API (and
// so its database) answers. The API's own /readyz says so, its database's tables included;
// asked at most once a second however many probes come (lifecycle.ts's cachedCheck).
import { type CheckOptions, cachedCheck } from "../commerce/operations/lifecycle.ts";
import { operationsPaths } from "../commerce/operations/routes.ts";

/** http://api:3100/v2 → http://api:3100/readyz: the probe sits beside the API's root. */
export function readinessUrlOf(apiUrl: string): string {
  return new URL(`.${operationsPaths.ready}`, apiUrl.replace(/\/+$/, "")).href;
}

/** Up while the remote API's /readyz answers 200 within the check's timeout. */
export function remoteApiCheck(apiUrl: string, options: CheckOptions = {}) {
  const url = readinessUrlOf(apiUrl);
  const timeoutMs = options.timeoutMs ?? 1000;
  return cachedCheck(async () => {
    const answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await answer.body?.cancel();
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  }, options);
}
