// The checkout's left column: the held places per performance (a product shows its
// quantity and no date, §3), each with its release button (and, for numbered seats, a
// change of sector), the totals, and cancel.
import type { PurchaseProcess } from "@contract";
import { Form, Link } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { OrderTotals } from "~/components/order-totals";
import { isProduct } from "~/lib/browse-paths";
import {
  type CheckoutAmounts,
  checkoutAmounts,
  unpaidPurchaseTotals,
} from "~/lib/checkout-amounts";
import { distinctParts } from "~/lib/distinct-parts";
import { formatDateTime, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { ChangeSectorForm } from "./change-sector-form";
import { type ChangeSectorRefusal, moveKey, type SectorMove } from "./sector-moves";

/** "Tickets", "Products", or "Subtotal" when the purchase holds both. */
function subtotalLabel(process: PurchaseProcess) {
  const products = process.listaFuncion.filter((line) => isProduct(line.oEspectaculo)).length;
  if (products === 0) return "checkout:subtotal";
  return products === process.listaFuncion.length
    ? "checkout:subtotalProducts"
    : "checkout:subtotalMixed";
}

export function HeldPlaces({
  process,
  amounts = checkoutAmounts(process, undefined),
  asOrder = false,
  sectorMoves,
  moveRefused,
}: {
  process: PurchaseProcess;
  /** The totals as the Pay button says them (checkout-amounts.ts); else the process's own. */
  amounts?: CheckoutAmounts;
  /** Its totals as an order's, every §3 line (the box office's sale, which has no delivery choice). */
  asOrder?: boolean;
  sectorMoves: SectorMove[];
  moveRefused?: ChangeSectorRefusal["changeSector"];
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  // A refusal whose form is gone (its seats or their sector changed meanwhile) shows on top.
  const orphanRefusal =
    moveRefused && !sectorMoves.some((move) => moveKey(move) === moveRefused.key)
      ? moveRefused.message
      : undefined;
  return (
    <>
      {orphanRefusal ? (
        <ErrorSummary id="change-sector-error" messages={[orphanRefusal]} attempt={moveRefused} />
      ) : null}
      {process.listaFuncion.length === 0 ? <p>{t("checkout:empty")}</p> : null}
      {process.listaFuncion.map((line) => (
        <article
          key={line.idFuncion}
          className="bg-white border border-stone-200 rounded-xl p-4 mb-3"
        >
          <h2 className="mb-1">{line.oEspectaculo.cEspectaculoCartelNombre}</h2>
          {/* A product (§3) shows 'Cantidad' instead of tickets, and no date. */}
          {isProduct(line.oEspectaculo) ? (
            <p className="my-2">{line.oEspectaculo.cEstablecimientoNombre}</p>
          ) : (
            <>
              <p>
                {formatDateTime(line.oFuncionFecha.dFecha, locale)} —{" "}
                {line.oEspectaculo.cEstablecimientoNombre}
              </p>
              <ul className="my-2">
                {line.listaPosiciones.map((place) => (
                  <li key={place.idPosicion}>
                    {/* A general sector named "Entrada general" says so once. */}
                    {distinctParts([
                      place.cSectorNombre,
                      place.cTipo === "NUMBERED"
                        ? t("checkout:seat", { row: place.cFila, number: place.nNumero })
                        : t("checkout:performance.generalAdmission"),
                    ]).join(" · ")}{" "}
                    · {formatPrice(place.fPrecio)}
                    {place.cPromocionNombre ? (
                      <>
                        {" "}
                        ·{" "}
                        {t("checkout:promotions.ticketPromotion", {
                          name: place.cPromocionNombre,
                          discount: formatPrice(place.fDescuento),
                        })}
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
              {sectorMoves
                .filter((move) => move.idFuncion === line.idFuncion)
                .map((move) => (
                  <ChangeSectorForm
                    key={moveKey(move)}
                    move={move}
                    error={moveRefused?.key === moveKey(move) ? moveRefused.message : undefined}
                  />
                ))}
            </>
          )}
          <p className="font-semibold">
            {isProduct(line.oEspectaculo)
              ? t("checkout:quantity", { count: line.nCantidadPosiciones })
              : t("checkout:tickets", { count: line.nCantidadPosiciones })}{" "}
            · {formatPrice(line.fPrecioTotalFinal)}
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="idFuncion" value={line.idFuncion} />
            <button type="submit" name="intent" value="release" className="button-link">
              {isProduct(line.oEspectaculo) ? t("checkout:releaseProduct") : t("checkout:release")}
            </button>
          </Form>
        </article>
      ))}
      {process.listaFuncion.some((line) => !isProduct(line.oEspectaculo)) ? (
        <p className="mb-3">
          <Link to="/promocion" className="button-secondary">
            {t("checkout:promotions.choose")}
          </Link>
        </p>
      ) : null}
      {asOrder ? (
        <OrderTotals
          totals={unpaidPurchaseTotals(process)}
          id="held-places"
          level={2}
          shows={process.listaFuncion.map((line) => line.oEspectaculo)}
        />
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 max-w-sm">
          <dt>{t(subtotalLabel(process))}</dt>
          <dd>{formatPrice(amounts.subtotal)}</dd>
          {amounts.discount > 0 ? (
            <>
              <dt>{t("checkout:promotions.discount")}</dt>
              <dd>−{formatPrice(amounts.discount)}</dd>
            </>
          ) : null}
          <dt>{t("checkout:serviceCharge")}</dt>
          <dd>{formatPrice(amounts.serviceCharge)}</dd>
          <dt>{t("checkout:deliveryFee")}</dt>
          <dd>{formatPrice(amounts.deliveryFee)}</dd>
          <dt className="font-bold">{t("checkout:total")}</dt>
          <dd className="font-bold">{formatPrice(amounts.total)}</dd>
        </dl>
      )}
      {/* mb-6: the button keeps clear of the next heading (the products). */}
      <p className="mt-4 mb-6">
        <Link to="/cancelPurchase" className="button-secondary">
          {t("checkout:cancel")}
        </Link>
      </p>
    </>
  );
}
