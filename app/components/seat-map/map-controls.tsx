// What sits above the drawn seats: the list, then the zoom buttons. Seats drawn this small on
// a phone (5 to 7 px across the whole sector) are hard to hit: the list is the equivalent
// control WCAG 2.5.8 allows, so it comes first, beside the zoom buttons and before any seat in
// the Tab order; zoomed in all the way, every seat is 24 px or more (seat-map-island.spec.ts).
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";

/** Each zoom button press (or + and − key) brings the map this many times closer or further. */
export const zoomStep = 1.5;

export function MapControls({
  sectorId,
  mapId,
  whole,
  closest,
  onZoom,
  onFit,
}: {
  sectorId: number;
  mapId: string;
  /** The whole sector is in view: nothing to zoom out to. */
  whole: boolean;
  /** As close as the map zooms: the zoom-in button stays focusable but does nothing more. */
  closest: boolean;
  onZoom: (factor: number) => void;
  onFit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="seat-map-controls">
      <Link to={`?vista=lista&sector=${sectorId}`} className="button-secondary">
        {t("checkout:seatMap.chooseFromList")}
      </Link>
      <div
        className="seat-map-toolbar"
        role="toolbar"
        aria-label={t("checkout:seatMapIsland.zoomTools")}
        aria-controls={mapId}
      >
        <button
          type="button"
          className="button-secondary"
          onClick={() => onZoom(zoomStep)}
          aria-disabled={closest}
        >
          <span aria-hidden="true">+</span>
          <span className="sr-only">{t("checkout:seatMapIsland.zoomIn")}</span>
        </button>
        <button
          type="button"
          className="button-secondary"
          onClick={() => onZoom(1 / zoomStep)}
          disabled={whole}
        >
          <span aria-hidden="true">−</span>
          <span className="sr-only">{t("checkout:seatMapIsland.zoomOut")}</span>
        </button>
        <button type="button" className="button-secondary" onClick={onFit} disabled={whole}>
          {t("checkout:seatMapIsland.fit")}
        </button>
      </div>
    </div>
  );
}
