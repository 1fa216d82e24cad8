// Security headers of everything the storefront's server answers. A page may run only the
// scripts this response names by its nonce (React Router's, which load the route modules),
// may not be framed by any site, and posts its forms only to the shop. Everything else (the
// API's answers, static files, redirects) gets the policy of a resource. HTTPS answers, or
// all of them when PUBLIC_ORIGIN is https (TLS ends at a proxy), ask for HTTPS from then on.
// A page that embeds a payment provider's form or sends the payer to its page (its route's
// handle, app/lib/payment-provider-pages.ts) also allows that provider's origin (decision 0078).
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { PaymentProvider } from "../app/lib/payment-provider-pages.ts";
import { config, type PaymentProviderOrigins } from "../app/services/config.server.ts";
import { paymentProviderOrigins as currentPaymentOrigins } from "../app/services/payment-origins.server.ts";
import {
  commonSecurityHeaders,
  isPolicyOrigin,
  resourceContentSecurityPolicy,
  setMissingHeaders,
  writableHeaders,
} from "../commerce/http/security-headers.ts";

export type SecurityHeadersEnv = {
  Variables: {
    cspNonce: string;
    /** What the rendered page declared (server/app.ts sets it from the render): none by default. */
    paymentProviders?: readonly PaymentProvider[];
  };
};

export type SecurityHeadersOptions = {
  development: boolean;
  publicOrigin?: string;
  /** BANCARD_URL's and PAYPAL_APPROVAL_URL's origins (default: the configuration's). */
  /** Asked at each page: the embedded API says where its providers are once it started. */
  paymentProviderOrigins?: () => PaymentProviderOrigins;
};

/** 128 random bits, new for every request. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Origins a page may use besides its own, by directive. Each must be a plain origin. */
export type PageSources = {
  /** Frames: the city's login ends its session in one; Bancard's card form is one. */
  frame?: readonly string[];
  /** Scripts by address (ignored where 'strict-dynamic' is understood: see below). */
  script?: readonly string[];
  /** Where the page's forms may post, redirects after the post included. */
  formAction?: readonly string[];
};

/**
 * What each provider's page needs from the page that uses it. Bancard: its card form is an
 * iframe made by its checkout script, and without JavaScript the checkout's POST is answered by
 * a redirect to its hosted page. PayPal: the POST is answered by a redirect to its approval
 * page (with JavaScript the router leaves by a plain navigation, which form-action does not see).
 */
export function paymentProviderSources(
  providers: readonly PaymentProvider[],
  origins: PaymentProviderOrigins,
): PageSources {
  const sources = { frame: [] as string[], script: [] as string[], formAction: [] as string[] };
  if (providers.includes("bancard") && origins.bancard) {
    sources.frame.push(origins.bancard);
    sources.script.push(origins.bancard);
    sources.formAction.push(origins.bancard);
  }
  if (providers.includes("paypal") && origins.paypalApproval) {
    sources.formAction.push(origins.paypalApproval);
  }
  return sources;
}

/** Both lists, each origin once. */
export function joinSources(a: PageSources, b: PageSources): PageSources {
  const both = (x: readonly string[] = [], y: readonly string[] = []) => [...new Set([...x, ...y])];
  return {
    frame: both(a.frame, b.frame),
    script: both(a.script, b.script),
    formAction: both(a.formAction, b.formAction),
  };
}

/** The directive's sources after its own; refuses anything but a plain origin. */
function plus(origins: readonly string[] = []): string {
  for (const origin of origins) {
    if (!isPolicyOrigin(origin)) throw new Error("a page's policy names only plain origins");
  }
  return origins.map((origin) => ` ${origin}`).join("");
}

export function pageContentSecurityPolicy(
  nonce: string,
  development: boolean,
  sources: PageSources = {},
): string {
  const frames = sources.frame ?? [];
  return [
    "default-src 'self'",
    ...(frames.length > 0 ? [`frame-src 'self'${plus(frames)}`] : []),
    // 'strict-dynamic': what a nonced script loads (route modules, chunks) may run too, and
    // browsers that understand it ignore the addresses after it: a provider's script runs
    // because the page's <script src> carries the nonce, or a nonced script inserts it. The
    // addresses serve browsers that know nonces but not 'strict-dynamic'.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${plus(sources.script)}`,
    // The built CSS is a file; in development Vite injects edited styles as <style>.
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    // Fetchers and navigation data; in development also Vite's hot-update socket (same port).
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${plus(sources.formAction)}`,
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
  paymentProviderOrigins = currentPaymentOrigins,
}: SecurityHeadersOptions): MiddlewareHandler<SecurityHeadersEnv> {
  const behindHttps = publicOrigin?.startsWith("https:") ?? false;
  const everyPage: PageSources = {
    frame: config.externalLogin ? [new URL(config.externalLogin.issuer).origin] : [],
  };
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    const headers = writableHeaders(c);
    const isPage = headers.get("content-type")?.startsWith("text/html") ?? false;
    const providers = c.get("paymentProviders") ?? [];
    const sources =
      providers.length > 0
        ? joinSources(everyPage, paymentProviderSources(providers, paymentProviderOrigins()))
        : everyPage;
    setMissingHeaders(headers, {
      "Content-Security-Policy": isPage
        ? pageContentSecurityPolicy(nonce, development, sources)
        : resourceContentSecurityPolicy,
      "Permissions-Policy": permissionsPolicy,
      "Cross-Origin-Opener-Policy": crossOriginOpenerPolicy,
      ...commonSecurityHeaders(behindHttps || c.req.url.startsWith("https:")),
    });
  };
}
