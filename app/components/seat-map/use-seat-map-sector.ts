// The chosen sector as the seat form, the list and the map island use it: the loader's packed
// seats unpacked and named in the page's language (the same on the server and in the browser,
// so hydration matches), once per loader answer.
import { useMemo } from "react";
import { useTranslation } from "~/lib/i18n";
import { unpackSeats } from "./packed-seats";
import { seatNamer } from "./seat-names";
import type { SeatMapSector, SeatMapSectorData } from "./types";

const noSeats: number[] = [];

export function useSeatMapSector(
  data: SeatMapSectorData | null,
  chosen: number[] = noSeats,
): SeatMapSector | null {
  const { t } = useTranslation();
  const seats = useMemo(
    () => (data ? unpackSeats(data.packedSeats, seatNamer(t, data.price)) : []),
    [data, t],
  );
  return useMemo(() => {
    if (!data) return null;
    const { packedSeats: _packed, ...rest } = data;
    return { ...rest, seats, chosen };
  }, [data, seats, chosen]);
}
