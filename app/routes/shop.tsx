// /tienda (CarteleraProductos) and /tienda/{idEstablecimiento}: the shop's products, all or
// those of one shop venue. A product's card leads to its landing, where its quantity is chosen.
import { endpoints, idParam } from "@contract";
import { Link } from "react-router";
import { ShowGrid } from "~/components/browse/show-grid";
import { shopPath } from "~/lib/browse-paths";
import { useTranslation } from "~/lib/i18n";
import { notFound } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/shop";

export async function loader(args: Route.LoaderArgs) {
  const raw = args.params.idEstablecimiento;
  let venueId: number | undefined;
  if (raw !== undefined) {
    const parsed = /^[0-9]{1,10}$/.test(raw) ? idParam.safeParse(raw) : null;
    if (!parsed?.success) throw notFound();
    venueId = parsed.data;
  }
  const api = getRequestContext(args).commerce;
  const [all, filtered] = await Promise.all([
    api.call(endpoints.shop),
    venueId ? api.call(endpoints.shop, { query: { idEstablecimiento: venueId } }) : null,
  ]);
  const everything = orThrow(all).Lista;
  const products = filtered ? orThrow(filtered).Lista : everything;
  // The shop venues are those that sell something.
  const shopVenues = [
    ...new Map(
      everything.map((p) => [
        p.idEstablecimiento,
        { id: p.idEstablecimiento, name: p.cEstablecimientoNombre },
      ]),
    ).values(),
  ];
  const venue = venueId ? shopVenues.find((v) => v.id === venueId) : undefined;
  if (venueId && !venue) throw notFound();
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: venue ? t("browse:shop.venueTitle", { name: venue.name }) : t("browse:meta.shop.title"),
    description: t("browse:meta.shop.description"),
    path: shopPath(venueId),
  });
  return { products, shopVenues, venue: venue ?? null, seo };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { products, shopVenues, venue } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1>
          {venue ? t("browse:shop.venueTitle", { name: venue.name }) : t("browse:shop.heading")}
        </h1>
        <p className="text-stone-700">{t("browse:shop.intro")}</p>
      </div>
      {shopVenues.length > 1 || venue ? (
        <nav aria-label={t("browse:shop.venuesLabel")}>
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to={shopPath()}
                replace
                className="chip"
                aria-current={venue ? undefined : "page"}
              >
                {t("browse:shop.allVenues")}
              </Link>
            </li>
            {shopVenues.map((v) => (
              <li key={v.id}>
                <Link
                  to={shopPath(v.id)}
                  replace
                  className="chip"
                  aria-current={venue?.id === v.id ? "page" : undefined}
                >
                  {v.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section aria-labelledby="products-heading">
        <h2 id="products-heading" className="sr-only">
          {t("browse:shop.productsHeading")}
        </h2>
        {products.length === 0 ? (
          <p>{t("browse:shop.empty")}</p>
        ) : (
          <ShowGrid shows={products} eager={4} />
        )}
      </section>
    </div>
  );
}
