// The sectors in words: name, price, what is left, and how to choose — a link to a numbered
// sector's seats, a quantity field for general admission (one form, one Continue button),
// and the view from the sector where there is one.
import { Form, Link, useNavigation } from "react-router";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { BookingChoice } from "./booking-choice";
import { PriceSwatch, sectorHref, useAvailabilityText } from "./hall-plan";
import type { SectorSummary } from "./page.server";
import { QuantityField } from "./quantity-field";

/** The 360° view from a sector. */
export const sectorViewPath = (performancePath: string, sectorId: number) =>
  `${performancePath}/vista/${sectorId}`;

export function SectorList({
  sectors,
  performancePath,
  quantities,
}: {
  sectors: readonly SectorSummary[];
  performancePath: string;
  /** General-admission quantities sent before a refusal, by field name. */
  quantities?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const availability = useAvailabilityText();
  const busy = useNavigation().state === "submitting";
  const anyGeneral = sectors.some((s) => s.kind === "GENERAL" && s.available > 0);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="places" />
      <ul className="sector-list">
        {sectors.map((sector) => {
          const soldOut = sector.available === 0;
          return (
            <li key={sector.id} id={`sector-${sector.id}`} className="sector-card">
              <h3 className="flex items-center gap-2 text-lg font-semibold mb-1">
                <PriceSwatch band={sector.band} soldOut={soldOut} />
                {sector.name}
              </h3>
              <p className="mb-2">
                {formatPrice(sector.price)} ·{" "}
                {sector.kind === "GENERAL"
                  ? t("checkout:performance.generalAdmission")
                  : t("checkout:performance.numbered")}{" "}
                · {availability(sector.available)}
              </p>
              <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
                {sector.kind === "NUMBERED" && !soldOut ? (
                  <Link to={sectorHref(sector)} className="button-secondary">
                    {t("checkout:seatMap.chooseSeats")}
                    <span className="sr-only">
                      {" "}
                      {t("checkout:seatMap.inSector", { sector: sector.name })}
                    </span>
                  </Link>
                ) : null}
                {sector.kind === "GENERAL" ? (
                  <div className="field mb-0 max-w-40">
                    <QuantityField sector={sector} quantities={quantities} disabled={soldOut} />
                  </div>
                ) : null}
                {sector.hasView ? (
                  <Link to={sectorViewPath(performancePath, sector.id)}>
                    {t("checkout:seatMap.view360")}
                    <span className="sr-only"> ({sector.name})</span>
                  </Link>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {anyGeneral ? (
        <>
          <button type="submit" className="button-primary mt-4" disabled={busy}>
            {t("checkout:performance.continue")}
          </button>
          <BookingChoice />
        </>
      ) : null}
    </Form>
  );
}
