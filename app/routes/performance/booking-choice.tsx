// "Book and pay later" inside a form that picks places: the booking conditions (a disclosure
// with their text), the checkbox that accepts them and a Book button. The form's places are
// then booked instead of bought (booking.server.ts); a box-office clerk books for a buyer,
// named here. Plain form fields: it works the same without JavaScript. Not shown when the
// performance is too near (or bookings are off): the API would refuse.
import { useId } from "react";
import { useLoaderData, useNavigation, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { loader as rootLoader } from "~/root";
import type { loader as performanceLoader } from "./route";

export function BookingChoice() {
  const { t } = useTranslation();
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const forCounter = useRouteLoaderData<typeof rootLoader>("root")?.user?.boxOffice === true;
  const conditions = t("checkout:booking.conditions", { returnObjects: true }) as unknown;
  const paragraphs = Array.isArray(conditions) ? conditions.map(String) : [];
  if (!useLoaderData<typeof performanceLoader>().bookable) return null;
  return (
    <fieldset className="panel mt-4 min-w-0" aria-describedby={`${id}-explain`}>
      <legend className="font-semibold">{t("checkout:booking.legend")}</legend>
      <p id={`${id}-explain`} className="text-sm">
        {t("checkout:booking.explain")}
      </p>
      <details className="mb-3">
        <summary>{t("checkout:booking.conditionsTitle")}</summary>
        <div id={`${id}-conditions`}>
          {paragraphs.map((text) => (
            <p key={text} className="text-sm">
              {text}
            </p>
          ))}
        </div>
      </details>
      {forCounter ? (
        <div className="flex flex-wrap gap-x-4">
          <div className="field">
            <label htmlFor={`${id}-name`}>{t("checkout:booking.buyerName")}</label>
            <input
              id={`${id}-name`}
              name="bookingBuyerName"
              type="text"
              autoComplete="off"
              maxLength={120}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>{t("checkout:booking.buyerEmail")}</label>
            <input id={`${id}-email`} name="bookingBuyerEmail" type="email" autoComplete="off" />
          </div>
        </div>
      ) : null}
      <label className="choice-check mb-3">
        <input
          type="checkbox"
          name="acceptBookingConditions"
          aria-describedby={`${id}-conditions`}
        />
        {t("checkout:booking.accept")}
      </label>
      <button
        type="submit"
        name="booking"
        value="book"
        className="button-secondary"
        disabled={busy}
      >
        {t("checkout:booking.submit")}
      </button>
    </fieldset>
  );
}
