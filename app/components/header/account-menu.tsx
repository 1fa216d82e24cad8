import { Form, Link, useLocation } from "react-router";
import { brand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import { LanguagePicker } from "../language-picker";
import { accountItems } from "./account-items";
import { ChevronIcon, UserIcon } from "./icons";
import { menuGroup } from "./use-menus";

export type HeaderUser = { name: string; hasAlias: boolean };

/** Where the login and sign-up links come back to: the page the visitor is on. */
export function useLoginLinks() {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  if (pathname === "/" || pathname === "/login" || pathname === "/signUp") {
    return { login: "/login", signUp: "/signUp" };
  }
  const back = `?redirectTo=${encodeURIComponent(here)}`;
  return { login: `/login${back}`, signUp: `/signUp${back}` };
}

/** Account pages and Sign Out, shared by the account menu and the drawer. */
export function AccountLinks({
  user,
  processType,
}: {
  user: HeaderUser;
  processType?: "CART" | "BOX";
}) {
  const { t } = useTranslation("layout");
  const items = accountItems({
    loginSystem: brand.flags.loginSystem,
    hasAlias: user.hasAlias,
    processType,
  });
  return (
    <>
      <ul className="menu-list">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.href} className="menu-item">
              {t(`account.${item.key}`)}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="post" action="/logout" className="border-t border-stone-200 pt-2">
        <button type="submit" className="menu-item w-full text-left">
          {t("account.signOut")}
        </button>
      </Form>
    </>
  );
}

export function GuestLinks() {
  const { t } = useTranslation("layout");
  const links = useLoginLinks();
  return (
    <ul className="menu-list">
      <li>
        <Link to={links.login} className="menu-item">
          {t("account.login")}
        </Link>
      </li>
      <li>
        <Link to={links.signUp} className="menu-item">
          {t("account.signUp")}
        </Link>
      </li>
    </ul>
  );
}

/** Logged out: log in, sign up and languages. Logged in: cNombre and the account menu. */
export function AccountMenu({
  user,
  processType,
}: {
  user: HeaderUser | null;
  processType?: "CART" | "BOX";
}) {
  const { t } = useTranslation("layout");
  return (
    <details data-menu name={menuGroup} className="appbar-menu">
      <summary className="appbar-button">
        <UserIcon />
        {user ? (
          <span className="appbar-label max-w-36 truncate">
            <span className="sr-only">{t("account.menuFor")} </span>
            {user.name}
          </span>
        ) : (
          <span className="appbar-label">{t("account.enter")}</span>
        )}
        <ChevronIcon />
      </summary>
      <div className="appbar-panel">
        {user ? <AccountLinks user={user} processType={processType} /> : <GuestLinks />}
        <LanguagePicker />
      </div>
    </details>
  );
}
