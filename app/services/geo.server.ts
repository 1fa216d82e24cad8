// Country of the buyer, sent to the API as a header. IP lookup is an outside service: it
// sits behind this interface, and the offline default answers the configured country.
import { config } from "./config.server";

export interface CountryLookup {
  countryOf(request: Request): string;
}

/** Offline default: a proxy's country header when one is trusted upstream, else the default. */
export const offlineCountryLookup: CountryLookup = {
  countryOf(request) {
    const fromProxy = request.headers.get("cf-ipcountry") ?? request.headers.get("x-country-code");
    return fromProxy && /^[A-Z]{2}$/.test(fromProxy) ? fromProxy : config.defaultCountryCode;
  },
};

let lookup: CountryLookup = offlineCountryLookup;

export function setCountryLookup(next: CountryLookup) {
  lookup = next;
}

export function countryCodeOf(request: Request): string {
  return lookup.countryOf(request);
}
