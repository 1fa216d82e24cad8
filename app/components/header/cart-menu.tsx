import { Form, Link, useLocation } from "react-router";
import { boxSalePath } from "~/lib/box-office";
import { formatPrice, formatShortDate, formatTime } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { isLocale } from "~/lib/locales";
import type { CartSummary } from "~/services/cart.server";
import { PurchaseClock } from "../purchase-clock";
import { CartIcon } from "./icons";
import { menuGroup } from "./use-menus";

/** The purchase's page: the checkout, or the box office's sale page for a BOX process. */
const saleOf = (cart: CartSummary) =>
  cart.processType === "BOX"
    ? boxSalePath(cart.processId, cart.lines[0]?.performanceId ?? null)
    : `/BuyTicket/${cart.processId}`;

/** The cart icon with the held quantity, its dropdown, and the purchase clock while it runs. */
export function CartMenu({ cart, now }: { cart: CartSummary | null; now?: number }) {
  const { t, i18n } = useTranslation("layout");
  const locale = isLocale(i18n.language) ? i18n.language : "es";
  const count = cart?.quantity ?? 0;
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div className="flex items-center">
      <details data-menu name={menuGroup} className="appbar-menu">
        <summary
          className="appbar-button"
          aria-label={cart ? t("cart.label", { count }) : t("cart.emptyLabel")}
        >
          <CartIcon />
          {cart ? (
            <span className="appbar-badge" aria-hidden="true">
              {count}
            </span>
          ) : null}
        </summary>
        <div className="appbar-panel">
          {cart ? (
            <>
              <p className="font-semibold">{t("cart.heading")}</p>
              <ul className="divide-y divide-stone-200">
                {cart.lines.map((line, index) => (
                  // A process may hold two performances of one show: the position is the key.
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
                  <li key={index} className="py-2">
                    <Link to={saleOf(cart)} className="font-medium">
                      {line.title}
                    </Link>
                    <span className="block text-sm text-stone-600">
                      {line.venue}
                      {line.date
                        ? ` · ${formatShortDate(line.date, locale)} ${formatTime(line.date, locale)}`
                        : null}
                    </span>
                    <span className="block text-sm">
                      {t(line.isProduct ? "cart.products" : "cart.tickets", {
                        count: line.quantity,
                      })}{" "}
                      · {formatPrice(line.total)}
                    </span>
                    <Form method="post" action="/cart">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="idFuncion" value={line.performanceId} />
                      <input type="hidden" name="redirectTo" value={here} />
                      <button
                        type="submit"
                        className="button-link text-sm"
                        aria-label={t("cart.removeLabel", { title: line.title })}
                      >
                        {t("cart.remove")}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
              <div className="flex flex-col gap-2">
                <Link to={saleOf(cart)} className="button-primary">
                  {t("cart.goToCheckout")}
                </Link>
                <Link to="/" className="button-secondary">
                  {t("cart.keepBuying")}
                </Link>
                <Link to="/cancelPurchase" className="button-link">
                  {t("cart.cancel")}
                </Link>
              </div>
            </>
          ) : (
            <>
              <p>{t("cart.empty")}</p>
              <Link to="/" className="button-secondary">
                {t("cart.browse")}
              </Link>
            </>
          )}
        </div>
      </details>
      {cart ? <PurchaseClock deadline={cart.deadline} renderedAt={now} compact announce /> : null}
    </div>
  );
}
