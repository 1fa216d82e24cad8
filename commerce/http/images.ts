// GET /Imagenes/:file — the generated poster of a show, by its seo ("<seo>.svg").
// Posters depend only on the show's seo, title and type, so they can be cached for good.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client.ts";
import { shows } from "../db/schema.ts";
import { productSeeds, showSeeds, TYPE } from "../seed/data.ts";
import { type PosterInput, posterSvg } from "../seed/posters.ts";

const posterFile = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

const seededPosters = new Map<string, PosterInput>([
  ...showSeeds.map((s) => [s.seo, { seo: s.seo, title: s.title, typeId: s.typeId }] as const),
  ...productSeeds.map((p) => [p.seo, { seo: p.seo, title: p.title, typeId: TYPE.shop }] as const),
]);

/**
 * With a database, posters are found among its shows (the source of truth); without one,
 * among the demo seed's shows.
 */
export function imageRoutes(deps: { db?: Database } = {}) {
  const app = new Hono();

  app.get("/Imagenes/:file", async (c) => {
    const match = posterFile.exec(c.req.param("file"));
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
    if (!show) {
      return c.json({ nCode: 404, cMensaje: "Not found", oData: { cCodigo: "NOT_FOUND" } }, 404);
    }
    return c.body(posterSvg(show), 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      // An SVG opened directly is a document: forbid scripts and outside loads in it.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    });
  });

  return app;
}
