// Copies of shared pages for visitors with a session (decision 0058). The billboard and a
// show's landing differ between such visitors only in the header: logged in or not, whether
// the account has an alias, and the name shown. So a page is rendered once per address,
// language and header state with a random token for the name, kept for PAGE_CACHE_MS with
// its holes (app/lib/page-template.ts), and each visitor gets it with their own name and
// nonce. Only the plain header qualifies: a purchase running (cart and clock), a one-time
// notice or greeting, box-office clerks and door staff are rendered as before.
// Visitors without any cookie are answered earlier still, by the server's own copies
// (server/page-cache.ts, decision 0055).
import { randomBytes } from "node:crypto";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { keptCopies } from "~/lib/kept-copies";
import { isShareablePage } from "~/lib/page-cache";
import { fillTemplate, type PageTemplate, templateOf } from "~/lib/page-template";
import { shopMetrics } from "../../commerce/operations/metrics.ts";
import { type CartSummary, currentCart } from "./cart.server";
import { log } from "./log.server";
import { getRequestContext, type RequestContext } from "./request-context.server";
import { requestInfoOf } from "./request-info.server";

type Copy = {
  storedAt: number;
  status: number;
  headers: [string, string][];
  template: PageTemplate;
};

/** What the header shows, when nothing in it is more personal than the name. */
export type HeaderState = "guest" | "member" | "member-with-alias";

/** Longer addresses are rendered, never kept. */
const MAX_ADDRESS = 512;

/** The header's cart as read here, for the root loader not to ask the API again. */
const headerCartContext = createContext<{ cart: CartSummary | null } | null>(null);

export function headerCartReadOf(context: Readonly<RouterContextProvider>) {
  return context.get(headerCartContext);
}

/**
 * The header's state when a copy may serve this visitor, else null. A running purchase is
 * read like the header reads it (an ended one is no cart), once per request. Whatever else
 * the header comes to show of the visitor must join the state or make them ineligible here.
 */
export async function plainHeaderStateOf(
  shop: RequestContext,
  context: Readonly<RouterContextProvider>,
): Promise<HeaderState | null> {
  const { session, user } = shop;
  if (session.has("notice") || session.has("greeting") || session.has("endSession")) return null;
  if (user) {
    if (user.lTaquilla === true || user.lPuerta === true || user.cNombre.trim() === "") return null;
  }
  if (session.get("processId") !== undefined) {
    const cart = await currentCart(shop);
    context.set(headerCartContext, { cart });
    if (cart !== null) return null;
  }
  if (!user) return "guest";
  return user.lAlias ? "member-with-alias" : "member";
}

/** Set for a render that makes a copy: the root loader shows this token as the name. */
const nameTokenContext = createContext<string | null>(null);

export function nameTokenOf(context: Readonly<RouterContextProvider>): string | null {
  return context.get(nameTokenContext);
}

export type PageCopiesOptions = {
  /** How long a copy is answered; 0 turns copies off. */
  ttlMs: number;
  maxCopies?: number;
  now?: () => number;
};

/**
 * Root middleware, after the request context. A route opts in with the same header as for
 * anonymous copies (app/lib/page-cache.ts); the first render of a route tells, and only
 * routes known to be shared are ever rendered with a token.
 */
export function pageCopiesMiddleware({
  ttlMs,
  maxCopies = 200,
  now = Date.now,
}: PageCopiesOptions): MiddlewareFunction<Response> {
  const copies = keptCopies<Copy>({ ttlMs, maxCopies, now });
  const sharedRoutes = new Set<string>();
  // A name no page can contain by chance; fixed per process, as templates outlive requests.
  const nameToken = `shopname${randomBytes(12).toString("hex")}`;

  const answer = (
    copy: Pick<Copy, "status" | "headers" | "template">,
    nonce: string,
    name: string,
  ) =>
    new Response(fillTemplate(copy.template, { nonce, name }), {
      status: copy.status,
      headers: copy.headers,
    });

  /**
   * Renders the page with the token for the name, and cuts it into a template: the answer
   * for this visitor, and the copy when the page may be kept. Only routes known to be shared
   * get here.
   */
  async function renderWithHoles(
    { request, context, pattern }: Parameters<MiddlewareFunction<Response>>[0],
    next: () => Promise<Response>,
    shop: RequestContext,
    nonce: string,
  ): Promise<{ answer: Response; copy: Copy | null }> {
    context.set(nameTokenContext, nameToken);
    const sessionBefore = JSON.stringify(shop.session.data);
    const response = await next();
    const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
    if (!isHtml || response.body === null) return { answer: response, copy: null };
    // A render that changed the session (a login the API refused) is nobody's to share.
    const keepable =
      isShareablePage(response) && JSON.stringify(shop.session.data) === sessionBefore;
    const html = await response.text();
    const template = templateOf(html, { nonce, nameToken });
    if (template === null) {
      // A token where its escaping is unknown: this route is rendered plainly from now on,
      // and the visitor asks again for a plain render.
      sharedRoutes.delete(pattern);
      log.warn({ route: pattern }, "page copy: the name sits where it cannot be filled in");
      const { pathname, search } = new URL(request.url);
      const again = new Response(null, { status: 303, headers: { Location: pathname + search } });
      return { answer: again, copy: null };
    }
    // The length changes with the name.
    const headers = [...response.headers].filter(([header]) => header !== "content-length");
    const made: Copy = { storedAt: now(), status: response.status, headers, template };
    const name = shop.user?.cNombre ?? "";
    // Another answer of a shared route (a show that does not exist) is filled, not kept.
    return { answer: answer(made, nonce, name), copy: keepable ? made : null };
  }

  return async (args, next) => {
    const { request, context, pattern } = args;
    const info = requestInfoOf(context);
    if (ttlMs <= 0 || request.method !== "GET" || !info?.nonce || info.dataRequest !== false) {
      return next();
    }
    if (request.url.length > MAX_ADDRESS) return next();
    const shop = getRequestContext({ context });
    const state = await plainHeaderStateOf(shop, context);
    if (state === null) return next();
    const key = `${request.url}\n${shop.locale}\n${state}`;
    const pending = copies.underway(key);
    // No await unless one is pending: the lookup and the registration below stay together.
    const copy = copies.fresh(key) ?? (pending ? await pending : null);
    if (copy) {
      shopMetrics.pageCopy("answered", "session");
      return answer(copy, info.nonce, shop.user?.cNombre ?? "");
    }
    if (!sharedRoutes.has(pattern)) {
      const response = await next();
      if (isShareablePage(response)) sharedRoutes.add(pattern);
      return response;
    }
    // Visitors who arrive while this render makes the copy wait for it.
    return copies.render(key, true, async () => {
      const rendered = await renderWithHoles(args, next, shop, info.nonce);
      if (rendered.copy) shopMetrics.pageCopy("kept", "session");
      return rendered;
    });
  };
}
