// Which show types the header offers: the drawer lists every category, the app bar the first
// few by nOrden (§2, §9). Shop products (type 100) are not a category: the shop button covers them.
import type { ShowType } from "@contract";
import { PRODUCT_TYPE_ID } from "@contract/constants.ts";

/** Every browsable show type, by nOrden (ties by id so the order is stable). */
export function categoriesOf(types: readonly ShowType[]): ShowType[] {
  return types
    .filter((type) => type.idEspectaculoTipo !== PRODUCT_TYPE_ID)
    .sort((a, b) => a.nOrden - b.nOrden || a.idEspectaculoTipo - b.idEspectaculoTipo);
}

/** The first `count` categories by nOrden: the header's shortcuts. */
export function shortcutsOf(types: readonly ShowType[], count: number): ShowType[] {
  return categoriesOf(types).slice(0, Math.max(0, count));
}

/** Advanced search narrowed to one show type. */
export function categoryHref(typeId: number): string {
  return `/AdvancedSearch?aListaidTipoDeEspectaculo=${typeId}`;
}
