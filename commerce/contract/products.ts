// Contract of the products chosen with a purchase (spec §7 "Process, products, delivery,
// payment": ProductoAsignado/Lista/Obtener and /Seleccionar): the products offered with the
// performances of a process, how many of each it holds, and setting those quantities.
import { z } from "zod";
import { offeredProductSchema } from "./browse.ts";
import { closedProcessErrors, holdErrors } from "./business-errors.ts";
import { defineEndpoint } from "./endpoint.ts";
import { purchaseProcessSchema } from "./purchase.ts";
import { idParam, listOf } from "./shared.ts";

export const assignedProductSchema = offeredProductSchema.extend({
  /** Units this process holds now. */
  nCantidad: z.number().int(),
});
export type AssignedProduct = z.infer<typeof assignedProductSchema>;
export const assignedProductsResponse = listOf(assignedProductSchema);

export const assignedProductsRequest = z.object({ idProcesoDeCompra: idParam });

export const selectProductsRequest = z.object({
  idProcesoDeCompra: idParam,
  listaProductos: z
    .array(
      z.object({
        /** The product (its idEspectaculoCartel). */
        idProducto: idParam,
        /** Units the process should hold; 0 gives them all back. */
        nCantidad: z.coerce.number().int().min(0).max(20),
      }),
    )
    .min(1)
    .max(20)
    .refine((list) => new Set(list.map((item) => item.idProducto)).size === list.length, {
      error: "productRepeated",
    }),
});
export type SelectProductsRequest = z.infer<typeof selectProductsRequest>;

export const assignedProductsEndpoint = defineEndpoint({
  id: "assignedProducts",
  method: "POST",
  path: "/ProductoAsignado/Lista/Obtener",
  area: "purchase",
  summary:
    "The products offered with the performances of the caller's process, with the units it " +
    "holds of each (products it holds but are no longer offered too, so they can be given back).",
  access: "customer",
  errors: closedProcessErrors,
  body: assignedProductsRequest,
  response: assignedProductsResponse,
});

export const selectProductsEndpoint = defineEndpoint({
  id: "selectProducts",
  method: "POST",
  path: "/ProductoAsignado/Lista/Seleccionar",
  area: "purchase",
  summary:
    "Sets how many units of each product the process holds: more are held like places (on " +
    "the process's clock), fewer are given back. All or nothing; NOT_ENOUGH_PLACES when the " +
    "stock is short, PRODUCT_NOT_OFFERED for a product not offered with its performances.",
  access: "customer",
  errors: [...holdErrors, "PRODUCT_NOT_OFFERED"],
  body: selectProductsRequest,
  response: purchaseProcessSchema,
});
