// What the performance page shows: the whole hall (stage, every sector coloured by price and
// availability), the sectors with their prices, and — for the chosen numbered sector (asked
// for with ?sector=, or the only numbered one or the one last opened: spec §2 "seat map shown
// automatically") — its seats, ready for the server-rendered form and the JavaScript map alike.
import {
  type Availability,
  endpoints,
  type Hall,
  idPath,
  type PerformanceDetail,
  type Sector,
} from "@contract";
import { packStates, type UnnamedSeat } from "~/components/seat-map/packed-seats";
import { outlinePoints } from "~/components/seat-map/plan-points";
import type { PlanPoint, SeatMapSectorData } from "~/components/seat-map/types";
import { brand } from "~/config/brand.server";
import { performancePath, shopPerformancePath } from "~/lib/browse-paths";
import { maxPlacesPerPurchase } from "~/lib/purchase-limits";
import { notFound } from "~/lib/responses";
import { orThrow } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";
import { type GridPage, gridPageIndexOf, gridPagesOf } from "./grid-pages";
import { drawnSeatsOf, hallOf, productsOf } from "./hall-cache.server";
import { priceBands } from "./price-bands";
import { seatRows } from "./seat-grid";
import { sectorViewBox } from "./seats.server";
import { sectorSeatsOf } from "./sector-places.server";

export type SectorSummary = {
  id: number;
  name: string;
  kind: "GENERAL" | "NUMBERED";
  price: number;
  available: number;
  /** Its price band (price-bands.ts). */
  band: number;
  /** Whether its part of the hall has a 360° view. */
  hasView: boolean;
};

/**
 * The whole hall as the page draws it. Outlines come as SVG `points` text, one string each:
 * as arrays of points they were the biggest part of the page's loader data.
 */
export type HallPlan = {
  width: number;
  height: number;
  stage: { points: string; centre: PlanPoint; name: string };
  sectors: Array<{
    hallSectorId: number;
    name: string;
    points: string;
    labelX: number;
    labelY: number;
    /** The performance's sector drawn here; null when it sells nothing there. */
    sectorId: number | null;
  }>;
};

export type PageView = "map" | "list";

/** The no-JavaScript seat form's pages of rows, and the one shown (?filas=). */
export type SeatGridPages = { pages: GridPage[]; current: number };

/** ?vista=lista: the list alternative (sector → row → seat). */
export function pageViewOf(url: URL): PageView {
  return url.searchParams.get("vista") === "lista" ? "list" : "map";
}

/** Where the seat map asks for availability changes (the page's resource route). */
export function availabilityPath(seo: string, performanceId: number, sectorId: number) {
  return `${performancePath(seo, performanceId)}/disponibilidad?sector=${sectorId}`;
}

/**
 * The numbered sector whose seats to show: ?sector= (one of the performance's numbered
 * sectors, else 404 as for any unknown id; empty: the hall, chosen: wholeHallQuery), else — with the flag
 * seatMapAutoShow (§9) — the only numbered sector, or the one the buyer last opened here
 * (`rememberedId`), else none: the hall.
 */
export function chosenSectorOf(
  url: URL,
  sectors: readonly Sector[],
  autoShow = brand.flags.seatMapAutoShow,
  rememberedId: number | null = null,
): Sector | null {
  const asked = url.searchParams.get("sector");
  const numbered = sectors.filter((sector) => sector.cTipo === "NUMBERED");
  if (asked === "") return null;
  if (asked === null) {
    if (!autoShow) return null;
    if (numbered.length === 1) return numbered[0];
    return numbered.find((sector) => sector.idSector === rememberedId) ?? null;
  }
  const id = idPath.safeParse(asked);
  const sector = id.success ? numbered.find((s) => s.idSector === id.data) : undefined;
  if (!sector) throw notFound();
  return sector;
}

