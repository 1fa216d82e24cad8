// Catalog handlers: show types, cards, a show's landing, a performance, posters.
import { eq } from "drizzle-orm";
import { cachedCatalogRead, cachedShowCards } from "../catalog/card-cache.ts";
import { loadPerformanceDetail, loadShowDetail, loadShowTypes } from "../catalog/queries.ts";
import {
  idPath,
  performanceEndpoint,
  posterEndpoint,
  showCardsEndpoint,
  showEndpoint,
  showTypesEndpoint,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { shows } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { notFound, validate } from "../errors.ts";
import { productSeeds, showSeeds, TYPE } from "../seed/data.ts";
import { hallViewSvg } from "../seed/halls/views.ts";
import { type PosterInput, posterSvg } from "../seed/posters.ts";
import { implement } from "./register.ts";
import { resourceContentSecurityPolicy } from "./security-headers.ts";

const seoPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A numeric id (checked like any path id) or a well-formed seo; anything else is unknown. */
function showKey(raw: string): number | string {
  if (/^[0-9]+$/.test(raw)) return validate(idPath, raw);
  if (raw.length <= 200 && seoPattern.test(raw)) return raw;
  throw notFound();
}

export function catalogHandlers(deps: CommerceDeps) {
  return [
    implement(showTypesEndpoint, async ({ language }) => ({
      Lista: await loadShowTypes(deps.db, language),
    })),

    implement(showCardsEndpoint, async ({ language }) => ({
      Lista: await cachedShowCards(deps, { now: deps.now(), language }),
    })),

    // The ?h= cache-buster of the spec's call is ignored.
    implement(showEndpoint, async ({ params, language }) => {
      const key = showKey(params.idOrSeo);
      const now = deps.now();
      // Landings are read on every visit; cached like the billboard, dropped on writes.
      const show = await cachedCatalogRead(
        deps,
        `show:${language}:${key}`,
        now,
        () => loadShowDetail(deps.db, key, { now, language }),
        (found) => found !== null,
      );
      if (!show) throw notFound();
      return show;
    }),

    implement(performanceEndpoint, async ({ params, language }) => {
      const now = deps.now();
      // Every performance page reads it; dropped with the billboard on every hold or sale.
      const detail = await cachedCatalogRead(
        deps,
        `performance:${language}:${params.id}`,
        now,
        () => loadPerformanceDetail(deps.db, params.id, { now, language }),
        (found) => found !== null,
      );
      if (!detail) throw notFound();
      return detail;
    }),

    posterImplementation(deps),
  ];
}

const posterFile = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

const seededPosters = new Map<string, PosterInput>([
  ...showSeeds.map((s) => [s.seo, { seo: s.seo, title: s.title, typeId: s.typeId }] as const),
  ...productSeeds.map((p) => [p.seo, { seo: p.seo, title: p.title, typeId: TYPE.shop }] as const),
]);

const imageHeaders = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": "public, max-age=31536000, immutable",
  // An SVG opened directly is a document: forbid scripts and outside loads in it.
  "Content-Security-Policy": `${resourceContentSecurityPolicy}; style-src 'unsafe-inline'`,
  "X-Content-Type-Options": "nosniff",
};

/**
 * Posters depend only on the show's seo, title and type, so they are cached for good. With a
 * database they are found among its shows; without one (seed tests), among the demo seed's.
 * The halls' 360° views (vista-….svg) are served here too: drawn from the hall plan, they
 * never change either.
 */
export function posterImplementation(deps: { db?: Database }) {
  return implement(posterEndpoint, async ({ params, c }) => {
    const view = await hallViewSvg(deps.db, params.file);
    if (view) return c.body(view, 200, imageHeaders);
    const match = posterFile.exec(params.file);
    let show: PosterInput | undefined;
    if (match) {
      const seo = match[1];
      if (deps.db) {
        [show] = await deps.db
          .select({ seo: shows.seo, title: shows.title, typeId: shows.typeId })
          .from(shows)
          .where(eq(shows.seo, seo))
          .limit(1);
      } else {
        show = seededPosters.get(seo);
      }
    }
    if (!show) throw notFound();
    return c.body(posterSvg(show), 200, imageHeaders);
  });
}
