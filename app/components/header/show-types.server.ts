// The show types for the header (GET EspectaculoCartelTipos, called at start per §7). They
// change only with a new catalog, and the root loader runs on every document request, so each
// language's list is kept a few minutes. A failure leaves the header without categories
// rather than failing the page.
import { type ShowType, showTypesResponse } from "@contract";
import { apiPaths } from "@contract/paths.ts";
import type { RouterContextProvider } from "react-router";
import type { Locale } from "~/lib/locales";
import { shopApi } from "~/services/shop.server";
import { categoriesOf } from "./show-types";

const keepMs = 5 * 60 * 1000;
const cache = new Map<Locale, { until: number; categories: ShowType[] }>();

export async function headerCategories(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<ShowType[]> {
  const api = shopApi(args);
  const cached = cache.get(api.locale);
  if (cached && cached.until > Date.now()) return cached.categories;
  const result = await api.get(apiPaths.showTypes(), showTypesResponse);
  if (!result.ok) return cached?.categories ?? [];
  const categories = categoriesOf(result.data.Lista);
  cache.set(api.locale, { until: Date.now() + keepMs, categories });
  return categories;
}
