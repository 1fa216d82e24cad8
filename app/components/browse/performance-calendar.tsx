import type { PerformanceSummary } from "@contract";
import { Link } from "react-router";
import { performancePath } from "~/lib/browse-paths";
import {
  addMonths,
  type CalendarSelection,
  type DateKey,
  dayLabel,
  monthGrid,
  monthLabel,
  weekdayNames,
} from "~/lib/calendar";
import { formatDateTime, formatPrice, formatTime } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

type Props = {
  showSeo: string;
  byDay: Map<DateKey, PerformanceSummary[]>;
  selection: CalendarSelection;
  /** Days where some performance is on sale with places left. */
  bookable: ReadonlySet<DateKey>;
};

/**
 * A month table (weekday column headers, one row per week). Days with performances are links
 * to ?fecha=YYYY-MM-DD, which works without JavaScript; with it the page does not reload
 * its data (see the landing's shouldRevalidate) and keeps its scroll position.
 */
export function PerformanceCalendar({ showSeo, byDay, selection, bookable }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { month, months, selected } = selection;
  if (!month) return <p>{t("browse:landing.noPerformances")}</p>;
  const weekdays = weekdayNames(locale);
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  const dayPerformances = selected ? (byDay.get(selected) ?? []) : [];
  const captionId = `calendar-${month}`;
  return (
    <div className="grid lg:grid-cols-[minmax(0,22rem)_1fr] gap-6 items-start">
      <div className="calendar">
        <div className="flex items-center justify-between gap-2 mb-2">
          {months.includes(previous) ? (
            <Link
              to={`?mes=${previous}`}
              replace
              preventScrollReset
              className="calendar-nav"
              aria-label={t("browse:calendar.previousMonth", {
                month: monthLabel(previous, locale),
              })}
            >
              <span aria-hidden="true">‹</span>
            </Link>
          ) : (
            <span className="calendar-nav-placeholder" />
          )}
          <p id={captionId} className="font-semibold first-letter:uppercase mb-0">
            {monthLabel(month, locale)}
          </p>
          {months.includes(next) ? (
            <Link
              to={`?mes=${next}`}
              replace
              preventScrollReset
              className="calendar-nav"
              aria-label={t("browse:calendar.nextMonth", { month: monthLabel(next, locale) })}
            >
              <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className="calendar-nav-placeholder" />
          )}
        </div>
        <table aria-labelledby={captionId} className="w-full table-fixed text-center">
          <thead>
            <tr>
              {weekdays.map((weekday) => (
                <th key={weekday.long} scope="col" abbr={weekday.long} className="calendar-weekday">
                  {weekday.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week) => (
              <tr key={week[0].key}>
                {week.map((cell) => {
                  if (cell.day === null) return <td key={cell.key} />;
                  const performances = byDay.get(cell.key);
                  const isSelected = cell.key === selected;
                  return (
                    <td key={cell.key}>
                      {performances ? (
                        <Link
                          to={`?fecha=${cell.key}`}
                          replace
                          preventScrollReset
                          className={`calendar-day calendar-day-active${bookable.has(cell.key) ? "" : " calendar-day-unavailable"}`}
                          aria-current={isSelected ? "date" : undefined}
                          aria-label={t("browse:calendar.dayWithPerformances", {
                            date: dayLabel(cell.key, locale),
                            count: performances.length,
                          })}
                        >
                          {cell.day}
                        </Link>
                      ) : (
                        <span className="calendar-day">{cell.day}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-stone-600 mt-2">{t("browse:calendar.hint")}</p>
      </div>

      <section aria-labelledby="day-heading">
        <h3 id="day-heading" className="text-lg font-semibold mb-3 first-letter:uppercase">
          {selected
            ? t("browse:calendar.dayHeading", { date: dayLabel(selected, locale) })
            : t("browse:calendar.chooseDay")}
        </h3>
        <p role="status" className="sr-only">
          {selected
            ? t("browse:calendar.dayStatus", {
                count: dayPerformances.length,
                date: dayLabel(selected, locale),
              })
            : ""}
        </p>
        {selected && dayPerformances.length === 0 ? (
          <p>{t("browse:calendar.noneThisDay")}</p>
        ) : null}
        <ul className="flex flex-col gap-2">
          {dayPerformances.map((performance) => {
            const when = formatDateTime(performance.oFuncionFecha.dFecha, locale);
            return (
              <li key={performance.idFuncion} className="performance-row">
                <div className="flex flex-col">
                  <span className="font-semibold text-lg">
                    {formatTime(performance.oFuncionFecha.dFecha, locale)}
                  </span>
                  {performance.fPrecioDesde !== null && performance.cEstado === "ON_SALE" ? (
                    <span className="text-sm">
                      {t("browse:show.priceFrom", { price: formatPrice(performance.fPrecioDesde) })}
                    </span>
                  ) : null}
                </div>
                {performance.cEstado === "CANCELLED" ? (
                  <span className="state-badge state-badge-muted">
                    {t("browse:show.cancelled")}
                  </span>
                ) : performance.lAgotado ? (
                  <span className="state-badge state-badge-alert">{t("browse:show.soldOut")}</span>
                ) : (
                  <div className="flex items-center gap-3">
                    {performance.nDisponibles <= 20 ? (
                      <span className="text-sm text-alert font-medium">
                        {t("browse:calendar.fewLeft", { count: performance.nDisponibles })}
                      </span>
                    ) : null}
                    <Link
                      to={performancePath(showSeo, performance.idFuncion)}
                      className="button-primary"
                      aria-label={t("browse:landing.buyFor", { date: when })}
                    >
                      {t("browse:landing.buy")}
                    </Link>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
