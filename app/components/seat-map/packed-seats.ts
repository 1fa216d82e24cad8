// A sector's seats as the page's loader sends them: one string instead of an object per seat.
// React Router writes loader data into the page as a stream of references, so 1,000 seat
// objects cost ~280 kB of HTML; packed they cost ~20 kB. The accessible names are not sent at
// all: the page fills them in from one translated template (seat-names.ts) on the server and
// in the browser alike.
import type { SeatNamer } from "./seat-names";
import type { MapSeat, SeatState } from "./types";

export type UnnamedSeat = Omit<MapSeat, "name">;

/**
 * Rows nearest the stage first. `seats` has one entry per row, in the same order, joined by
 * "|"; a row's seats are joined by ";" and each is "id,number,seatIndex,block,x,y,look" in
 * base 36: the place id as the difference from the seat before, x and y in tenths of the
 * plan's unit, and look = state, kind and restricted view in one digit.
 */
export type PackedSeats = {
  rows: { label: string; index: number }[];
  seats: string;
};

const states: SeatState[] = ["FREE", "TAKEN", "MINE"];
const kinds: MapSeat["kind"][] = ["SEAT", "WHEELCHAIR", "COMPANION"];

const look = (seat: UnnamedSeat) =>
  states.indexOf(seat.state) * 6 + kinds.indexOf(seat.kind) * 2 + (seat.restrictedView ? 1 : 0);

const tenths = (value: number) => Math.round(value * 10);

/** Packs seats given in row order (as mapSeats sorts them). */
export function packSeats(seats: readonly UnnamedSeat[]): PackedSeats {
  const rows: PackedSeats["rows"] = [];
  const rowSeats: string[][] = [];
  let previousId = 0;
  for (const seat of seats) {
    const last = rows.at(-1);
    if (!last || last.index !== seat.rowIndex || last.label !== seat.row) {
      rows.push({ label: seat.row, index: seat.rowIndex });
      rowSeats.push([]);
    }
    const fields = [
      seat.placeId - previousId,
      seat.number,
      seat.seatIndex,
      seat.block,
      tenths(seat.x),
      tenths(seat.y),
      look(seat),
    ];
    rowSeats[rowSeats.length - 1].push(fields.map((n) => n.toString(36)).join(","));
    previousId = seat.placeId;
  }
  return { rows, seats: rowSeats.map((row) => row.join(";")).join("|") };
}

/** The seats back, each named by `name`; positions keep a tenth of the plan's unit. */
export function unpackSeats(packed: PackedSeats, name: SeatNamer): MapSeat[] {
  const seats: MapSeat[] = [];
  const text = packed.seats;
  // One pass over the text (no split): a page unpacks thousands of seats per request.
  const fields = [0, 0, 0, 0, 0, 0, 0];
  let field = 0;
  let value = 0;
  let negative = false;
  let rowPosition = 0;
  let previousId = 0;
  const finishSeat = () => {
    const row = packed.rows[rowPosition];
    if (!row) return;
    const [id, number, seatIndex, block, x, y, look] = fields;
    previousId += id;
    const seat: MapSeat = {
      placeId: previousId,
      row: row.label,
      number,
      rowIndex: row.index,
      seatIndex,
      block,
      x: x / 10,
      y: y / 10,
      state: states[Math.floor(look / 6)],
      kind: kinds[Math.floor((look % 6) / 2)],
      restrictedView: look % 2 === 1,
      name: "",
    };
    seat.name = name(seat);
    seats.push(seat);
  };
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 124; // the end closes like "|"
    if (code === 44 || code === 59 || code === 124) {
      // "," ends a field; ";" a seat; "|" a row.
      fields[field] = negative ? -value : value;
      value = 0;
      negative = false;
      field += 1;
      if (code !== 44) {
        if (field === fields.length) finishSeat();
        field = 0;
        if (code === 124) rowPosition += 1;
      }
    } else if (code === 45) negative = true;
    else value = value * 36 + (code <= 57 ? code - 48 : code - 87); // 0-9, a-z
  }
  return seats;
}
