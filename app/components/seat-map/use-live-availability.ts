// The map's availability while the page is open: a small request every few seconds, only while
// the tab is visible; each answer names what changed since the version the map has
// (live-availability.ts applies it). Seats someone else took are reported to the map, which
// unchooses them and says so.
import type { Availability } from "@contract";
import { useEffect, useRef, useState } from "react";
import { applyAvailability, type LiveSeats } from "./live-availability";
import type { SeatMapSector } from "./types";

/** How often an open map asks what changed, while its tab is visible. */
const refreshEveryMs = 10_000;

export function useLiveAvailability(
  sector: Pick<SeatMapSector, "refreshUrl" | "sectorId" | "version" | "seats">,
  placeIdsInOrder: readonly number[],
  /** Called with the places that turned taken since the last answer. */
  onTaken: (placeIds: number[]) => void,
): LiveSeats {
  const [live, setLive] = useState<LiveSeats>(() => ({
    version: sector.version,
    states: new Map(sector.seats.map((seat) => [seat.placeId, seat.state])),
  }));
  const liveRef = useRef(live);
  liveRef.current = live;
  const onTakenRef = useRef(onTaken);
  onTakenRef.current = onTaken;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (!stopped) timer = setTimeout(refresh, refreshEveryMs);
    };
    async function refresh() {
      if (document.visibilityState !== "visible") return schedule();
      try {
        const separator = sector.refreshUrl.includes("?") ? "&" : "?";
        const response = await fetch(
          `${sector.refreshUrl}${separator}version=${encodeURIComponent(liveRef.current.version)}`,
          { headers: { Accept: "application/json" }, redirect: "error" },
        );
        // Logged out or the performance gone: the page itself will say so on the next step.
        if (!response.ok) return;
        const answer = (await response.json()) as Availability;
        const update = applyAvailability(liveRef.current, placeIdsInOrder, sector.sectorId, answer);
        if (stopped) return;
        setLive({ version: update.version, states: update.states });
        if (update.newlyTaken.length > 0) onTakenRef.current(update.newlyTaken);
        schedule();
      } catch {
        schedule();
      }
    }
    const onVisible = () => {
      if (document.visibilityState === "visible") {
        clearTimeout(timer);
        void refresh();
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [sector.refreshUrl, sector.sectorId, placeIdsInOrder]);

  return live;
}
