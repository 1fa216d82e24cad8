// The buyer's IP address, as the storefront's server sees it: the connection's address, or,
// behind reverse proxies the operator declares (TRUST_PROXY_HOPS), the address the
// outermost of them saw, read from X-Forwarded-For. Entries further left were written by
// the client and are never believed. The storefront passes the result on to the API in
// X-Client-Address, for the rate limits; a client's own X-Client-Address is replaced.
import { normalizeAddress } from "../commerce/http/client-address.ts";

/**
 * The connection's address and, with `trustedProxyHops` proxies in front, the entry that
 * many places from the right of X-Forwarded-For (each proxy appends the address it was
 * reached from). Null when that entry is not an IP address, or without a connection.
 */
export function buyerAddress(
  socketAddress: string | null | undefined,
  forwardedFor: string | null | undefined,
  trustedProxyHops: number,
): string | null {
  // No connection (a request made in-process): nobody to believe X-Forwarded-For from.
  if (!socketAddress) return null;
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const hops = [socketAddress, ...forwarded];
  return normalizeAddress(hops[Math.min(trustedProxyHops, hops.length - 1)]);
}
