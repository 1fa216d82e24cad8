// The buyer's country, sent to the API as a header (spec §7). The IP lookup is an outside
// service behind an interface: with IP_LOOKUP_URL set, GET that address (its {ip} replaced)
// answers JSON with a countryCode; without it, or when it fails or is slow, the offline
// default answers the configured country. A country a trusted proxy already sent wins.
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

/** The client's address as the proxy in front of the shop reports it (first hop). */
function clientIp(request: Request): string | null {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip") || null;
}

export async function countryCodeOf(request: Request): Promise<string> {
  const fromProxy = request.headers.get("cf-ipcountry") ?? request.headers.get("x-country-code");
  if (isCountryCode(fromProxy)) return fromProxy;
  const ip = clientIp(request);
  if (lookup && ip) {
    const country = await lookup.countryOf(ip);
    if (country) return country;
  }
  return config.defaultCountryCode;
}
