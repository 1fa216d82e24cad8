// A sector's seats as the page's loader sends them: one string instead of an object per seat.
// React Router writes loader data into the page as a stream of references, so 1,000 seat
// objects cost ~280 kB of HTML; packed they cost a few kB gzipped. The accessible names are
// not sent at all: the page fills them in from one translated template (seat-names.ts) on the
// server and in the browser alike.
import type { SeatNamer } from "./seat-names";
import type { MapSeat, SeatState } from "./types";

export type UnnamedSeat = Omit<MapSeat, "name">;

/**
 * Rows nearest the stage first. `seats` has one entry per row, in the same order, joined by
 * "|"; a row's seats are joined by ";" and each is "id,number,seatIndex,block,x,y,look" in
 * base 36, each field written only where it differs from what the seat before predicts (an
 * empty field, trailing ones dropped):
 * - id: the difference from the seat before (predicted 1);
 * - number and seatIndex: one more than the seat before in the row (a row starts at 1 and 0);
 * - block: the seat before's (a row starts at 0);
 * - x and y: in tenths of the plan's unit, the difference from the seat before (predicted 0);
 * - look: state, kind and restricted view in one digit (predicted 0: free, a seat, clear).
 */
export type PackedSeats = {
  rows: { label: string; index: number }[];
  seats: string;
};

const states: SeatState[] = ["FREE", "TAKEN", "MINE"];
const kinds: MapSeat["kind"][] = ["SEAT", "WHEELCHAIR", "COMPANION"];
const FIELDS = 7;

const lookOf = (seat: UnnamedSeat, state: SeatState) =>
  states.indexOf(state) * 6 + kinds.indexOf(seat.kind) * 2 + (seat.restrictedView ? 1 : 0);

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

/**
 * Packs seats given in row order (as mapSeats sorts them), with their own states or, given,
 * `stateOf` (the same seats kept between requests with each request's states).
 */
export function packSeats(
  seats: readonly UnnamedSeat[],
  stateOf: readonly SeatState[] = seats.map((seat) => seat.state),
): PackedSeats {
  const rows: PackedSeats["rows"] = [];
  let text = "";
  const before = startOfSector();
  let firstInRow = true;
  seats.forEach((seat, position) => {
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
      lookOf(seat, stateOf[position]) || null,
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
  });
  return { rows, seats: text };
}

/** The seats back, each named by `name`; positions keep a tenth of the plan's unit. */
export function unpackSeats(packed: PackedSeats, name: SeatNamer): MapSeat[] {
  const seats: MapSeat[] = [];
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
    const seat: MapSeat = {
      placeId: before.id,
      row: row.label,
      number: before.number,
      rowIndex: row.index,
      seatIndex: before.seatIndex,
      block: before.block,
      x: before.x / 10,
      y: before.y / 10,
      state: states[Math.floor(lookDigit / 6)],
      kind: kinds[Math.floor((lookDigit % 6) / 2)],
      restrictedView: lookDigit % 2 === 1,
      name: "",
    };
    seat.name = name(seat);
    seats.push(seat);
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
