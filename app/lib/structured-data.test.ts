import type { PerformanceSummary, ShowDetail } from "@contract";
import { describe, expect, it } from "vitest";
import { eventJsonLd, localIsoWithOffset, scriptSafeJson } from "./structured-data";

function performance(
  id: number,
  iso: string,
  parts: [number, number, number, number, number],
  extra: Partial<PerformanceSummary> = {},
): PerformanceSummary {
  const [year, month, day, hour, minute] = parts;
  return {
    idFuncion: id,
    oFuncionFecha: {
      dFecha: iso,
      oFuncionDiaDeLaSemana: 6,
      nFuncionAnio: year,
      nFuncionMes: month,
      nFuncionDia: day,
      nFuncionHora: hour,
      nFuncionMinuto: minute,
    },
    cEstado: "ON_SALE",
    fPrecioDesde: 9000,
    nDisponibles: 40,
    lAgotado: false,
    ...extra,
  };
}

const show: ShowDetail = {
  idEspectaculoCartel: 7,
  cSeo: "medea-en-constitucion",
  cEspectaculoCartelNombre: "Medea </script><b>",
  cResumen: "La tragedia griega.",
  idEspectaculoCartelTipo: 1,
  cEspectaculoCartelTipoNombre: "Teatro",
  idEstablecimiento: 1,
  cEstablecimientoNombre: "Teatro Municipal Corrientes",
  listaImagenEspectaculoCartel: [{ cTipo: "WEB_DESTACADO", cUri: "/v2/Imagenes/medea.svg" }],
  fPrecioDesde: 9000,
  dProximaFuncion: "2026-11-28T23:30:00.000Z",
  nDestacado: null,
  lAgotado: false,
  lSinStock: false,
  cDescripcion: "…",
  nDuracionMinutos: 70,
  oEstablecimiento: {
    idEstablecimiento: 1,
    cSeo: "teatro-municipal-corrientes",
    cNombre: "Teatro Municipal Corrientes",
    cDireccion: "Av. Corrientes 1530",
    cCiudad: "Buenos Aires",
    cZona: "San Nicolás",
    cLatitud: "-34.6037",
    cLongitud: "-58.3877",
    cDescripcion: "",
  },
  listaFunciones: [
    performance(12, "2026-11-28T23:30:00.000Z", [2026, 11, 28, 20, 30]),
    performance(13, "2026-12-05T00:00:00.000Z", [2026, 12, 4, 21, 0], { cEstado: "CANCELLED" }),
    performance(14, "2026-12-12T23:00:00.000Z", [2026, 12, 12, 20, 0], {
      lAgotado: true,
      nDisponibles: 0,
      fPrecioDesde: 12000,
    }),
  ],
};

const options = {
  origin: "https://entradas.example",
  pagePath: "/landing/medea-en-constitucion",
  performancePath: (p: PerformanceSummary) => `/funcion/medea-en-constitucion/${p.idFuncion}`,
  language: "es",
};

describe("localIsoWithOffset", () => {
  it("prints the city's wall clock with its UTC offset", () => {
    expect(localIsoWithOffset(show.listaFunciones[0])).toBe("2026-11-28T20:30:00-03:00");
    // Late evening in the city is already the next day in UTC.
    expect(localIsoWithOffset(show.listaFunciones[1])).toBe("2026-12-04T21:00:00-03:00");
  });
});

describe("eventJsonLd", () => {
  const events = eventJsonLd(show, options);

  it("describes each performance as a schema.org Event at a Place with a postal address", () => {
    expect(events).toHaveLength(3);
    const [first] = events;
    expect(first["@context"]).toBe("https://schema.org");
    expect(first["@type"]).toBe("Event");
    expect(first.name).toBe(show.cEspectaculoCartelNombre);
    expect(first.startDate).toBe("2026-11-28T20:30:00-03:00");
    expect(first.endDate).toBe("2026-11-28T21:40:00-03:00");
    expect(first.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(first.image).toEqual(["https://entradas.example/v2/Imagenes/medea.svg"]);
    expect(first.location).toMatchObject({
      "@type": "Place",
      name: "Teatro Municipal Corrientes",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Av. Corrientes 1530",
        addressLocality: "Buenos Aires",
        addressCountry: "AR",
      },
      geo: { latitude: -34.6037, longitude: -58.3877 },
    });
  });

  it("offers tickets in ARS, in stock with the buying URL", () => {
    expect(events[0].offers).toEqual({
      "@type": "Offer",
      price: 9000,
      priceCurrency: "ARS",
      availability: "https://schema.org/InStock",
      url: "https://entradas.example/funcion/medea-en-constitucion/12",
    });
  });

  it("marks cancelled performances EventCancelled and sold-out ones SoldOut", () => {
    expect(events[1].eventStatus).toBe("https://schema.org/EventCancelled");
    expect(events[1].offers?.availability).toBe("https://schema.org/SoldOut");
    expect(events[2].eventStatus).toBe("https://schema.org/EventScheduled");
    expect(events[2].offers).toMatchObject({
      price: 12000,
      availability: "https://schema.org/SoldOut",
      url: "https://entradas.example/landing/medea-en-constitucion",
    });
  });
});

describe("scriptSafeJson", () => {
  it("cannot close its <script> element and still parses to the same value", () => {
    const value = eventJsonLd(show, options);
    const json = scriptSafeJson(value);
    expect(json).not.toContain("<");
    expect(json).not.toContain(">");
    expect(json).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(json)).toEqual(value);
    expect(scriptSafeJson({ a: "x\u2028y & z" })).toBe('{"a":"x\\u2028y \\u0026 z"}');
  });
});
