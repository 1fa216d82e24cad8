// The buyer's country, sent to the API as a header (spec §7). The IP lookup is an outside
// service behind an interface: with IP_LOOKUP_URL set, GET that address (its {ip} replaced)
// answers JSON with a countryCode; without it, or when it fails or is slow, the offline
// default answers the configured country. A country a proxy the operator declared
// (TRUST_PROXY_HOPS) already sent wins; from anyone else those headers are the client's own
// words, and ignored.
import { apiHeaders } from "@contract";
import { config } from "./config.server";

export interface CountryLookup {
  /** The ISO country of an IP address, or null when it cannot tell. */
  countryOf(ip: string): Promise<string | null>;
}

const isCountryCode = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Z]{2}$/.test(value);

/** GET {template with {ip}} → { countryCode }. Slow or broken answers count as unknown. */
export function httpCountryLookup(template: string, timeoutMs = 800): CountryLookup {
  return {
    async countryOf(ip) {
      try {
        const response = await fetch(template.replace("{ip}", encodeURIComponent(ip)), {
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return null;
        const body = (await response.json()) as { countryCode?: unknown };
        return isCountryCode(body.countryCode) ? body.countryCode : null;
      } catch {
        return null;
      }
    },
  };
}

/** Keeps answers an hour, for a bounded number of addresses (oldest dropped first). */
export function cachedCountryLookup(inner: CountryLookup, maxEntries = 5_000): CountryLookup {
  const cache = new Map<string, { until: number; country: string | null }>();
  return {
    async countryOf(ip) {
      const hit = cache.get(ip);
      if (hit && hit.until > Date.now()) return hit.country;
      const country = await inner.countryOf(ip);
      cache.delete(ip);
      cache.set(ip, { until: Date.now() + 3_600_000, country });
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      return country;
    },
  };
}

let lookup: CountryLookup | null = config.ipLookupUrl
  ? cachedCountryLookup(httpCountryLookup(config.ipLookupUrl))
  : null;

/** Tests and other deployments plug in another lookup (or none). */
export function setCountryLookup(next: CountryLookup | null) {
  lookup = next;
}

/**
 * The buyer's address as the server resolved it (server/client-address.ts: the connection's,
 * or what the declared proxies saw), which replaced whatever the client sent in that header.
 * X-Forwarded-For is never read here: without declared proxies the client writes it.
 */
function clientIp(request: Request): string | null {
  return request.headers.get(apiHeaders.clientAddress) || null;
}

/** The country a proxy in front reports (Cloudflare's cf-ipcountry, or X-Country-Code). */
function proxyCountry(request: Request): string | null {
  return request.headers.get("cf-ipcountry") ?? request.headers.get("x-country-code");
}

export async function countryCodeOf(
  request: Request,
  trustedProxyHops = config.trustProxyHops,
): Promise<string> {
  if (trustedProxyHops > 0) {
    const fromProxy = proxyCountry(request);
    if (isCountryCode(fromProxy)) return fromProxy;
  }
  const ip = clientIp(request);
  if (lookup && ip) {
    const country = await lookup.countryOf(ip);
    if (country) return country;
  }
  return config.defaultCountryCode;
}
