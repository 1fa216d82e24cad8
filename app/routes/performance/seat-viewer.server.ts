// Who may look at a performance's seats (the page, its map refresh, the 360 view): with the
// flag loginRequiredForSeatSelection (§5, §9: on) only a logged-in customer, else anyone.
// Holding seats always asks for a login (the page's action).
import { brand } from "~/config/brand.server";
import {
  getRequestContext,
  type RequestContext,
  type RequestContextArgs,
  requireUser,
} from "~/services/request-context.server";

export function seatViewer(args: RequestContextArgs): RequestContext {
  return brand.flags.loginRequiredForSeatSelection ? requireUser(args) : getRequestContext(args);
}
