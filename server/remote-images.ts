// A storefront on a remote API (COMMERCE_API_URL) serves the API's images itself. Shows'
// posters and sectors' 360° views come from the API as /v2/Imagenes/<file>, an address on the
// page's own origin; without this, a storefront that does not mount the API answered them 404
// (and the compose proxy keeps the rest of /v2 off the public address). Only that one public,
// read-only path is passed on, with no cookie or token of the buyer's.
import type { Context } from "hono";

export const remoteImagesPath = "/v2/Imagenes/:file";

/** Plain file names only: no slash, no dot-dot, nothing that could reach another API path. */
const imageFileName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The headers of the API's answer worth keeping for a browser's cache. */
const keptHeaders = ["content-type", "cache-control", "etag", "last-modified", "content-length"];

export function remoteImages(
  apiUrl: string,
  send: (request: Request) => Promise<Response> = (request) => fetch(request),
) {
  const base = apiUrl.replace(/\/+$/, "");
  return async (c: Context) => {
    const file = c.req.param("file") ?? "";
    if (!imageFileName.test(file) || file.includes("..")) return c.notFound();
    const headers = new Headers();
    const ifNoneMatch = c.req.header("if-none-match");
    if (ifNoneMatch) headers.set("if-none-match", ifNoneMatch);
    let answer: Response;
    try {
      answer = await send(
        new Request(`${base}/Imagenes/${encodeURIComponent(file)}`, {
          method: c.req.method === "HEAD" ? "HEAD" : "GET",
          headers,
          signal: AbortSignal.timeout(10_000),
        }),
      );
    } catch {
      return c.body(null, 502);
    }
    if (answer.status !== 200 && answer.status !== 304) {
      await answer.body?.cancel();
      return answer.status === 404 ? c.notFound() : c.body(null, 502);
    }
    const kept = new Headers();
    for (const name of keptHeaders) {
      const value = answer.headers.get(name);
      if (value) kept.set(name, value);
    }
    return new Response(answer.body, { status: answer.status, headers: kept });
  };
}
