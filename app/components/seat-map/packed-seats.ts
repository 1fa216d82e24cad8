// A sector's seats as the page's loader sends them: one string instead of an object per seat.
// React Router writes loader data into the page as a stream of references, so 1,000 seat
// objects cost ~280 kB of HTML; packed they cost a few kB gzipped. Where the seats are never
// changes for a performance, so the server packs them once and keeps the string; each request
// adds only the states (a bitset and the buyer's own seats). The accessible names are not
// sent at all: the page fills them in from one translated template (seat-names.ts) on the
// server and in the browser alike.
import { decodeTakenBits, encodeTakenBits } from "@contract/availability-bits.ts";
import type { SeatNamer } from "./seat-names";
import type { MapSeat, SeatState } from "./types";

export type UnnamedSeat = Omit<MapSeat, "name">;
/** A seat where it is, whatever its state: what the packed string carries. */
export type PlacedSeat = Omit<MapSeat, "name" | "state">;

/**
 * Rows nearest the stage first. `seats` has one entry per row, in the same order, joined by
 * "|"; a row's seats are joined by ";" and each is "id,number,seatIndex,block,x,y,look" in
 * base 36, each field written only where it differs from what the seat before predicts (an
 * empty field, trailing ones dropped):
 * - id: the difference from the seat before (predicted 1);
 * - number and seatIndex: one more than the seat before in the row (a row starts at 1 and 0);
 * - block: the seat before's (a row starts at 0);
 * - x and y: in tenths of the plan's unit, the difference from the seat before (predicted 0);
 * - look: kind and restricted view in one digit (predicted 0: a seat, clear view).
 */
export type PackedSeats = {
  rows: { label: string; index: number }[];
  seats: string;
};

/**
 * The seats' states now, in the packed seats' order: `taken` a bitset (1 = not free, base64url
 * as in availability-bits.ts), `mine` the place ids of those held by the buyer.
 */
export type PackedStates = { taken: string; mine: number[] };

const kinds: MapSeat["kind"][] = ["SEAT", "WHEELCHAIR", "COMPANION"];
const FIELDS = 7;

const lookOf = (seat: PlacedSeat) => kinds.indexOf(seat.kind) * 2 + (seat.restrictedView ? 1 : 0);

const tenths = (value: number) => Math.round(value * 10);

/** What the seat before tells of the next: the same for packing and unpacking. */
type SeatBefore = {
  id: number;
  x: number;
  y: number;
  number: number;
  seatIndex: number;
  block: number;
};

const startOfSector = (): SeatBefore => ({ id: 0, x: 0, y: 0, number: 0, seatIndex: -1, block: 0 });

/** A new row starts counting its numbers, order and blocks again (id and place run on). */
function startRow(before: SeatBefore) {
  before.number = 0;
  before.seatIndex = -1;
  before.block = 0;
}

/** Packs seats given in row order (as mapSeats sorts them). */
export function packSeats(seats: readonly PlacedSeat[]): PackedSeats {
  const rows: PackedSeats["rows"] = [];
  let text = "";
  const before = startOfSector();
  let firstInRow = true;
  for (const seat of seats) {
    const last = rows.at(-1);
    if (!last || last.index !== seat.rowIndex || last.label !== seat.row) {
      if (last) text += "|";
      rows.push({ label: seat.row, index: seat.rowIndex });
      startRow(before);
      firstInRow = true;
    }
    const x = tenths(seat.x);
    const y = tenths(seat.y);
    const fields: (number | null)[] = [
      seat.placeId - before.id === 1 ? null : seat.placeId - before.id,
      seat.number === before.number + 1 ? null : seat.number,
      seat.seatIndex === before.seatIndex + 1 ? null : seat.seatIndex,
      seat.block === before.block ? null : seat.block,
      x === before.x ? null : x - before.x,
      y === before.y ? null : y - before.y,
      lookOf(seat) || null,
    ];
    while (fields.length > 0 && fields[fields.length - 1] === null) fields.pop();
    text +=
      (firstInRow ? "" : ";") + fields.map((n) => (n === null ? "" : n.toString(36))).join(",");
    firstInRow = false;
    Object.assign(before, {
      id: seat.placeId,
      x,
      y,
      number: seat.number,
      seatIndex: seat.seatIndex,
      block: seat.block,
    });
  }
  return { rows, seats: text };
}

