// /robots.txt: everything public may be crawled; checkout, account and transient paths not.
import { robotsTxt } from "~/lib/crawling";
import { absoluteUrl } from "~/lib/seo";
import { publicOrigin } from "~/services/seo.server";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(absoluteUrl(publicOrigin(request), "/sitemap.xml")), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
