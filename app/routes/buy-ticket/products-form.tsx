// "Add to your purchase": the products offered with the purchase's performances (programme,
// parking, merchandise), each with its units; one plain form, it works without JavaScript.
// A product shows 'Cantidad' and no date (§3).
import type { AssignedProduct } from "@contract";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { productField } from "./product-field";
import type { ProductsRefusal } from "./products.server";

export function ProductsForm({
  products,
  refused,
}: {
  products: AssignedProduct[];
  refused?: ProductsRefusal["products"];
}) {
  const { t } = useTranslation();
  if (products.length === 0) return null;
  return (
    // The server checks the quantities and answers in the buyer's language (no browser bubbles).
    <Form method="post" aria-labelledby="products-heading" className="mb-4" noValidate>
      <h2 id="products-heading">{t("checkout:products.heading")}</h2>
      {refused ? (
        <ErrorSummary id="products-error" messages={[refused.message]} attempt={refused} />
      ) : null}
      <ul className="space-y-2 mb-2">
        {products.map((product) => {
          const field = productField(product.idEspectaculoCartel);
          const most = Math.min(10, product.nCantidad + product.nDisponible);
          return (
            <li key={product.idEspectaculoCartel} className="flex flex-wrap items-end gap-3">
              <label htmlFor={field} className="grow">
                <span className="font-semibold">{product.cEspectaculoCartelNombre}</span> ·{" "}
                {formatPrice(product.fPrecio)}
                <br />
                <span className="text-sm">
                  {product.nDisponible > 0
                    ? t("checkout:products.left", { count: product.nDisponible })
                    : t("checkout:products.soldOut")}
                </span>
              </label>
              <span>
                <span className="block text-sm" aria-hidden="true">
                  {t("checkout:products.quantity")}
                </span>
                <input
                  id={field}
                  name={field}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={most}
                  defaultValue={refused?.typed[field] ?? String(product.nCantidad)}
                  // Bordered as every field: without one the number reads as text.
                  className="w-20 border border-stone-400 rounded-lg px-3 py-2 bg-white min-h-11"
                  aria-describedby={refused ? "products-error" : undefined}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <button type="submit" name="intent" value="products" className="button-secondary">
        {t("checkout:products.save")}
      </button>
    </Form>
  );
}
