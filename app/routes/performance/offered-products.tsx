// The shop's products offered with this performance (programme, parking, merchandise): a
// short list of links to each product's page; the checkout offers them with quantities.
import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { PerformancePage } from "./page.server";

export function OfferedProducts({ products }: { products: PerformancePage["products"] }) {
  const { t } = useTranslation();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="offered-products-heading" className="mt-6">
      <h2 id="offered-products-heading">{t("checkout:products.offeredHeading")}</h2>
      <p className="text-sm">{t("checkout:products.offeredIntro")}</p>
      <ul className="flex flex-wrap gap-3 mt-2">
        {products.map((product) => (
          <li key={product.path}>
            <Link to={product.path}>
              {product.name} · {formatPrice(product.price)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
