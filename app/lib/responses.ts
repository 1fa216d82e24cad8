// Error responses every route throws the same way, so the root's error boundary can tell
// them apart.
import { data } from "react-router";

/** The page does not exist: unknown or malformed id, or another customer's. */
export function notFound() {
  return data({ nCode: 404, message: "" }, { status: 404 });
}

/** Logged in, but the page is for staff only: the box office's (default) or the door's. */
export function forbidden(staff: "boxOffice" | "door" = "boxOffice") {
  return data({ nCode: 403, message: "", staff }, { status: 403 });
}

/** A body that is not a readable form (app/services/form-body.server.ts refuses it). */
export const unreadableFormCode = "unreadableForm";