/** The seats back; positions keep a tenth of the plan's unit. */
export function unpackSeats(packed: PackedSeats): PlacedSeat[] {
  const seats: PlacedSeat[] = [];
  if (packed.rows.length === 0) return seats;
  const text = packed.seats;
  // One pass over the text (no split): a page unpacks thousands of seats per request.
  const given: (number | null)[] = new Array(FIELDS).fill(null);
  let field = 0;
  let value = 0;
  let digits = false;
  let negative = false;
  let rowPosition = 0;
  const before = startOfSector();
  const finishSeat = () => {
    const row = packed.rows[rowPosition];
    if (!row) return;
    const [idStep, seatNumber, index, seatBlock, xStep, yStep, look] = given;
    before.id += idStep ?? 1;
    before.number = seatNumber ?? before.number + 1;
    before.seatIndex = index ?? before.seatIndex + 1;
    before.block = seatBlock ?? before.block;
    before.x += xStep ?? 0;
    before.y += yStep ?? 0;
    const lookDigit = look ?? 0;
    seats.push({
      placeId: before.id,
      row: row.label,
      number: before.number,
      rowIndex: row.index,
      seatIndex: before.seatIndex,
      block: before.block,
      x: before.x / 10,
      y: before.y / 10,
      kind: kinds[Math.floor(lookDigit / 2)],
      restrictedView: lookDigit % 2 === 1,
    });
  };
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 124; // the end closes like "|"
    if (code === 44 || code === 59 || code === 124) {
      // "," ends a field; ";" a seat; "|" a row.
      if (field < FIELDS) given[field] = digits ? (negative ? -value : value) : null;
      field += 1;
      value = 0;
      digits = false;
      negative = false;
      if (code === 44) continue;
      for (let rest = field; rest < FIELDS; rest++) given[rest] = null;
      finishSeat();
      field = 0;
      if (code === 124) {
        rowPosition += 1;
        startRow(before);
      }
    } else if (code === 45) negative = true;
    else {
      value = value * 36 + (code <= 57 ? code - 48 : code - 87); // 0-9, a-z
      digits = true;
    }
  }
  return seats;
}

/** The seats' states for the page (`states` in the seats' order). */
export function packStates(
  seats: readonly PlacedSeat[],
  states: readonly SeatState[],
): PackedStates {
  const mine: number[] = [];
  states.forEach((state, position) => {
    if (state === "MINE") mine.push(seats[position].placeId);
  });
  return { taken: encodeTakenBits(states.map((state) => state !== "FREE")), mine };
}

/**
 * The seats with their states, each named by `name`. A bitset that does not fit the seats
 * (it cannot come from the loader) leaves every seat taken: none is offered unless known free.
 */
export function withStates(
  seats: readonly PlacedSeat[],
  states: PackedStates,
  name: SeatNamer,
): MapSeat[] {
  const taken = decodeTakenBits(states.taken, seats.length);
  const mine = new Set(states.mine);
  return seats.map((seat, position) => {
    const state: SeatState =
      taken && !taken[position] ? "FREE" : mine.has(seat.placeId) ? "MINE" : "TAKEN";
    // Written out, not spread: a spread copy of each of a thousand seats cost ~3 µs apiece.
    const named: MapSeat = {
      placeId: seat.placeId,
      row: seat.row,
      number: seat.number,
      rowIndex: seat.rowIndex,
      seatIndex: seat.seatIndex,
      block: seat.block,
      x: seat.x,
      y: seat.y,
      kind: seat.kind,
      restrictedView: seat.restrictedView,
      state,
      name: "",
    };
    named.name = name(named);
    return named;
  });
}
