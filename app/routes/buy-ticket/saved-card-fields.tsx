// The buyer's saved cards on the checkout (issue 32): one of them, paid by its alias without
// typing it, or a new card (the card fields). With JavaScript the card fields give way while
// a saved card is chosen; without, both stay and the action reads the choice. The installments
// are the ones the payment method takes; the API checks them again.
import { useTranslation } from "~/lib/i18n";
import { savedCardExpiry, savedCardLabel } from "~/lib/saved-card-label";
import type { SavedCard } from "~/services/saved-cards.server";

/** The field of the choice: an alias token, or empty for a new card. */
export const savedCardField = "cTarjetaGuardada";
export const savedCardInstallmentsField = "nCuotasTarjetaGuardada";

export function SavedCardFields({
  cards,
  chosen,
  onChoose,
  installments,
  showInstallments,
  error,
}: {
  cards: SavedCard[];
  /** The alias chosen, "" for a new card. */
  chosen: string;
  onChoose: (alias: string) => void;
  /** What the chosen payment method takes. */
  installments: number[];
  showInstallments: boolean;
  /** Why the last try with a saved card was refused (a card deleted meanwhile). */
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset
        className="mb-4"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "saved-card-error" : undefined}
      >
        <legend className="font-semibold mb-1">{t("checkout:savedCards.legend")}</legend>
        {cards.map((card) => (
          <label key={card.aliasToken} className="flex gap-2 items-start py-1">
            <input
              type="radio"
              name={savedCardField}
              value={card.aliasToken}
              defaultChecked={chosen === card.aliasToken}
              onChange={() => onChoose(card.aliasToken)}
              className="mt-1"
            />
            <span>
              {savedCardLabel(t, card)}
              <span className="block text-sm text-stone-600">
                {savedCardExpiry(t, card)} · {t(`account:cards.kind.${card.kind}`)}
              </span>
            </span>
          </label>
        ))}
        <label className="flex gap-2 items-start py-1">
          <input
            type="radio"
            name={savedCardField}
            value=""
            defaultChecked={chosen === ""}
            onChange={() => onChoose("")}
            className="mt-1"
          />
          <span>{t("checkout:savedCards.newCard")}</span>
        </label>
        {error ? (
          <p id="saved-card-error" className="field-error">
            {error}
          </p>
        ) : null}
      </fieldset>
      {showInstallments ? (
        <div className="field">
          <label htmlFor="saved-card-installments">{t("checkout:savedCards.installments")}</label>
          <select id="saved-card-installments" name={savedCardInstallmentsField} defaultValue="1">
            {installments.map((count) => (
              <option key={count} value={count}>
                {count === 1
                  ? t("checkout:savedCards.onePayment")
                  : t("checkout:savedCards.payments", { count })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
