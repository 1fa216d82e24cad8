// Under a held performance: move the seats of one sector to another sector of it. A plain
// form (no JavaScript needed); a refusal (no room left there, the cart ended) is shown above
// the control and takes the focus.
import { Form } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { moveKey, type SectorMove } from "./sector-moves";

export function ChangeSectorForm({ move, error }: { move: SectorMove; error?: string }) {
  const { t } = useTranslation();
  const id = `change-sector-${moveKey(move)}`;
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
      {error ? (
        <div className="basis-full">
          <ErrorSummary id={`${id}-error`} messages={[error]} attempt={error} />
        </div>
      ) : null}
      <input type="hidden" name="idFuncion" value={move.idFuncion} />
      <input type="hidden" name="idSectorOrigen" value={move.idSectorOrigen} />
      <label className="flex flex-col gap-1">
        {t("checkout:changeSector.label", { count: move.nCantidad, sector: move.cSectorNombre })}
        <select id={id} name="idSector">
          {move.opciones.map((option) => (
            <option key={option.idSector} value={option.idSector}>
              {t("checkout:changeSector.option", {
                sector: option.cNombre,
                price: formatPrice(option.fPrecio),
              })}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" name="intent" value="changeSector" className="button-secondary">
        {t("checkout:changeSector.submit")}
      </button>
    </Form>
  );
}
