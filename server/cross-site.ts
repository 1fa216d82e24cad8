// Forms posted to the storefront from another site are refused (CSRF). Browsers say where
// a submission comes from in Sec-Fetch-Site and Origin; a request that says nothing (an old
// browser, a script) is let through, and the session cookie's SameSite=Lax still keeps it
// from acting as the buyer. The /v2 API is not concerned: it takes a Bearer token, never
// a cookie.
import type { MiddlewareHandler } from "hono";
import { config } from "../app/services/config.server.ts";
import { languageFromHeader, translate } from "../commerce/i18n.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins the shop is served from: the request's own, and PUBLIC_ORIGIN behind a proxy. */
function allowedOrigins(requestUrl: string, publicOrigin: string | undefined): Set<string> {
  const origins = new Set([new URL(requestUrl).origin]);
  if (publicOrigin) origins.add(publicOrigin);
  return origins;
}

export function isCrossSite(request: Request, publicOrigin = config.publicOrigin): boolean {
  if (safeMethods.has(request.method)) return false;
  if (new URL(request.url).pathname.startsWith("/v2/")) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin") return false;
  const origin = request.headers.get("origin");
  if (origin) return !allowedOrigins(request.url, publicOrigin).has(origin);
  return site === "cross-site" || site === "same-site";
}

export const refuseCrossSiteForms: MiddlewareHandler = async (c, next) => {
  if (!isCrossSite(c.req.raw)) return next();
  const t = translate(languageFromHeader(c.req.header("accept-language")));
  return c.text(t("layout:errors.crossSiteForm"), 403);
};
