// The chosen sector as the seat form, the list and the map island use it: the loader's packed
// seats unpacked, given this request's states and named in the page's language (the same on
// the server and in the browser, so hydration matches), once per loader answer.
import { useMemo } from "react";
import { useTranslation } from "~/lib/i18n";
import { type PackedSeats, type PlacedSeat, unpackSeats, withStates } from "./packed-seats";
import { seatNamer } from "./seat-names";
import type { SeatMapSector, SeatMapSectorData } from "./types";

const noSeats: number[] = [];

// On the server the loader hands the same kept packed seats to every request for a sector:
// they are unpacked once. In the browser each loader answer is a new object.
const unpacked = new WeakMap<PackedSeats, readonly PlacedSeat[]>();

function unpackedOnce(packed: PackedSeats): readonly PlacedSeat[] {
  let seats = unpacked.get(packed);
  if (!seats) {
    seats = unpackSeats(packed);
    unpacked.set(packed, seats);
  }
  return seats;
}

export function useSeatMapSector(
  data: SeatMapSectorData | null,
  chosen: number[] = noSeats,
): SeatMapSector | null {
  const { t } = useTranslation();
  const seats = useMemo(
    () =>
      data
        ? withStates(unpackedOnce(data.packedSeats), data.seatStates, seatNamer(t, data.price))
        : [],
    [data, t],
  );
  return useMemo(() => {
    if (!data) return null;
    const { packedSeats: _packed, seatStates: _states, ...rest } = data;
    return { ...rest, seats, chosen };
  }, [data, seats, chosen]);
}
