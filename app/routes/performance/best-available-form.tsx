// "N best seats": a quantity and one button, for one numbered sector or the whole hall. The
// API picks them (side by side in one row, nearest the stage's centre); the checkout says so
// when they could not be side by side.
import { Form, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n";

export function BestAvailableForm({
  sector,
  max,
  quantity,
}: {
  /** The sector to choose in; absent: the whole hall. */
  sector?: { id: number; name: string };
  /** Most seats to offer (the purchase limit or what is left). */
  max: number;
  /** What the buyer asked for before a refusal. */
  quantity?: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  if (max < 1) return null;
  const key = sector ? String(sector.id) : "hall";
  const headingId = `best-heading-${key}`;
  const fieldId = `best-quantity-${key}`;
  const chosen = quantity && Number(quantity) >= 1 && Number(quantity) <= max ? quantity : "2";
  return (
    <Form method="post" className="panel best-available" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold mb-2">
        {sector
          ? t("checkout:seatMap.bestInSector", { sector: sector.name })
          : t("checkout:seatMap.bestWholeHall")}
      </h3>
      <input type="hidden" name="intent" value="best" />
      <input type="hidden" name="sector" value={sector?.id ?? ""} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="field mb-0">
          <label htmlFor={fieldId}>{t("checkout:seatMap.bestQuantity")}</label>
          <select id={fieldId} name="quantity" defaultValue={Math.min(Number(chosen), max)}>
            {Array.from({ length: max }, (_, i) => i + 1).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-secondary" disabled={busy}>
          {t("checkout:seatMap.bestSubmit")}
        </button>
      </div>
    </Form>
  );
}
