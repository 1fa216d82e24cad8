// The checkout's products (ProductoAsignado/Lista/*): what is offered with the purchase's
// performances, and setting the units of each. A refusal (bad quantity, stock short, limit)
// is shown on the products form with what the buyer typed.
import { endpoints } from "@contract";
import { data, redirect } from "react-router";
import type { CommerceClient } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";
import { endPurchase } from "./payment-outcome.server";
import { productField, typedQuantity } from "./product-field";

/** The products offered with the purchase (none when the call fails: they are optional). */
export async function offeredProducts(commerce: CommerceClient, processId: number) {
  const answer = await commerce.call(endpoints.assignedProducts, {
    body: { idProcesoDeCompra: processId },
  });
  return answer.ok ? answer.data.Lista : [];
}

export type ProductsRefusal = { products: { message: string; typed: Record<string, string> } };

export async function productsAction(
  shop: RequestContext,
  t: (key: string) => string,
  processId: number,
  form: FormData,
) {
  const offered = await offeredProducts(shop.commerce, processId);
  if (offered.length === 0) return redirect(`/BuyTicket/${processId}`);
  const typed: Record<string, string> = {};
  const listaProductos = [];
  for (const product of offered) {
    const field = productField(product.idEspectaculoCartel);
    typed[field] = String(form.get(field) ?? "");
    const nCantidad = typedQuantity(typed[field]);
    if (nCantidad === null) {
      const message = t("checkout:products.quantityInvalid");
      return data<ProductsRefusal>({ products: { message, typed } }, { status: 400 });
    }
    listaProductos.push({ idProducto: product.idEspectaculoCartel, nCantidad });
  }
  const result = await shop.commerce.call(endpoints.selectProducts, {
    body: { idProcesoDeCompra: processId, listaProductos },
  });
  if (result.ok) {
    shop.session.flash("notice", "checkout:products.saved");
    return redirect(`/BuyTicket/${processId}`);
  }
  if (result.code === "PROCESS_EXPIRED") return endPurchase(shop, "layout:notices.purchaseExpired");
  if (result.code === "PROCESS_CANCELLED") {
    return endPurchase(shop, "layout:notices.purchaseCancelled");
  }
  return data<ProductsRefusal>(
    { products: { message: result.message, typed } },
    { status: result.code === "VALIDATION" ? 400 : 409 },
  );
}
