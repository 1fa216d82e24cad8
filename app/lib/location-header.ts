// A Location header carries bytes, not text: a CR or LF would split it, NUL is refused by it,
// and a character beyond Latin-1 makes setting it throw (each used to be a 500).
import { hasControlCharacters } from "@contract/text.ts";

const loneSurrogate = /\p{Cs}/u;
const beyondAscii = /[^ -~]+/gu;

/**
 * The path as a Location header can carry it, or null when it cannot be one: it holds a
 * control character or is not well-formed text. Characters beyond ASCII are percent-encoded
 * as UTF-8, which is how browsers read them back.
 */
export function headerSafePath(path: string): string | null {
  if (hasControlCharacters(path) || loneSurrogate.test(path)) return null;
  return path.replace(beyondAscii, (text) => encodeURIComponent(text));
}

/**
 * The longest return path (redirectTo) a redirect carries, percent-encoded. Pages of the shop
 * have far shorter addresses; a 20 KB one made a Location header that clients refuse ("header
 * overflow") and proxies answer with a 502.
 */
export const maxReturnPathLength = 2000;

/**
 * A header-safe return path within that length: the path itself, else the page alone (`page`:
 * its path without the query and fragment), else "/".
 */
export function boundedReturnPath(path: string, page: string): string {
  if (path.length <= maxReturnPathLength) return path;
  return page.length <= maxReturnPathLength ? page : "/";
}
