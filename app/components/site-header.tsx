import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { formatPrice } from "~/lib/format";
import type { CartSummary } from "~/services/cart.server";
import { LanguagePicker } from "./language-picker";
import { PurchaseClock } from "./purchase-clock";

type Props = { user: { name: string } | null; cart: CartSummary | null; now?: number };

/** The 'Power' app bar: 70 px on phones, 80 px on desktop. Menus are <details>: no JS needed. */
export function SiteHeader({ user, cart, now }: Props) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="logo" aria-label={t("header.home")}>
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span className="logo-text">{t("brand.name")}</span>
        </Link>
        <nav aria-label={t("header.navigation")} className="header-actions">
          <Link to="/tienda" className="header-link">
            {t("header.shop")}
          </Link>
          {cart ? (
            <details className="menu">
              <summary
                className="header-link"
                aria-label={t("cart.label", { count: cart.quantity })}
              >
                <CartIcon />
                <span className="badge" aria-hidden="true">
                  {cart.quantity}
                </span>
                <PurchaseClock deadline={cart.deadline} renderedAt={now} compact />
              </summary>
              <div className="menu-panel">
                <ul>
                  {cart.lines.map((line) => (
                    <li key={line.title}>
                      {line.title} × {line.quantity} — {formatPrice(line.total)}
                    </li>
                  ))}
                </ul>
                <Link to={`/BuyTicket/${cart.processId}`} className="button-primary">
                  {t("cart.goToCheckout")}
                </Link>
              </div>
            </details>
          ) : (
            <span className="header-link" title={t("cart.empty")}>
              <CartIcon />
              <span className="sr-only">{t("cart.empty")}</span>
            </span>
          )}
          {user ? (
            <details className="menu">
              <summary className="header-link">{user.name}</summary>
              <div className="menu-panel">
                <ul>
                  <li>
                    <Link to="/myOrders">{t("account.orders")}</Link>
                  </li>
                </ul>
                <Form method="post" action="/logout">
                  <button type="submit" className="button-link">
                    {t("account.signOut")}
                  </button>
                </Form>
                <LanguagePicker idSuffix="account" />
              </div>
            </details>
          ) : (
            <details className="menu">
              <summary className="header-link">{t("header.account")}</summary>
              <div className="menu-panel">
                <ul>
                  <li>
                    <Link to="/login">{t("account.login")}</Link>
                  </li>
                  <li>
                    <Link to="/signUp">{t("account.signUp")}</Link>
                  </li>
                </ul>
                <LanguagePicker idSuffix="guest" />
              </div>
            </details>
          )}
        </nav>
      </div>
    </header>
  );
}

function CartIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2h2.6l.9 2H21l-3.2 8.2a2 2 0 0 1-1.9 1.3H8.4l-.9 1.5h12V17H5l2.1-3.7L3.6 4H3V2Z"
      />
    </svg>
  );
}
