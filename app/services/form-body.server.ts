// Every storefront action reads its body as a form (`request.formData()`), which throws on
// anything else: JSON, text/plain, no content type, a multipart body without its boundary or
// cut short. Root middleware checks the body once, before any action runs, and answers such a
// request with the page and a translated message (415 for another kind of body, 400 for a form
// that cannot be read), so no action needs a try/catch of its own.
import { data, type MiddlewareFunction } from "react-router";
import { unreadableFormCode } from "~/lib/responses";
import { getT } from "./i18n.server";

const bodilessMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export type UnreadableForm = { code: typeof unreadableFormCode; status: 400 | 415 };

/** Why the request's body cannot be read as a form, or null when it can (or has none to read). */
export async function unreadableFormOf(request: Request): Promise<UnreadableForm | null> {
  if (bodilessMethods.has(request.method)) return null;
  const mediaType = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  // URL-encoded text always parses (bad escapes and bytes are kept or replaced, never thrown).
  if (mediaType === "application/x-www-form-urlencoded") return null;
  if (mediaType !== "multipart/form-data") return { code: unreadableFormCode, status: 415 };
  try {
    await request.clone().formData();
    return null;
  } catch {
    return { code: unreadableFormCode, status: 400 };
  }
}

/**
 * Throws the refusal: the root's error boundary renders it as the page; a resource route
 * (the language picker, logout) answers it as JSON, its message already translated.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const unreadable = await unreadableFormOf(request);
  if (unreadable) {
    const message = getT(context)("layout:errors.unreadableFormText");
    throw data({ ...unreadable, message }, { status: unreadable.status });
  }
  return next();
};
