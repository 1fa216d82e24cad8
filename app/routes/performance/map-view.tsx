// The page with the map: the list alternative offered first, the whole hall and its legend,
// the sectors, the best seats of the whole hall, then the chosen numbered sector's seats.
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { SeatMapIsland } from "~/components/seat-map/island";
import type { SeatMapSector } from "~/components/seat-map/types";
import { performancePath } from "~/lib/browse-paths";
import { useTranslation } from "~/lib/i18n";
import { maxPlacesPerPurchase } from "~/lib/purchase-limits";
import type { ChosenValues } from "./actions.server";
import { BestAvailableForm } from "./best-available-form";
import { BookingChoice } from "./booking-choice";
import { HallPlan, Legend } from "./hall-plan";
import type { PerformancePage, SeatGridPages } from "./page.server";
import { wholeHallQuery } from "./remembered-sectors";
import { SeatGrid } from "./seat-grid";
import { SectorList, sectorViewPath } from "./sector-list";

/** The list alternative, offered before any map: first for screen readers, big on phones. */
export function ListOffer({ sectorId }: { sectorId?: number }) {
  const { t } = useTranslation();
  const to = sectorId ? `?vista=lista&sector=${sectorId}` : "?vista=lista";
  return (
    <p className="list-offer">
      <Link to={to} className="button-secondary">
        {t("checkout:seatMap.chooseFromList")}
      </Link>
    </p>
  );
}

export function MapView({
  page,
  sector,
  values,
}: {
  page: PerformancePage;
  sector: SeatMapSector | null;
  values?: ChosenValues;
}) {
  const { t } = useTranslation();
  const numberedLeft = page.sectors
    .filter((s) => s.kind === "NUMBERED")
    .reduce((sum, s) => sum + s.available, 0);
  const basePath = performancePath(page.showSeo, page.performanceId);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="hall-heading">
        <h2 id="hall-heading">{t("checkout:seatMap.hallHeading")}</h2>
        {numberedLeft > 0 ? <ListOffer /> : null}
        {page.plan ? (
          <HallPlan plan={page.plan} sectors={page.sectors} venueName={page.venueName} />
        ) : (
          <p>{t("checkout:seatMap.noPlan")}</p>
        )}
        <Legend sectors={page.sectors} />
      </section>

      <section aria-labelledby="sectors-heading">
        <h2 id="sectors-heading">{t("checkout:seatMap.sectorsHeading")}</h2>
        <SectorList
          sectors={page.sectors}
          performancePath={basePath}
          quantities={values?.quantities}
        />
      </section>

      {numberedLeft > 0 ? (
        <section aria-labelledby="best-heading">
          <h2 id="best-heading">{t("checkout:seatMap.bestHeading")}</h2>
          <BestAvailableForm
            max={Math.min(maxPlacesPerPurchase, numberedLeft)}
            quantity={
              values?.intent === "best" && values.sector === "" ? values.quantity : undefined
            }
          />
        </section>
      ) : null}

      {sector ? (
        <ChosenSector
          sector={sector}
          grid={page.seatGrid ?? undefined}
          available={page.sectors.find((s) => s.id === sector.sectorId)?.available ?? 0}
          viewPath={
            page.sectors.find((s) => s.id === sector.sectorId)?.hasView
              ? sectorViewPath(basePath, sector.sectorId)
              : null
          }
          quantity={
            values?.intent === "best" && values.sector === String(sector.sectorId)
              ? values.quantity
              : undefined
          }
        />
      ) : null}
    </div>
  );
}

function ChosenSector({
  sector,
  grid,
  available,
  viewPath,
  quantity,
}: {
  sector: SeatMapSector;
  grid?: SeatGridPages;
  available: number;
  viewPath: string | null;
  quantity?: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const heading = useFocusOnArrival("#seats");
  return (
    <section id="seats" aria-labelledby="seats-heading" className="flex flex-col gap-4">
      <h2 id="seats-heading" className="mb-0" tabIndex={-1} ref={heading}>
        {t("checkout:seatMap.seatsHeading", { sector: sector.sectorName })}
      </h2>
      {available > 0 ? <ListOffer sectorId={sector.sectorId} /> : null}
      {viewPath ? (
        <p className="mb-0">
          <Link to={viewPath}>
            {t("checkout:seatMap.view360")}
            <span className="sr-only"> ({sector.sectorName})</span>
          </Link>
        </p>
      ) : null}
      <BestAvailableForm
        sector={{ id: sector.sectorId, name: sector.sectorName }}
        max={Math.min(maxPlacesPerPurchase, available)}
        quantity={quantity}
      />
      <Form method="post" className="flex flex-col gap-3" aria-labelledby="seats-heading">
        <input type="hidden" name="intent" value="places" />
        <p className="text-sm text-stone-700 mb-0">{t("checkout:seatMap.seatsHelp")}</p>
        {/* With JavaScript the drawn map replaces the grid once hydrated; same `seat` fields. */}
        <ClientOnly fallback={<SeatGrid sector={sector} grid={grid} />}>
          {() => <SeatMapIsland sector={sector} />}
        </ClientOnly>
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            {t("checkout:seatMap.buySeats")}
          </button>
        </div>
        <BookingChoice />
      </Form>
      <p>
        {/* The whole hall, chosen: the page forgets the sector it would reopen on. */}
        <Link to={`${wholeHallQuery}#hall-heading`}>{t("checkout:seatMap.backToHall")}</Link>
      </p>
    </section>
  );
}

/**
 * A sector's link (`?sector=…#seats`, from the hall or the list) lands on its seats: with
 * JavaScript the focus moves to their heading, as a new page's focus moves to its <h1>
 * (RouteAnnouncer), instead of staying on the page. Without JavaScript the fragment is where
 * the next Tab starts from.
 */
function useFocusOnArrival(fragment: string) {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (location key) counts
  useEffect(() => {
    if (location.hash === fragment) heading.current?.focus();
  }, [location.key, fragment]);
  return heading;
}
