// Files of an order (its e-ticket, its calendar) are not pages: when there is none to give,
// the buyer goes back to My orders, told why once.
import { redirect } from "react-router";
import type { RequestContext } from "./request-context.server";

export function backToOrders({ session }: RequestContext, notice: string) {
  session.flash("notice", notice);
  return redirect("/myOrders");
}
