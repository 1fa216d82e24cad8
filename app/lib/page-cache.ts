// A route whose page is the same for every visitor but for the layout's header (the billboard,
// a landing) says so with this response header. The storefront's server may then answer other
// cookie-less visitors of the same address and language with a copy for a moment
// (server/page-cache.ts, decision 0055), and the storefront visitors with a session whose
// header shows no more than a name (app/services/page-copies.server.ts, decision 0058). The
// header never leaves the server.
export const pageCacheHeader = "X-Shop-Page-Cache";

/**
 * The route's `headers` export: its page may be shared. Nothing the route renders may depend
 * on who asks (no form token, no honeypot's time field, nothing read with the visitor's token).
 */
export const sharedWithAnonymousVisitors = { [pageCacheHeader]: "anonymous" } as const;

/**
 * Whether a route's answer may be kept as a copy: a 200 HTML page that the route marked as
 * shared, and that sets no cookie.
 */
export function isShareablePage(response: Response): boolean {
  return (
    response.status === 200 &&
    response.headers.get(pageCacheHeader) === sharedWithAnonymousVisitors[pageCacheHeader] &&
    !response.headers.has("set-cookie") &&
    (response.headers.get("content-type")?.startsWith("text/html") ?? false) &&
    response.body !== null
  );
}
