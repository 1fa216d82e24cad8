// Products chosen with a purchase: what is offered with its performances (with the units
// held of each) and setting those quantities.
import { offeredProductViews } from "../catalog/shop.ts";
import { assignedProductsEndpoint, selectProductsEndpoint } from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { ownProcess } from "../purchase/process.ts";
import { assignedProducts, selectProducts } from "../purchase/products.ts";
import { loadProcessView } from "../purchase/view.ts";
import { implement } from "./register.ts";

export function productHandlers(deps: CommerceDeps) {
  return [
    implement(assignedProductsEndpoint, async ({ body, customerId, language }) => {
      const process = await ownProcess(deps.db, body.idProcesoDeCompra, customerId);
      const now = deps.now();
      const assigned = await assignedProducts(deps.db, process, now);
      const views = await offeredProductViews(deps.db, assigned, { now, language });
      const heldOf = new Map(assigned.map((product) => [product.productId, product.held]));
      return {
        Lista: views.map((view) => ({
          ...view,
          nCantidad: heldOf.get(view.idEspectaculoCartel) ?? 0,
        })),
      };
    }),

    implement(selectProductsEndpoint, async ({ body, customerId, language }) =>
      loadProcessView(deps, await selectProducts(deps, { customerId, request: body }), language),
    ),
  ];
}
