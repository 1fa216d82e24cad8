// /sitemap.xml: the billboard, the shop, the static pages, every show's landing and every
// venue, as absolute URLs on the public origin. Language is chosen by cookie, not by URL,
// so each page has one address (no hreflang alternates).
import { endpoints } from "@contract";
import { landingPath, venuePath } from "~/lib/browse-paths";
import { sitemapXml } from "~/lib/crawling";
import { absoluteUrl } from "~/lib/seo";
import { staticPages } from "~/lib/static-pages";
import { venues } from "~/services/catalog.server";
import { getRequestContext } from "~/services/request-context.server";
import { publicOrigin } from "~/services/seo.server";
import type { Route } from "./+types/sitemap";

export async function loader(args: Route.LoaderArgs) {
  const api = getRequestContext(args).commerce;
  const [shows, venueList] = await Promise.all([api.call(endpoints.showCards), venues(api)]);
  if (!shows.ok || !venueList.ok) {
    return new Response("Sitemap temporarily unavailable\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
  const origin = publicOrigin(args.request);
  const paths = [
    "/",
    "/tienda",
    "/AdvancedSearch",
    ...staticPages.map((page) => `/${page}`),
    ...shows.data.Lista.map((show) => landingPath(show.cSeo)),
    ...venueList.data.Lista.map((venue) => venuePath(venue)),
  ];
  return new Response(sitemapXml([...new Set(paths)].map((path) => absoluteUrl(origin, path))), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
