// What the performance page hands the seat map, server-rendered form and JavaScript map
// alike. Built by the route's loader from the drawn hall (geometry, cached) and the
// performance's places in the sector (state), sent packed, and unpacked on the page with
// each seat's name filled in from one translated template (the map never translates per seat).
import type { PackedSeats, PackedStates } from "./packed-seats";

export type SeatState = "FREE" | "TAKEN" | "MINE";

export type MapSeat = {
  /** The performance's place id: the value the form posts as `seat`. */
  placeId: number;
  row: string;
  number: number;
  /** Row order from the stage (0 nearest), seat order along the row (left to right). */
  rowIndex: number;
  seatIndex: number;
  /** Seats of one block (between aisles) with consecutive seatIndex are side by side. */
  block: number;
  /** Place on the plan, in the hall's drawing units. */
  x: number;
  y: number;
  kind: "SEAT" | "WHEELCHAIR" | "COMPANION";
  restrictedView: boolean;
  state: SeatState;
  /** Accessible name: "Row F, seat 12, $ 5.000, available" (translated, price formatted). */
  name: string;
};

export type PlanPoint = [x: number, y: number];

/** A sector's seats as the loader sends them (packed, unnamed): see packed-seats.ts. */
export type SeatMapSectorData = Omit<SeatMapSector, "seats"> & {
  /** The same object on every request for the sector (kept on the server). */
  packedSeats: PackedSeats;
  seatStates: PackedStates;
};

export type SeatMapSector = {
  performanceId: number;
  sectorId: number;
  sectorName: string;
  price: number;
  seats: MapSeat[];
  /** The part of the plan the sector covers, with a margin: [x, y, width, height]. */
  viewBox: [number, number, number, number];
  /** The stage's and the sector's outlines as SVG points text (plan-points.ts). */
  stage: { points: string; focus: PlanPoint; name: string };
  outlinePoints: string;
  /** Availability version of `seats` (GET /v2/Funcion/{id}/Disponibilidad). */
  version: string;
  /**
   * Where the browser asks for availability changes (the page's resource route): GET it with
   * `&version=<version>` appended; it answers the API's Disponibilidad JSON (Availability in
   * commerce/contract/seat-map.ts) for this sector, or the page's error status.
   */
  refreshUrl: string;
  /** Seats chosen before a failed submit, to keep the buyer's choice. */
  chosen: number[];
  /** Most seats one purchase may take. */
  maxChoice: number;
};
