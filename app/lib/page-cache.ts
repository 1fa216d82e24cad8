// A route whose page is the same for every visitor who is not logged in (the billboard, a
// landing) says so with this response header. The storefront's server may then answer other
// cookie-less visitors of the same address and language with a copy for a moment
// (server/page-cache.ts, decision 0055); the header never leaves the server.
export const pageCacheHeader = "X-Shop-Page-Cache";

/** The route's `headers` export: its page may be shared among anonymous visitors. */
export const sharedWithAnonymousVisitors = { [pageCacheHeader]: "anonymous" } as const;
