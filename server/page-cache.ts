// Copies of public pages for visitors who are not logged in (decision 0055). In an on-sale
// most requests for the billboard and the show's landing come from people who have not
// logged in yet, and for them the page is the same: rendering it again for each costs about
// ten times what answering a copy does. A copy is kept for a second or two, per address and
// Accept-Language, and only when everything that could make a page personal is absent:
// - the request is a GET without any Cookie or Authorization header (so no session, no
//   flash message, no language cookie, no login);
// - the route opted in (pageCacheHeader), the answer is a 200 HTML page, sets no cookie.
// The page's CSP nonce is the one thing that must differ per answer: a copy carries the
// nonce of the render it came from, replaced by the request's own on every answer.
import type { MiddlewareHandler } from "hono";
import { keptCopies } from "../app/lib/kept-copies.ts";
import { isShareablePage, pageCacheHeader } from "../app/lib/page-cache.ts";
import { fillTemplate, type PageTemplate, templateOf } from "../app/lib/page-template.ts";
import { shopMetrics } from "../commerce/operations/metrics.ts";

type Env = { Variables: { cspNonce: string; route?: string } };

type Copy = {
  storedAt: number;
  status: number;
  headers: [string, string][];
  /** The HTML cut at the render's nonce, filled with each request's own. */
  template: PageTemplate;
  route?: string;
};

export type PageCacheOptions = {
  /** How long a copy is answered; 0 turns the cache off. */
  ttlMs: number;
  /** Copies kept at most (oldest dropped first): odd query strings cannot pile up. */
  maxCopies?: number;
  now?: () => number;
};

/** Longer addresses or language headers are rendered, never kept. */
const MAX_KEY_PART = 512;

/** The copy's key, or null when this request may not be answered from (or fill) a copy. */
export function pageCacheKeyOf(request: Request): string | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("cookie") || request.headers.has("authorization")) return null;
  const language = request.headers.get("accept-language") ?? "";
  if (request.url.length > MAX_KEY_PART || language.length > MAX_KEY_PART) return null;
  // The full URL: the origin too, as canonical links name it when PUBLIC_ORIGIN is unset.
  return `${request.url}\n${language}`;
}

/**
 * Takes the route's mark off an answer. Only a render carries it, and a render's headers can
 * be written; another answer (a proxied one) may have headers that cannot, and is left alone.
 */
function unmark(response: Response) {
  if (response.headers.has(pageCacheHeader)) response.headers.delete(pageCacheHeader);
}

function answerFrom(copy: Copy, nonce: string): Response {
  return new Response(fillTemplate(copy.template, { nonce, name: "" }), {
    status: copy.status,
    headers: copy.headers,
  });
}

export function anonymousPageCache({
  ttlMs,
  maxCopies = 200,
  now = Date.now,
}: PageCacheOptions): MiddlewareHandler<Env> {
  // A copy past its lifetime stays until replaced or swept: it says the page is shared.
  const copies = keptCopies<Copy>({ ttlMs, maxCopies, now });

  return async (c, next) => {
    const key = ttlMs > 0 ? pageCacheKeyOf(c.req.raw) : null;
    const nonce = c.get("cspNonce");
    if (key === null || !nonce) {
      await next();
      unmark(c.res);
      return;
    }
    const known = copies.known(key);
    const pending = copies.underway(key);
    const copy = copies.fresh(key) ?? (pending ? await pending : null);
    if (copy) {
      if (copy.route) c.set("route", copy.route);
      shopMetrics.pageCopy("answered", "anonymous");
      return answerFrom(copy, nonce);
    }
    // Only a page that had a copy is waited for: a visitor of any other page (a login form,
    // a static file) is never held back behind another's render.
    await copies.render(key, known !== undefined, async () => {
      await next();
      const response = c.res;
      if (!isShareablePage(response)) {
        // Not shared (any more): nobody waits for this page's renders from now on.
        copies.forget(key);
        unmark(response);
        return { answer: undefined, copy: null };
      }
      const html = await response.text();
      const mark = pageCacheHeader.toLowerCase();
      const headers = [...response.headers].filter(([name]) => name !== mark);
      // A page without the nonce to cut at is answered as rendered, and not kept.
      const template = templateOf(html, { nonce });
      const made: Copy | null = template && {
        storedAt: now(),
        status: response.status,
        headers,
        template,
        route: c.get("route"),
      };
      if (made) shopMetrics.pageCopy("kept", "anonymous");
      else copies.forget(key);
      // Hono merges the old answer's headers into the one assigned: the mark goes after.
      c.res = made
        ? answerFrom(made, nonce)
        : new Response(html, { status: response.status, headers });
      unmark(c.res);
      return { answer: undefined, copy: made };
    });
  };
}
