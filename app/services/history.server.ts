// Spec §2: navigation between named routes replaces the current history entry (decision 0071).
// A link the buyer follows still adds an entry (Back returns to where they were); what the shop
// does on its own after a form — login to the return path, seats held to the checkout, paid to
// the result — takes the form's entry instead, so Back never lands on a form already sent or a
// finished checkout. A loader's redirect needs nothing: the address it left never entered the
// history (and marking it would replace the page the buyer came from).
import { type MiddlewareFunction, replace } from "react-router";

const bodilessMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The answer to `request`, marked for React Router's client to replace the current entry
 * (the X-Remix-Replace header that its `replace()` sets) when it is a redirect after a
 * submission; anything else unchanged. Without JavaScript the header means nothing: the
 * browser keeps one entry for the form's result.
 */
export function replacingAfterSubmission(request: Request, response: Response): Response {
  return bodilessMethods.has(request.method) ? response : replacing(response);
}

/**
 * A redirect marked to replace the current entry (anything else unchanged). For a page whose
 * loader leaves once it is over (a payment verified while the page asks again): the answer
 * then takes the page's own entry, so Back does not return to a page that leaves at once.
 */
export function replacing(response: Response): Response {
  const location = response.headers.get("Location");
  if (!location || response.status < 300 || response.status >= 400) return response;
  if (response.headers.has("X-Remix-Replace")) return response;
  // A fresh redirect with the same status and headers (a response's headers may be frozen).
  return replace(location, { status: response.status, headers: response.headers });
}

/** Root middleware: every action's redirect replaces the entry of the page that sent the form. */
export const replaceAfterSubmissionMiddleware: MiddlewareFunction<Response> = async (
  { request },
  next,
) => replacingAfterSubmission(request, await next());
