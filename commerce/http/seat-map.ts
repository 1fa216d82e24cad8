// Seat map handlers: the drawn hall and a sector's seats (static: cacheable by the hall's
// version, with an ETag), and a performance's places and availability (from the in-process
// availability cache, personal: never stored by shared caches).
import { hallPlan, hallSectorSeats, hallSectorVersion, hallVersion } from "../catalog/halls.ts";
import { loadAvailability, loadSectorPlaces } from "../catalog/seat-availability.ts";
import {
  availabilityEndpoint,
  hallEndpoint,
  hallSectorSeatsEndpoint,
  sectorPlacesEndpoint,
} from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { type CommerceContext, implement, notModified } from "./register.ts";

/** Browsers and proxies may reuse a plan this long, then revalidate it with its ETag. */
export const HALL_MAX_AGE_SECONDS = 300;

/** Sets the validators; true when the caller's copy (If-None-Match) is this one. */
function isCallersCopyCurrent(c: CommerceContext, etag: string, varyByLanguage: boolean): boolean {
  c.header("ETag", etag);
  c.header("Cache-Control", `public, max-age=${HALL_MAX_AGE_SECONDS}`);
  if (varyByLanguage) c.header("Vary", "Accept-Language");
  const sent = c.req.header("if-none-match");
  if (!sent) return false;
  return sent
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/** The personal reads (MINE, the caller's holds) must not be kept by shared caches. */
function privateAnswer(c: CommerceContext) {
  c.header("Cache-Control", "private, no-store");
}

export function seatMapHandlers(deps: CommerceDeps) {
  return [
    implement(hallEndpoint, async ({ params, language, c }) => {
      const version = await hallVersion(deps.db, params.id);
      if (version === null) throw notFound();
      if (isCallersCopyCurrent(c, `"sala-${params.id}-${version}-${language}"`, true)) {
        return notModified(c);
      }
      return hallPlan(deps, params.id, version, language);
    }),

    implement(hallSectorSeatsEndpoint, async ({ params, c }) => {
      const version = await hallSectorVersion(deps.db, params.id);
      if (version === null) throw notFound();
      if (isCallersCopyCurrent(c, `"butacas-${params.id}-${version}"`, false)) {
        return notModified(c);
      }
      return hallSectorSeats(deps, params.id, version);
    }),

    implement(sectorPlacesEndpoint, async ({ params, customerId, c }) => {
      privateAnswer(c);
      return loadSectorPlaces(deps, params.id, params.idSector, {
        now: deps.now(),
        viewerCustomerId: customerId,
      });
    }),

    implement(availabilityEndpoint, async ({ params, query, customerId, c }) => {
      privateAnswer(c);
      return loadAvailability(
        deps,
        params.id,
        { sectorId: query.idSector, knownVersion: query.cVersion },
        { now: deps.now(), viewerCustomerId: customerId },
      );
    }),
  ];
}
