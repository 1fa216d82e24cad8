// Cancelling one of the counter's sales (POST /myBookingsBox, intent "cancel"): the API gives
// the money back, voids the tickets and issues the credit note. Success returns to the list
// with a notice (post → redirect → get: a reload sends nothing twice, and a double submit is
// the same cancellation to the API); a refusal is answered on the page with its reason.
import { endpoints, idParam } from "@contract";
import { data, redirect } from "react-router";
import { unavailableNow } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";

export type CancelActionData = { failure: string };

export async function cancelCounterSale(shop: RequestContext, formData: FormData) {
  const id = idParam.safeParse(formData.get("idPedido"));
  if (formData.get("intent") !== "cancel" || !id.success) {
    return data({ failure: "" } satisfies CancelActionData, { status: 400 });
  }
  const result = await shop.commerce.call(endpoints.cancelOrder, { params: { id: id.data } });
  if (result.ok) {
    shop.session.flash("notice", "checkout:boxOffice.cancelDone");
    return redirect("/myBookingsBox");
  }
  const status = unavailableNow(result) ? 503 : result.code === "NOT_FOUND" ? 404 : 409;
  return data({ failure: result.message } satisfies CancelActionData, { status });
}
