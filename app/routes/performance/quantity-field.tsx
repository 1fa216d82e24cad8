// How many places of a general-admission sector the buyer wants (its field is qty-{sector}),
// up to what one purchase may hold and what the sector has left. Its label names the sector
// to a screen reader, as several such fields share one form.
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "~/lib/i18n";
import { maxPlacesPerPurchase } from "~/lib/purchase-limits";

export function QuantityField({
  sector,
  quantities,
  ...input
}: {
  sector: { id: number; name: string; available: number };
  /** General-admission quantities sent before a refusal, by field name. */
  quantities?: Record<string, string>;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "className" | "disabled" | "aria-describedby">) {
  const { t } = useTranslation();
  const inputId = quantityFieldName(sector.id);
  return (
    <>
      <label htmlFor={inputId}>
        {t("checkout:performance.quantity")}
        <span className="sr-only"> {t("checkout:seatMap.inSector", { sector: sector.name })}</span>
      </label>
      <input
        id={inputId}
        name={inputId}
        type="number"
        inputMode="numeric"
        min={0}
        max={Math.min(maxPlacesPerPurchase, sector.available)}
        defaultValue={quantities?.[inputId] ?? "0"}
        {...input}
      />
    </>
  );
}

/** The quantity field's name (and id) for a sector. */
export const quantityFieldName = (sectorId: number) => `qty-${sectorId}`;