function centreOf(outline: readonly PlanPoint[]): PlanPoint {
  if (outline.length === 0) return [0, 0];
  const xs = outline.map(([x]) => x);
  const ys = outline.map(([, y]) => y);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** A hall's outlines as SVG points, computed once per hall answer (halls are shared, hallOf). */
const hallPoints = new WeakMap<Hall, { stage: string; centre: PlanPoint; sectors: string[] }>();

function pointsOf(hall: Hall) {
  let points = hallPoints.get(hall);
  if (!points) {
    const stage = hall.oEscenario.aContorno;
    points = {
      stage: outlinePoints(stage),
      centre: centreOf(stage),
      sectors: hall.listaSectores.map((drawn) => outlinePoints(drawn.aContorno)),
    };
    hallPoints.set(hall, points);
  }
  return points;
}

function hallPlan(hall: Hall, sectors: readonly Sector[]): HallPlan {
  const points = pointsOf(hall);
  return {
    width: hall.nAncho,
    height: hall.nAlto,
    stage: { points: points.stage, centre: points.centre, name: hall.oEscenario.cNombre },
    sectors: hall.listaSectores.map((drawn, index) => {
      const sector = sectors.find((s) => s.idSectorSala === drawn.idSectorSala);
      return {
        hallSectorId: drawn.idSectorSala,
        name: sector?.cNombre ?? drawn.cNombre,
        points: points.sectors[index],
        labelX: drawn.nEtiquetaX,
        labelY: drawn.nEtiquetaY,
        sectorId: sector?.idSector ?? null,
      };
    }),
  };
}

/**
 * What the page derives from a sector's kept seats (sector-places.server.ts), derived once:
 * its rows in pages for the seat form, the part of the plan it covers and its outline.
 */
type SectorLayout = {
  pages: GridPage[];
  viewBox: SeatMapSectorData["viewBox"];
  outlinePoints: string;
};
const sectorLayouts = new WeakMap<readonly UnnamedSeat[], SectorLayout>();

function sectorLayoutOf(
  seats: readonly UnnamedSeat[],
  outline: readonly PlanPoint[],
  drawn: boolean,
): SectorLayout {
  let layout = sectorLayouts.get(seats);
  if (!layout) {
    layout = {
      pages: gridPagesOf(seatRows(seats)),
      viewBox: sectorViewBox(outline, drawn ? seats : []),
      outlinePoints: outlinePoints(outline),
    };
    sectorLayouts.set(seats, layout);
  }
  return layout;
}

type LoadOptions = {
  url: URL;
  /** Seats the buyer had ticked before a refused submit. */
  chosenSeats?: number[];
  /** The sector the buyer last opened on this performance (remembered-sectors.ts). */
  rememberedSectorId?: number | null;
};

/**
 * The free places now (Disponibilidad: from the API's availability cache), with the chosen
 * sector's taken places. A buyer with no purchase running in this session can hold none here:
 * the API is asked as nobody, which spares it the token's and the buyer's processes' lookups.
 */
function availabilityNow(
  { commerce, session }: RequestContext,
  performanceId: number,
  sector: Sector | null,
): Promise<Availability> {
  return commerce
    .call(endpoints.availability, {
      params: { id: performanceId },
      query: sector ? { idSector: sector.idSector } : {},
      anonymous: session.get("processId") === undefined,
    })
    .then(orThrow);
}

/** The performance (kept a few seconds, hall-cache.server.ts) with the free places of now. */
function withFreePlaces(sectors: readonly Sector[], availability: Availability): Sector[] {
  const free = new Map(availability.listaSectores.map((s) => [s.idSector, s.nDisponibles]));
  return sectors.map((sector) => ({
    ...sector,
    nDisponibles: free.get(sector.idSector) ?? sector.nDisponibles,
  }));
}

export async function loadPerformancePage(
  context: RequestContext,
  performance: PerformanceDetail,
  { url, chosenSeats = [], rememberedSectorId = null }: LoadOptions,
) {
  const { commerce, locale } = context;
  // The list alternative opens where it is asked to: a remembered sector is the map's.
  const remembered = pageViewOf(url) === "map" ? rememberedSectorId : null;
  const chosenSector = chosenSectorOf(
    url,
    performance.listaSectores,
    brand.flags.seatMapAutoShow,
    remembered,
  );
  const [hall, availability, offered] = await Promise.all([
    performance.idSala ? hallOf(commerce, performance.idSala, locale) : null,
    availabilityNow(context, performance.idFuncion, chosenSector),
    performance.cEstado === "ON_SALE" ? productsOf(commerce, performance.idFuncion, locale) : [],
  ]);
  const sectors = withFreePlaces(performance.listaSectores, availability);
  const bands = priceBands(sectors.map((sector) => sector.fPrecio));
  const drawnSector = (sector: Sector) =>
    hall?.listaSectores.find((drawn) => drawn.idSectorSala === sector.idSectorSala);

  let chosen: SeatMapSectorData | null = null;
  let seatGrid: SeatGridPages | null = null;
  if (chosenSector) {
    const drawn = drawnSector(chosenSector);
    const drawing =
      drawn && hall
        ? {
            key: `${drawn.idSectorSala}@${hall.nVersion}`,
            seats: () => drawnSeatsOf(commerce, drawn.idSectorSala, hall.nVersion),
          }
        : { key: "undrawn", seats: async () => null };
    const { seats, packed, states } = await sectorSeatsOf(
      commerce,
      performance.idFuncion,
      chosenSector.idSector,
      drawing,
      availability,
    );
    const outline = drawn?.aContorno ?? [];
    const layout = sectorLayoutOf(seats, outline, Boolean(drawn));
    const { pages } = layout;
    const current = gridPageIndexOf(url, pages);
    if (current === null) throw notFound();
    seatGrid = { pages, current };
    chosen = {
      performanceId: performance.idFuncion,
      sectorId: chosenSector.idSector,
      sectorName: chosenSector.cNombre,
      price: chosenSector.fPrecio,
      packedSeats: packed,
      seatStates: packStates(seats, states),
      viewBox: layout.viewBox,
      stage: {
        points: hall ? pointsOf(hall).stage : "",
        focus: hall?.oEscenario.aFoco ?? [0, 0],
        name: hall?.oEscenario.cNombre ?? "",
      },
      outlinePoints: layout.outlinePoints,
      version: availability.cVersion,
      refreshUrl: availabilityPath(
        performance.oEspectaculo.cSeo,
        performance.idFuncion,
        chosenSector.idSector,
      ),
      chosen: chosenSeats.filter((id) => seats.some((seat) => seat.placeId === id)),
      maxChoice: maxPlacesPerPurchase,
    };
  }

  const summaries: SectorSummary[] = sectors.map((sector) => ({
    id: sector.idSector,
    name: sector.cNombre,
    kind: sector.cTipo,
    price: sector.fPrecio,
    available: performance.cEstado === "ON_SALE" ? sector.nDisponibles : 0,
    band: bands.get(sector.fPrecio) ?? 0,
    hasView: Boolean(drawnSector(sector)?.oVista360),
  }));

  return {
    performanceId: performance.idFuncion,
    showSeo: performance.oEspectaculo.cSeo,
    showName: performance.oEspectaculo.cEspectaculoCartelNombre,
    startsAt: performance.oFuncionFecha.dFecha,
    venueName: performance.oEstablecimiento.cNombre,
    sectors: summaries,
    plan: hall ? hallPlan(hall, sectors) : null,
    chosen,
    seatGrid,
    view: pageViewOf(url),
    products: offered.map((product) => ({
      name: product.cEspectaculoCartelNombre,
      price: product.fPrecio,
      path: shopPerformancePath(product.idFuncion),
    })),
  };
}

export type PerformancePage = Awaited<ReturnType<typeof loadPerformancePage>>;
