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
import { pageCacheHeader } from "../app/lib/page-cache.ts";
import { shopMetrics } from "../commerce/operations/metrics.ts";

type Env = { Variables: { cspNonce: string; route?: string } };

type Copy = {
  storedAt: number;
  status: number;
  headers: [string, string][];
  /** The HTML split at the render's nonce attribute, joined with each request's own. */
  parts: string[];
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

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** Whether this answer may be kept for other anonymous visitors (the request already may). */
function shareable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.headers.get(pageCacheHeader) === "anonymous" &&
    !response.headers.has("set-cookie") &&
    (response.headers.get("content-type")?.startsWith("text/html") ?? false) &&
    response.body !== null
  );
}

/**
 * Takes the route's mark off an answer. Only a render carries it, and a render's headers can
 * be written; another answer (a proxied one) may have headers that cannot, and is left alone.
 */
function unmark(response: Response) {
  if (response.headers.has(pageCacheHeader)) response.headers.delete(pageCacheHeader);
}

function answerFrom(copy: Copy, nonce: string): Response {
  return new Response(copy.parts.join(nonceAttribute(nonce)), {
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
  // Renders under way of pages known to be shared: visitors arriving meanwhile wait for it
  // instead of each rendering the same page (the moment a popular copy runs out, in an
  // on-sale). Any other page (a login form, a static file) is never held back this way.
  const rendering = new Map<string, Promise<Copy | null>>();

  return async (c, next) => {
    const key = ttlMs > 0 ? pageCacheKeyOf(c.req.raw) : null;
    const nonce = c.get("cspNonce");
    if (key === null || !nonce) {
      await next();
      unmark(c.res);
      return;
    }
    const known = copies.known(key);
    const pending = rendering.get(key);
    const copy = copies.fresh(key) ?? (pending ? await pending : null);
    if (copy) {
      if (copy.route) c.set("route", copy.route);
      shopMetrics.pageCopy("answered", "anonymous");
      return answerFrom(copy, nonce);
    }

    // Registered before anything is awaited, so that visitors right behind find it.
    let settle: (copy: Copy | null) => void = () => {};
    const leads = known !== undefined && !rendering.has(key);
    if (leads) rendering.set(key, new Promise<Copy | null>((resolve) => (settle = resolve)));
    try {
      await next();
      const response = c.res;
      if (!shareable(response)) {
        // Not shared (any more): nobody waits for this page's renders from now on.
        copies.forget(key);
        settle(null);
        unmark(response);
        return;
      }
      const html = await response.text();
      const mark = pageCacheHeader.toLowerCase();
      const headers = [...response.headers].filter(([name]) => name !== mark);
      const made: Copy = {
        storedAt: now(),
        status: response.status,
        headers,
        parts: html.split(nonceAttribute(nonce)),
        route: c.get("route"),
      };
      copies.keep(key, made);
      shopMetrics.pageCopy("kept", "anonymous");
      settle(made);
      // Hono merges the old answer's headers into the one assigned: the mark goes after.
      c.res = answerFrom(made, nonce);
      unmark(c.res);
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      if (leads) rendering.delete(key);
    }
  };
}
