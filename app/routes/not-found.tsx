// Unknown paths: a real 404 page with ways back (the i18n middleware needs this catch-all).

import { data, Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/not-found";

export function loader(args: Route.LoaderArgs) {
  const t = getT(args.context);
  return data(
    {
      seo: seoFor(args, {
        title: t("layout:errors.notFoundTitle"),
        description: t("layout:errors.notFoundText"),
        noindex: true,
      }),
    },
    { status: 404 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="prose-page">
      <h1>{t("layout:errors.notFoundTitle")}</h1>
      <p>{t("layout:errors.notFoundText")}</p>
      <search>
        <form method="get" action="/AdvancedSearch" className="flex flex-wrap items-end gap-3 my-6">
          <div className="field mb-0 grow">
            <label htmlFor="not-found-search">{t("browse:notFound.search")}</label>
            <input id="not-found-search" name="cBuscar" type="search" maxLength={100} />
          </div>
          <button type="submit" className="button-primary">
            {t("browse:search.submit")}
          </button>
        </form>
      </search>
      <ul className="flex flex-wrap gap-4">
        <li>
          <Link to="/" className="button-primary">
            {t("layout:errors.backToBillboard")}
          </Link>
        </li>
        <li>
          <Link to="/tienda" className="button-secondary">
            {t("browse:notFound.shop")}
          </Link>
        </li>
      </ul>
    </section>
  );
}
