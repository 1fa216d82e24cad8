// schema.org Event JSON-LD for a show's upcoming performances (the landing page), and safe
// serialisation into a <script type="application/ld+json">.
import type { PerformanceSummary, ShowDetail } from "@contract";
import { absoluteUrl } from "./seo";

const schema = "https://schema.org";

/** Minutes the city's wall clock is ahead of UTC at that performance (-180 for UTC-3). */
function offsetMinutesOf(date: PerformanceSummary["oFuncionFecha"]): number {
  const wallClock = Date.UTC(
    date.nFuncionAnio,
    date.nFuncionMes - 1,
    date.nFuncionDia,
    date.nFuncionHora,
    date.nFuncionMinuto,
  );
  return Math.round((wallClock - Date.parse(date.dFecha)) / 60_000);
}

function withOffset(instant: number, offsetMinutes: number): string {
  const local = new Date(instant + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, "0");
  const minutes = String(abs % 60).padStart(2, "0");
  return `${local}${offsetMinutes < 0 ? "-" : "+"}${hours}:${minutes}`;
}

/**
 * The performance's wall-clock time with its UTC offset ("2026-11-28T20:30:00-03:00"),
 * derived from the instant and the city-local parts the API sends, so no time-zone data
 * is needed here.
 */
export function localIsoWithOffset(performance: Pick<PerformanceSummary, "oFuncionFecha">): string {
  const date = performance.oFuncionFecha;
  return withOffset(Date.parse(date.dFecha), offsetMinutesOf(date));
}

function endOf(performance: PerformanceSummary, minutes: number | null): string | undefined {
  if (!minutes) return undefined;
  const date = performance.oFuncionFecha;
  return withOffset(Date.parse(date.dFecha) + minutes * 60_000, offsetMinutesOf(date));
}

type PlaceJsonLd = {
  "@type": "Place";
  name: string;
  address: {
    "@type": "PostalAddress";
    streetAddress: string;
    addressLocality: string;
    addressRegion?: string;
    addressCountry: string;
  };
  geo?: { "@type": "GeoCoordinates"; latitude: number; longitude: number };
};

export type EventJsonLd = {
  "@context": string;
  "@type": "Event";
  name: string;
  description: string;
  inLanguage: string;
  startDate: string;
  endDate?: string;
  eventStatus: string;
  eventAttendanceMode: string;
  url: string;
  image?: string[];
  location: PlaceJsonLd;
  offers?: {
    "@type": "Offer";
    price: number;
    priceCurrency: "ARS";
    availability: string;
    url: string;
  };
};

export type EventJsonLdOptions = {
  origin: string;
  /** Path of the page offering the tickets (the landing). */
  pagePath: string;
  /** Path of the buying page of a performance. */
  performancePath: (performance: PerformanceSummary) => string;
  /** Language of the page (schema.org inLanguage). */
  language: string;
};

/** One schema.org Event per upcoming performance, cancelled ones marked as such. */
export function eventJsonLd(show: ShowDetail, options: EventJsonLdOptions): EventJsonLd[] {
  const venue = show.oEstablecimiento;
  const poster = show.listaImagenEspectaculoCartel.find((i) => i.cTipo === "WEB_DESTACADO");
  const location: PlaceJsonLd = {
    "@type": "Place",
    name: venue.cNombre,
    address: {
      "@type": "PostalAddress",
      streetAddress: venue.cDireccion,
      addressLocality: venue.cCiudad,
      ...(venue.cZona ? { addressRegion: venue.cZona } : {}),
      addressCountry: "AR",
    },
    ...(venue.cLatitud && venue.cLongitud
      ? {
          geo: {
            "@type": "GeoCoordinates",
            latitude: Number(venue.cLatitud),
            longitude: Number(venue.cLongitud),
          },
        }
      : {}),
  };
  return show.listaFunciones.map((performance): EventJsonLd => {
    const cancelled = performance.cEstado === "CANCELLED";
    const available = !cancelled && !performance.lAgotado && performance.nDisponibles > 0;
    const price = performance.fPrecioDesde ?? show.fPrecioDesde;
    const end = endOf(performance, show.nDuracionMinutos);
    return {
      "@context": schema,
      "@type": "Event",
      name: show.cEspectaculoCartelNombre,
      description: show.cResumen,
      inLanguage: options.language,
      startDate: localIsoWithOffset(performance),
      ...(end ? { endDate: end } : {}),
      eventStatus: `${schema}/${cancelled ? "EventCancelled" : "EventScheduled"}`,
      eventAttendanceMode: `${schema}/OfflineEventAttendanceMode`,
      url: absoluteUrl(options.origin, options.pagePath),
      ...(poster ? { image: [absoluteUrl(options.origin, poster.cUri)] } : {}),
      location,
      ...(price !== null
        ? {
            offers: {
              "@type": "Offer",
              price,
              priceCurrency: "ARS",
              // Nothing can be bought for a cancelled performance either.
              availability: `${schema}/${available ? "InStock" : "SoldOut"}`,
              url: absoluteUrl(
                options.origin,
                available ? options.performancePath(performance) : options.pagePath,
              ),
            },
          }
        : {}),
    };
  });
}

/**
 * JSON for an inline <script>: `<`, `>`, `&` and the JS line separators are escaped as
 * \uXXXX, so a title like "</script>" cannot end the element. The JSON stays equivalent.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
