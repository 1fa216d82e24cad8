// Catalog routes: billboard cards, show landing, show types and a performance's seat map.
import { Hono } from "hono";
import { cachedCatalogRead, cachedShowCards } from "../catalog/card-cache.ts";
import { loadPerformanceDetail, loadShowDetail, loadShowTypes } from "../catalog/queries.ts";
import { pathId } from "./params.ts";
import {
  type CommerceDeps,
  type CommerceEnv,
  customerIdFromToken,
  notFound,
  ok,
} from "./support.ts";

const seoPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function catalogRoutes(deps: CommerceDeps) {
  const app = new Hono<CommerceEnv>();

  app.get("/EspectaculosCartel", async (c) => {
    const cards = await cachedShowCards(deps, {
      now: deps.now(),
      language: c.get("language"),
    });
    return ok(c, { Lista: cards });
  });

  // By numeric id or by seo (the landing's /landing/{cSeo}). The ?h= cache-buster is ignored.
  app.get("/EspectaculoCartel/:idOrSeo", async (c) => {
    const raw = c.req.param("idOrSeo");
    let key: number | string;
    if (/^[0-9]+$/.test(raw)) key = pathId(c, "idOrSeo");
    else if (raw.length <= 200 && seoPattern.test(raw)) key = raw;
    else throw notFound();
    const now = deps.now();
    const language = c.get("language");
    // Landings are read on every visit; cached like the billboard, dropped on writes.
    const show = await cachedCatalogRead(
      deps,
      `show:${language}:${key}`,
      now,
      () => loadShowDetail(deps.db, key, { now, language }),
      (found) => found !== null,
    );
    if (!show) throw notFound();
    return ok(c, show);
  });

  app.get("/EspectaculoCartelTipos", async (c) => {
    return ok(c, { Lista: await loadShowTypes(deps.db, c.get("language")) });
  });

  // Public; with a valid Bearer token the caller's own held seats show as MINE.
  app.get("/Funcion/:id", async (c) => {
    const id = pathId(c);
    const viewerCustomerId = await customerIdFromToken(deps, c);
    const detail = await loadPerformanceDetail(deps.db, id, {
      now: deps.now(),
      language: c.get("language"),
      viewerCustomerId,
    });
    if (!detail) throw notFound();
    return ok(c, detail);
  });

  return app;
}
