// The show types for the header (GET EspectaculoCartelTipos, called at start per §7). They
// change only with a new catalog, and the root loader runs on every document request, so each
// language's list is kept a few minutes. A failure leaves the header without categories
// rather than failing the page.
import { endpoints, type ShowType } from "@contract";
import type { Locale } from "~/lib/locales";
import type { CommerceClient } from "~/services/commerce.server";
import { categoriesOf } from "./show-types";

const keepMs = 5 * 60 * 1000;
const cache = new Map<Locale, { until: number; categories: ShowType[] }>();

export async function headerCategories(api: CommerceClient): Promise<ShowType[]> {
  const cached = cache.get(api.locale);
  if (cached && cached.until > Date.now()) return cached.categories;
  const result = await api.call(endpoints.showTypes);
  if (!result.ok) return cached?.categories ?? [];
  const categories = categoriesOf(result.data.Lista);
  cache.set(api.locale, { until: Date.now() + keepMs, categories });
  return categories;
}
