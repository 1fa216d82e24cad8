// Security headers of every answer. The API's answers are data, files and one documentation
// page: nothing in them may run, load anything or be framed. The storefront's server adds the
// policy of its pages on top of the same headers (server/security-headers.ts).
import type { Context, MiddlewareHandler } from "hono";

/** For anything that is not a page: JSON, PDFs, images, scripts, redirects. */
export const resourceContentSecurityPolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The origin of an http(s) URL, as a policy may name it: scheme, host and port, nothing else.
 * The URL parser keeps characters in a host that a policy reads as syntax (";", "*", "'"), so
 * anything but letters, digits, dots, hyphens or an IPv6 address is refused: a configured URL
 * can never add a directive or a wildcard to a policy.
 */
export function policyOrigin(value: string): string {
  let origin: string;
  try {
    origin = new URL(value).origin;
  } catch {
    throw new Error("not a URL");
  }
  if (!isPolicyOrigin(origin)) throw new Error("not an http(s) origin a policy can name");
  return origin;
}

const originPattern =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** Whether a source is a plain origin (see policyOrigin). */
export function isPolicyOrigin(source: string): boolean {
  return originPattern.test(source);
}

/** A year, subdomains included: the shop's origin is HTTPS only once it is served so. */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/** What every answer carries; HSTS only when it reached the client over HTTPS. */
export function commonSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(https ? { "Strict-Transport-Security": strictTransportSecurity } : {}),
  };
}

/**
 * Sets each header the response does not set itself: an answer that knows better (the API's
 * documentation page, a poster) keeps its own policy.
 */
export function setMissingHeaders(headers: Headers, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    if (!headers.has(name)) headers.set(name, value);
  }
}

/**
 * The answer's headers, to change. A response straight from fetch() has read-only headers:
 * then the answer becomes a copy of it.
 */
export function writableHeaders(c: Context): Headers {
  try {
    // Every answer gets it anyway.
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  return c.res.headers;
}

/** The API's answers, embedded or standalone. */
export const apiSecurityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  setMissingHeaders(writableHeaders(c), {
    "Content-Security-Policy": resourceContentSecurityPolicy,
    ...commonSecurityHeaders(c.req.url.startsWith("https:")),
  });
};
