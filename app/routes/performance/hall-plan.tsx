// The whole hall as a drawing: the stage with its name, every sector's outline coloured by
// its price band (hatched grey when sold out) with its name, each a link to its seats (or
// to its quantity field) named "Platea, $ 8.000, 120 available". And its legend.
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { HallPlan as Plan, SectorSummary } from "./page.server";
import { bandColour, soldOutColours } from "./price-bands";

/** Where a sector's seats (numbered) or its quantity field (general admission) are. */
export const sectorHref = (sector: Pick<SectorSummary, "id" | "kind">) =>
  sector.kind === "NUMBERED" ? `?sector=${sector.id}#seats` : `#sector-${sector.id}`;

/** "120 available" or "sold out". */
export function useAvailabilityText() {
  const { t } = useTranslation();
  return (available: number) =>
    available > 0
      ? t("checkout:performance.available", { count: available })
      : t("checkout:seatMap.soldOut");
}

const hatchId = "sold-out-hatch";

export function HallPlan({
  plan,
  sectors,
  venueName,
}: {
  plan: Plan;
  sectors: readonly SectorSummary[];
  venueName: string;
}) {
  const { t } = useTranslation();
  const availability = useAvailabilityText();
  // Text sized to the drawing, whatever its units.
  const fontSize = Math.max(plan.width, plan.height) / 32;
  const [stageX, stageY] = plan.stage.centre;
  return (
    <svg
      className="hall-plan"
      viewBox={`0 0 ${plan.width} ${plan.height}`}
      aria-labelledby="hall-plan-title"
      fontSize={fontSize}
    >
      <title id="hall-plan-title">{t("checkout:seatMap.hallPlan", { venue: venueName })}</title>
      <defs>
        <pattern
          id={hatchId}
          width={fontSize / 2}
          height={fontSize / 2}
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width={fontSize / 2} height={fontSize / 2} fill={soldOutColours.fill} />
          <line y2={fontSize / 2} stroke={soldOutColours.stroke} strokeWidth={fontSize / 8} />
        </pattern>
      </defs>
      <polygon points={plan.stage.points} className="hall-stage" />
      <text x={stageX} y={stageY} className="hall-stage-name">
        {plan.stage.name}
      </text>
      {plan.sectors.map((drawn) => {
        const sector = sectors.find((s) => s.id === drawn.sectorId);
        const soldOut = !sector || sector.available === 0;
        const colour = soldOut ? soldOutColours : bandColour(sector.band);
        const shape = (
          <>
            <polygon
              points={drawn.points}
              fill={soldOut ? `url(#${hatchId})` : colour.fill}
              stroke={colour.stroke}
              className="hall-sector-shape"
            />
            <text x={drawn.labelX} y={drawn.labelY} className="hall-sector-name">
              {drawn.name}
            </text>
          </>
        );
        if (!sector) {
          return (
            <g key={drawn.hallSectorId}>
              <title>{`${drawn.name}, ${t("checkout:seatMap.notOnSale")}`}</title>
              {shape}
            </g>
          );
        }
        return (
          <a
            key={drawn.hallSectorId}
            href={sectorHref(sector)}
            aria-label={t("checkout:seatMap.sectorLink", {
              sector: sector.name,
              price: formatPrice(sector.price),
              availability: availability(sector.available),
            })}
          >
            {shape}
          </a>
        );
      })}
    </svg>
  );
}

/** A small square in a sector's colours, as on the plan. */
export function PriceSwatch({ band, soldOut = false }: { band: number; soldOut?: boolean }) {
  if (soldOut) return <span aria-hidden="true" className="price-swatch price-swatch-sold-out" />;
  // Drawn, not styled: the policy allows no style attributes, and SVG paints by attribute.
  const colour = bandColour(band);
  return (
    <svg aria-hidden="true" className="price-swatch-drawn" viewBox="0 0 16 16">
      <rect
        x="1"
        y="1"
        width="14"
        height="14"
        rx="2"
        fill={colour.fill}
        stroke={colour.stroke}
        strokeWidth="2"
      />
    </svg>
  );
}

/** What the colours and the seats' looks mean. */
export function Legend({ sectors }: { sectors: readonly SectorSummary[] }) {
  const { t } = useTranslation();
  const bands = [...new Map(sectors.map((s) => [s.band, s.price])).entries()].sort(
    (a, b) => a[0] - b[0],
  );
  const seatLooks = [
    { className: "seat-free", label: t("checkout:seatMap.state.FREE"), mark: "" },
    { className: "seat-taken", label: t("checkout:seatMap.state.TAKEN"), mark: "" },
    { className: "seat-chosen", label: t("checkout:seatMap.legendChosen"), mark: "" },
    { className: "seat-wheelchair", label: t("checkout:seatMap.kind.WHEELCHAIR"), mark: "♿" },
    { className: "seat-restricted", label: t("checkout:seatMap.restrictedView"), mark: "" },
  ];
  return (
    <div className="hall-legend">
      <h3 className="text-base font-semibold mb-1">{t("checkout:seatMap.legendHeading")}</h3>
      <div className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <p className="font-medium mb-1">{t("checkout:seatMap.legendPrices")}</p>
          <ul className="legend-list">
            {bands.map(([band, price]) => (
              <li key={band}>
                <PriceSwatch band={band} /> {formatPrice(price)}
              </li>
            ))}
            <li>
              <PriceSwatch band={0} soldOut /> {t("checkout:seatMap.legendSoldOut")}
            </li>
          </ul>
        </div>
        <div>
          <p className="font-medium mb-1">{t("checkout:seatMap.legendSeats")}</p>
          <ul className="legend-list">
            {seatLooks.map((look) => (
              <li key={look.className}>
                <span className={`seat-look ${look.className}`} aria-hidden="true">
                  {look.mark}
                </span>{" "}
                {look.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
