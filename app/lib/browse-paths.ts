// The storefront's browsing URLs (spec §2), built in one place for links, the sitemap and
// structured data.
import { PRODUCT_TYPE_ID } from "@contract/constants.ts";

const segment = (value: string | number) => encodeURIComponent(String(value));

export const landingPath = (seo: string) => `/landing/${segment(seo)}`;

export const venuePath = (venue: { cSeo: string; idEstablecimiento: number }) =>
  `/establecimiento/${segment(venue.cSeo)}/${venue.idEstablecimiento}`;

export const categorySearchPath = (typeId: number) =>
  `/AdvancedSearch?aListaidTipoDeEspectaculo=${typeId}`;

export const performancePath = (seo: string, performanceId: number) =>
  `/funcion/${segment(seo)}/${performanceId}`;

export const shopPerformancePath = (performanceId: number) =>
  `/funcionTienda?idFuncion=${performanceId}`;

export const shopPath = (venueId?: number) => (venueId ? `/tienda/${venueId}` : "/tienda");

/** A product (type 100) shows 'Cantidad' instead of tickets and has no date (§3). */
export const isProduct = (show: { idEspectaculoCartelTipo: number }) =>
  show.idEspectaculoCartelTipo === PRODUCT_TYPE_ID;

/** An OpenStreetMap link: a pin at the coordinates, or a search by address without them. */
export function mapUrl(venue: {
  cLatitud: string | null;
  cLongitud: string | null;
  cDireccion: string;
  cCiudad: string;
}): string {
  const lat = Number(venue.cLatitud);
  const lon = Number(venue.cLongitud);
  if (venue.cLatitud && venue.cLongitud && Number.isFinite(lat) && Number.isFinite(lon)) {
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  const query = encodeURIComponent(`${venue.cDireccion}, ${venue.cCiudad}`);
  return `https://www.openstreetmap.org/search?query=${query}`;
}
