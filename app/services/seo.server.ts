// Builds a page's SEO data in its loader: the language of the request, the site name and
// description in that language, and absolute URLs on the public origin.

import type { RouterContextProvider } from "react-router";
import { brand } from "~/config/brand.server";
import { absoluteUrl, canonicalPath, type Seo } from "~/lib/seo";
import { config } from "./config.server";
import { getLocale, getT } from "./i18n.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** PUBLIC_ORIGIN when configured (behind a proxy the request's own origin is internal). */
export function publicOrigin(request: Request): string {
  return config.publicOrigin ?? new URL(request.url).origin;
}

export type SeoOptions = {
  title: string;
  /** Defaults to the shop's description in the request's language. */
  description?: string;
  /** Canonical path; defaults to the request's path without its query. */
  path?: string;
  /** Query parameters that are part of the canonical URL (when `path` is not given). */
  keepParams?: readonly string[];
  /** Path or URL of the preview image; defaults to the logo. */
  image?: string;
  type?: Seo["type"];
  noindex?: boolean;
};

export function seoFor({ request, context }: Args, options: SeoOptions): Seo {
  const t = getT(context);
  const origin = publicOrigin(request);
  const url = new URL(request.url);
  const path = options.path ?? canonicalPath(url.pathname, url.searchParams, options.keepParams);
  return {
    title: options.title,
    description: options.description || t("browse:meta.siteDescription"),
    url: absoluteUrl(origin, path),
    locale: getLocale(context),
    siteName: brand.name,
    image: absoluteUrl(origin, options.image ?? brand.logo.src),
    type: options.type,
    noindex: options.noindex,
  };
}
