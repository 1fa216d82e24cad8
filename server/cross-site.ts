// Forms posted to the storefront from another site are refused (CSRF). Browsers say where
// a submission comes from in Origin and Sec-Fetch-Site; a request that says nothing (an old
// browser, a script) is let through, and the session cookie's SameSite=Lax still keeps it
// from acting as the buyer. The /v2 API is not concerned: it takes a Bearer token, never
// a cookie.
//
// This is the shop's one check: React Router's own (which compares Origin with the address the
// server was reached at) would refuse every form behind a proxy, where the buyer's page is on
// PUBLIC_ORIGIN (https://…) and the server is reached at http://…, and it logs its refusal as
// an error with a stack. So a request this check let through reaches React Router without its
// Origin, and a refusal is this check's: a translated 403 and one warning line.
import type { MiddlewareHandler } from "hono";
import { config } from "../app/services/config.server.ts";
import type { RequestLogEnv } from "../commerce/http/request-log.ts";
import { languageFromHeader, translate } from "../commerce/i18n.ts";
import type { Logger } from "../commerce/log.ts";

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
  // Origin names the page that posted (a browser sends it with every form post): it decides.
  const origin = request.headers.get("origin");
  if (origin) return !allowedOrigins(request.url, publicOrigin).has(origin);
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}

/** Refuses cross-site forms with a warning line; hands the rest on without their Origin. */
export function refuseCrossSiteForms(
  logger: Logger,
  publicOrigin = config.publicOrigin,
): MiddlewareHandler<RequestLogEnv> {
  return async (c, next) => {
    if (!isCrossSite(c.req.raw, publicOrigin)) {
      if (!safeMethods.has(c.req.method) && !c.req.path.startsWith("/v2/")) {
        c.req.raw.headers.delete("origin");
      }
      return next();
    }
    // Someone else's page or script: worth a look, not an error of the shop (no stack).
    logger.warn(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        origin: c.req.header("origin")?.slice(0, 200) ?? null,
        site: c.req.header("sec-fetch-site")?.slice(0, 40) ?? null,
      },
      "cross-site form refused",
    );
    const t = translate(languageFromHeader(c.req.header("accept-language")));
    return c.text(t("layout:errors.crossSiteForm"), 403);
  };
}
