// What every page tells search engines and link previews: title, description, canonical URL
// and Open Graph tags. Loaders build a `Seo` (they know the language and the public origin);
// route `meta` functions turn it into tags with `seoMeta`.
import type { MetaDescriptor } from "react-router";
import type { Locale } from "./locales";

export type Seo = {
  /** The page's own title, without the site name. */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  locale: Locale;
  siteName: string;
  /** Absolute URL of the preview image (a show's poster where there is one). */
  image?: string;
  type?: "website" | "article" | "product";
  /** Private or transient pages (checkout, account, search results) stay out of indexes. */
  noindex?: boolean;
};

/** Open Graph wants language_TERRITORY; the shop sells in Argentina, so es is es_AR. */
export const ogLocales: Record<Locale, string> = { es: "es_AR", en: "en_US", pt: "pt_BR" };

export const maxDescriptionLength = 160;

/** Search results and tabs cut a title past this many characters. */
export const maxTitleLength = 70;

/**
 * "Cartelera — Entradas BA"; the site name alone is not repeated, and it gives way when the
 * page's own title needs the room (a show's name with its performance's date).
 */
export function pageTitle(title: string, siteName: string): string {
  const trimmed = title.trim();
  if (!trimmed || trimmed === siteName) return siteName;
  const withSite = `${trimmed} — ${siteName}`;
  return withSite.length <= maxTitleLength ? withSite : trimmed;
}

/** One line, at most 160 characters, cut at a word with an ellipsis. */
export function descriptionOf(text: string, max = maxDescriptionLength): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:—-]+$/, "")}…`;
}

/** Origin without a trailing slash; only http(s) origins are accepted. */
export function normalizeOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`not an http(s) origin: ${origin}`);
  }
  return url.origin;
}

/** An absolute URL for a site path (or the URL itself when already absolute). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${normalizeOrigin(origin)}/`).href;
}

/**
 * The canonical form of a URL: the given path plus only the query parameters that change
 * what the page shows (`keep`), in a stable order, empty ones dropped.
 */
export function canonicalPath(
  pathname: string,
  search: URLSearchParams | string = "",
  keep: readonly string[] = [],
): string {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const name of keep) {
    const values = params
      .getAll(name)
      .map((value) => value.trim())
      .filter(Boolean);
    for (const value of [...new Set(values)].sort()) kept.append(name, value);
  }
  const query = kept.toString();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return query ? `${path}?${query}` : path;
}

/** The tags of a page. Without SEO data (an error response) nothing is emitted. */
export function seoMeta(seo: Seo | undefined | null): MetaDescriptor[] {
  if (!seo) return [];
  const title = pageTitle(seo.title, seo.siteName);
  const description = descriptionOf(seo.description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:url", content: seo.url },
    { property: "og:locale", content: ogLocales[seo.locale] },
    ...Object.entries(ogLocales)
      .filter(([locale]) => locale !== seo.locale)
      .map(([, content]) => ({ property: "og:locale:alternate", content })),
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  if (seo.image) tags.push({ property: "og:image", content: seo.image });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}
