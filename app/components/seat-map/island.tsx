// The seat map with JavaScript: the sector drawn from its plan, every seat a checkbox in one
// composite widget (one Tab stop; arrows move, Space or Enter choose), zoom and pan by
// buttons, keys, pinch and drag, a running summary read out politely, and availability
// refreshed in place while the page is open. The chosen seats post as the same `seat` fields
// as the server's grid, so the page's action is the same with or without it. Rendered only in
// the browser (remix-utils ClientOnly, the grid as fallback).

import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { MapControls, zoomStep } from "./map-controls";
import { seatSpacing, startingSeat } from "./map-geometry";
import { isNavigationKey, moveFrom, navigationOf } from "./navigation";
import { seatNamer } from "./seat-names";
import { choiceSummary } from "./summary";
import type { MapSeat, SeatMapSector } from "./types";
import { useLiveAvailability } from "./use-live-availability";
import {
  clampView,
  isClosestView,
  isWholeView,
  panBy,
  revealPoint,
  type View,
  zoomAt,
} from "./viewport";

/** A pointer that moves less than this is a tap on a seat, not a drag. */
const dragThresholdPx = 6;

export function SeatMapIsland({ sector }: { sector: SeatMapSector }) {
  const { t } = useTranslation();
  const ids = useMemo(
    () => ({
      map: `seat-map-${sector.sectorId}`,
      help: `seat-map-help-${sector.sectorId}`,
      summary: `seat-map-summary-${sector.sectorId}`,
    }),
    [sector.sectorId],
  );
  const seatsById = useMemo(
    () => new Map(sector.seats.map((seat) => [seat.placeId, seat])),
    [sector.seats],
  );
  const placeIdsInOrder = useMemo(
    () => sector.seats.map((seat) => seat.placeId).sort((a, b) => a - b),
    [sector.seats],
  );
  const navigation = useMemo(() => navigationOf(sector.seats), [sector.seats]);
  const rows = navigation.rows;
  const radius = useMemo(() => seatSpacing(sector.seats) * 0.42, [sector.seats]);
  const nameOf = useMemo(() => seatNamer(t, sector.price), [t, sector.price]);
  const bounds: View = useMemo(() => {
    const [x, y, width, height] = sector.viewBox;
    return { x, y, width, height };
  }, [sector.viewBox]);

  const [chosen, setChosen] = useState<ReadonlySet<number>>(
    () => new Set(sector.chosen.filter((id) => seatsById.get(id)?.state === "FREE")),
  );
  const [focusId, setFocusId] = useState(() =>
    startingSeat(sector.seats, sector.stage.focus, new Set(sector.chosen)),
  );
  const [view, setView] = useState<View>(bounds);
  const [announcement, setAnnouncement] = useState("");
  const [hasFocus, setHasFocus] = useState(false);

  // A chosen seat someone else takes while the page is open is unchosen, and said so.
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;
  const live = useLiveAvailability(sector, placeIdsInOrder, (newlyTaken) => {
    const lost = newlyTaken.filter((id) => chosenRef.current.has(id));
    if (lost.length === 0) return;
    setChosen((previous) => new Set([...previous].filter((id) => !lost.includes(id))));
    setAnnouncement(
      t("checkout:seatMapIsland.lostSeats", {
        count: lost.length,
        seats: lost
          .map((id) => seatsById.get(id))
          .filter((seat) => seat !== undefined)
          .map((seat) =>
            t("checkout:seatMapIsland.seatShort", { row: seat.row, number: seat.number }),
          )
          .join(", "),
      }),
    );
  });

  const svgRef = useRef<SVGSVGElement>(null);
  const seatRefs = useRef(new Map<number, SVGElement>());
  const moveFocusTo = useRef<number | null>(null);

  const stateOf = (placeId: number) => live.states.get(placeId) ?? "TAKEN";
  const chosenSeats = sector.seats.filter((seat) => chosen.has(seat.placeId));
  const summary = choiceSummary(t, chosenSeats, sector.price);

  // Keyboard moves take the DOM focus along (roving tabindex) and pan the seat into view.
  useEffect(() => {
    if (moveFocusTo.current === null) return;
    const target = seatRefs.current.get(moveFocusTo.current);
    moveFocusTo.current = null;
    target?.focus({ preventScroll: true });
  });

  function toggle(placeId: number) {
    const seat = seatsById.get(placeId);
    if (!seat) return;
    const state = stateOf(placeId);
    if (state !== "FREE") {
      setAnnouncement(nameOf({ ...seat, state }));
      return;
    }
    if (chosen.has(placeId)) {
      const next = new Set(chosen);
      next.delete(placeId);
      setChosen(next);
      setAnnouncement("");
      return;
    }
    if (chosen.size >= sector.maxChoice) {
      setAnnouncement(t("checkout:seatMapIsland.tooMany", { max: sector.maxChoice }));
      return;
    }
    setChosen(new Set([...chosen, placeId]));
    setAnnouncement("");
  }

  function focusSeat(placeId: number) {
    setFocusId(placeId);
    moveFocusTo.current = placeId;
    const seat = seatsById.get(placeId);
    if (seat) setView((current) => revealPoint(current, [seat.x, seat.y], radius * 3, bounds));
  }

  function zoom(factor: number, at?: [number, number]) {
    setView((current) => {
      const seat = seatsById.get(focusId);
      const center: [number, number] =
        at ??
        (seat && hasFocus
          ? [seat.x, seat.y]
          : [current.x + current.width / 2, current.y + current.height / 2]);
      return zoomAt(current, factor, center, bounds);
    });
  }

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    if (isNavigationKey(event.key)) {
      event.preventDefault();
      focusSeat(moveFrom(navigation, focusId, event.key));
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      toggle(focusId);
    } else if (event.key === "+" || event.key === "=") {
      event.preventDefault();
      zoom(zoomStep);
    } else if (event.key === "-" || event.key === "_") {
      event.preventDefault();
      zoom(1 / zoomStep);
    } else if (event.key === "0") {
      event.preventDefault();
      setView(bounds);
    }
  }

  // Touch and mouse: one pointer drags the view, two pinch it; a short press is a tap.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: 0, pinchDistance: 0 });

  function planPointAt(clientX: number, clientY: number): [number, number] {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return [view.x, view.y];
    return [
      view.x + ((clientX - box.left) / box.width) * view.width,
      view.y + ((clientY - box.top) / box.height) * view.height,
    ];
  }

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1) gesture.current.moved = 0;
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      gesture.current.pinchDistance = Math.hypot(a.x - b.x, a.y - b.y);
    }
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    const width = svgRef.current?.getBoundingClientRect().width ?? 1;
    if (pointers.current.size === 1) {
      const dx = now.x - previous.x;
      const dy = now.y - previous.y;
      gesture.current.moved += Math.abs(dx) + Math.abs(dy);
      if (gesture.current.moved < dragThresholdPx) return;
      if (!event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      setView((current) => panBy(current, dx, dy, width, bounds));
    } else if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (gesture.current.pinchDistance > 0 && distance > 0) {
        gesture.current.moved += dragThresholdPx;
        zoom(
          distance / gesture.current.pinchDistance,
          planPointAt((a.x + b.x) / 2, (a.y + b.y) / 2),
        );
      }
      gesture.current.pinchDistance = distance;
    }
  }

  function onPointerEnd(event: PointerEvent<SVGSVGElement>) {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) gesture.current.pinchDistance = 0;
  }

  function onSeatClick(placeId: number) {
    // The end of a drag or a pinch is not a choice.
    if (gesture.current.moved >= dragThresholdPx) return;
    setFocusId(placeId);
    toggle(placeId);
  }

  const focused = seatsById.get(focusId);
  const whole = isWholeView(view, bounds);
  const closest = isClosestView(view, bounds);
  const visible = clampView(view, bounds);

  return (
    <div className="seat-map-island">
      <MapControls
        sectorId={sector.sectorId}
        mapId={ids.map}
        whole={whole}
        closest={closest}
        onZoom={zoom}
        onFit={() => setView(bounds)}
      />
      <p id={ids.help} className="text-sm text-stone-700 mb-0">
        {t("checkout:seatMapIsland.help")}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: the map is an SVG; its seats form one labelled group. */}
      <svg
        ref={svgRef}
        id={ids.map}
        className="seat-map-svg"
        viewBox={`${visible.x} ${visible.y} ${visible.width} ${visible.height}`}
        role="group"
        aria-label={t("checkout:seatMapIsland.mapLabel", { sector: sector.sectorName })}
        aria-describedby={ids.help}
        onKeyDown={onKeyDown}
        onFocus={() => setHasFocus(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a drawing with nothing focusable in it; the seats carry the names. */}
        <g aria-hidden="true">
          {sector.stage.points ? (
            <polygon className="seat-map-stage" points={sector.stage.points} />
          ) : null}
          {sector.outlinePoints ? (
            <polygon className="seat-map-outline" points={sector.outlinePoints} />
          ) : null}
          {rows.map((row) => (
            <text
              key={row[0].rowIndex}
              className="seat-map-row-label"
              x={row[0].x - radius * 2.6}
              y={seatsById.get(row[0].placeId)?.y ?? 0}
              fontSize={radius * 1.4}
            >
              {seatsById.get(row[0].placeId)?.row}
            </text>
          ))}
        </g>
        {rows.map((row) => {
          const first = seatsById.get(row[0].placeId) as MapSeat;
          return (
            // biome-ignore lint/a11y/useSemanticElements lint/a11y/noInteractiveElementToNoninteractiveRole: SVG has no fieldset; a row of seats is a named group.
            <g
              key={first.rowIndex}
              role="group"
              aria-label={t("checkout:seatMap.row", { row: first.row })}
            >
              {row.map(({ placeId }) => {
                const seat = seatsById.get(placeId) as MapSeat;
                const state = stateOf(placeId);
                const isChosen = chosen.has(placeId);
                const name = state === seat.state ? seat.name : nameOf({ ...seat, state });
                const look = `seat-map-seat seat-map-${isChosen ? "chosen" : state.toLowerCase()}${seat.restrictedView ? " seat-map-restricted" : ""}`;
                const common = {
                  ref: (element: SVGElement | null) => {
                    if (element) seatRefs.current.set(placeId, element);
                    else seatRefs.current.delete(placeId);
                  },
                  role: "checkbox",
                  "data-place-id": placeId,
                  "aria-label": name,
                  "aria-checked": isChosen || state === "MINE",
                  "aria-disabled": state !== "FREE",
                  tabIndex: placeId === focusId ? 0 : -1,
                  className: look,
                  onClick: () => onSeatClick(placeId),
                };
                return seat.kind === "WHEELCHAIR" ? (
                  <rect
                    key={placeId}
                    {...common}
                    x={seat.x - radius}
                    y={seat.y - radius}
                    width={radius * 2}
                    height={radius * 2}
                    rx={radius * 0.3}
                  />
                ) : (
                  <circle key={placeId} {...common} cx={seat.x} cy={seat.y} r={radius} />
                );
              })}
            </g>
          );
        })}
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: marks drawn over the seats, never focused. */}
        <g aria-hidden="true">
          {chosenSeats.map((seat) => (
            <circle
              key={seat.placeId}
              className="seat-map-chosen-dot"
              cx={seat.x}
              cy={seat.y}
              r={radius * 0.35}
            />
          ))}
          {hasFocus && focused ? (
            <>
              <circle
                className="seat-map-focus-halo"
                cx={focused.x}
                cy={focused.y}
                r={radius * 1.6}
                strokeWidth={radius * 0.9}
              />
              <circle
                className="seat-map-focus"
                cx={focused.x}
                cy={focused.y}
                r={radius * 1.6}
                strokeWidth={radius * 0.45}
              />
            </>
          ) : null}
        </g>
      </svg>
      {[...chosen].map((placeId) => (
        <input key={placeId} type="hidden" name="seat" value={placeId} />
      ))}
      <p id={ids.summary} className="seat-map-summary" aria-live="polite">
        {announcement ? `${announcement} ` : ""}
        {summary}
      </p>
    </div>
  );
}
