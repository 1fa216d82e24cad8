// What the waiting room's pages share (issue 12): plain HTML that works without JavaScript,
// in the visitor's language (the storefront's language cookie, else Accept-Language, else
// es), small enough for a phone on a poor network, never cached, and allowed only its own
// script (by this answer's nonce, as the storefront's pages) and same-origin polls.
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { html, raw } from "hono/html";
import { commonSecurityHeaders } from "../http/security-headers.ts";
import {
  fallbackLanguage,
  type Language,
  languageFromHeader,
  languages,
  translate,
} from "../i18n.ts";

/** The storefront's page policy, with this page's own nonce for its script and styles. */
export const queuePagePolicy = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/** The storefront's language cookie (`lng`, React Router's encoding: base64 of JSON). */
function cookieLanguage(c: Context): Language | null {
  const match = /(?:^|;\s*)lng=([^;]*)/.exec(c.req.header("cookie") ?? "");
  if (!match) return null;
  let value = "";
  try {
    const text = decodeURIComponent(match[1]);
    value = /^[a-z]{2}$/.test(text) ? text : JSON.parse(Buffer.from(text, "base64").toString());
  } catch {
    return null;
  }
  return languages.includes(value as Language) ? (value as Language) : null;
}

/** The visitor's language and translator; sets the headers every page answer carries. */
export function queuePageContext(c: Context) {
  const language =
    cookieLanguage(c) ?? languageFromHeader(c.req.header("accept-language")) ?? fallbackLanguage;
  const nonce = randomBytes(16).toString("base64");
  c.header("Cache-Control", "no-store");
  c.header("Content-Security-Policy", queuePagePolicy(nonce));
  c.header("Vary", "Cookie, Accept-Language");
  for (const [name, value] of Object.entries(commonSecurityHeaders(isHttps(c)))) {
    c.header(name, value);
  }
  return { language, t: translate(language), nonce };
}

const isHttps = (c: Context) => new URL(c.req.url).protocol === "https:";

const css =
  "body{font-family:system-ui,sans-serif;max-width:36rem;margin:1.5rem auto;padding:0 1rem;" +
  "color:#1c1917;line-height:1.5}" +
  "dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}" +
  "a{color:#1d4ed8}button{font:inherit;padding:.5rem 1rem;border:2px solid #1c1917;" +
  "background:#fff;color:#1c1917;cursor:pointer}" +
  ".go{display:inline-block;padding:.6rem 1.2rem;background:#1d4ed8;color:#fff;" +
  "text-decoration:none;font-weight:600}" +
  ":focus-visible{outline:3px solid #b45309;outline-offset:2px}" +
  // A hash or a code breaks anywhere: unbroken, it made the page 739 px wide on a phone.
  "code{font-size:1.1em;letter-spacing:.05em;overflow-wrap:anywhere}ol{padding-left:2rem}" +
  "table{border-collapse:collapse}th,td{border:1px solid #78716c;padding:.25rem .5rem;text-align:right}";

/**
 * Without JavaScript the waiting room asks again every 20 s: the refresh is what the page is
 * for (WCAG 2.2.1's essential exception), so the markup check is told so (decision 0075).
 */
const noScriptRefreshNote =
  "<!-- [html-validate-disable-block meta-refresh -- the waiting room polls without JavaScript] -->";

export function queuePage(
  page: { language: Language; nonce: string; title: string; refresh?: boolean; script?: boolean },
  body: unknown,
) {
  const { nonce } = page;
  return html`<!doctype html>
<html lang="${page.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${page.refresh ? raw(`${noScriptRefreshNote}<noscript><meta http-equiv="refresh" content="20"></noscript>`) : ""}
<style nonce="${nonce}">${raw(css)}</style>
${page.script ? html`<script src="/cola/espera.js" nonce="${nonce}" defer></script>` : ""}
</head>
<body><main>${body}</main></body></html>`;
}

/** "2 minutes", "45 seconds" in the page's language. */
export function formatSeconds(t: ReturnType<typeof translate>, seconds: number | null) {
  if (seconds === null) return "–";
  return seconds >= 120
    ? t("queue:waitMinutes", { count: Math.round(seconds / 60) })
    : t("queue:seconds", { count: seconds });
}

/** A date and time in the city's time zone, in the page's language. */
// One formatter per language and style: building one costs more than a whole poll.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(language: Language, date: Date, withSeconds = false) {
  const key = `${language}:${withSeconds}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, {
      dateStyle: withSeconds ? undefined : "full",
      timeStyle: withSeconds ? "medium" : "short",
      timeZone: "America/Argentina/Buenos_Aires",
    });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}
