// Security headers of everything the storefront's server answers. A page may run only the
// scripts this response names by its nonce (React Router's, which load the route modules),
// may not be framed by any site, and posts its forms only to the shop. Everything else (the
// API's answers, static files, redirects) gets the policy of a resource. HTTPS answers, or
// all of them when PUBLIC_ORIGIN is https (TLS ends at a proxy), ask for HTTPS from then on.
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { config } from "../app/services/config.server.ts";
import {
  commonSecurityHeaders,
  resourceContentSecurityPolicy,
  setMissingHeaders,
  writableHeaders,
} from "../commerce/http/security-headers.ts";

export type SecurityHeadersEnv = { Variables: { cspNonce: string } };

export type SecurityHeadersOptions = {
  development: boolean;
  publicOrigin?: string;
};

/** 128 random bits, new for every request. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function pageContentSecurityPolicy(
  nonce: string,
  development: boolean,
  /** Origins a page may frame besides its own: the city's login ends its session in one. */
  frameOrigins: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ...(frameOrigins.length > 0 ? [`frame-src 'self' ${frameOrigins.join(" ")}`] : []),
    // 'strict-dynamic': what a nonced script loads (route modules, chunks) may run too.
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // The built CSS is a file; in development Vite injects edited styles as <style>.
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    // Fetchers and navigation data; in development also Vite's hot-update socket (same port).
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Browser features no page of the shop uses, denied to it and to anything it frames: payment
 * goes through the acquirer's and wallets' own pages (redirects, no Payment Request API). The
 * camera stays for the shop itself: the door check's scanner reads QR codes with it.
 */
export const permissionsPolicy = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=(self)",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * Pages share no window with another site's: the city's login, the acquirer's 3-D Secure and
 * the wallets are reached by redirects (and the logout's hidden frame is a frame, not an
 * opener), so nothing of the shop needs a cross-origin window reference.
 */
export const crossOriginOpenerPolicy = "same-origin";

/** Sets c.var.cspNonce for the page's render, and the headers on the way out. */
export function securityHeaders({
  development,
  publicOrigin = config.publicOrigin,
}: SecurityHeadersOptions): MiddlewareHandler<SecurityHeadersEnv> {
  const behindHttps = publicOrigin?.startsWith("https:") ?? false;
  const frameOrigins = config.externalLogin ? [new URL(config.externalLogin.issuer).origin] : [];
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    const headers = writableHeaders(c);
    const isPage = headers.get("content-type")?.startsWith("text/html") ?? false;
    setMissingHeaders(headers, {
      "Content-Security-Policy": isPage
        ? pageContentSecurityPolicy(nonce, development, frameOrigins)
        : resourceContentSecurityPolicy,
      "Permissions-Policy": permissionsPolicy,
      "Cross-Origin-Opener-Policy": crossOriginOpenerPolicy,
      ...commonSecurityHeaders(behindHttps || c.req.url.startsWith("https:")),
    });
  };
}
