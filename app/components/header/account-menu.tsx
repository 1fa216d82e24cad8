import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { loader as rootLoader } from "~/root";
import type { LoginView } from "~/services/external-login.server";
import { LanguagePicker } from "../language-picker";
import { accountItems, withBackUrl } from "./account-items";
import { ChevronIcon, UserIcon } from "./icons";
import { menuGroup } from "./use-menus";

/**
 * boxOffice: a box-office clerk, whose header is in BOX mode whatever is running; door: door
 * staff, offered the door check.
 */
export type HeaderUser = { name: string; hasAlias: boolean; boxOffice?: boolean; door?: boolean };

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

/** The login system the server runs (LOGIN_MODE): own, or the city's external login. */
export function useLoginView(): LoginView {
  return useRouteLoaderData<typeof rootLoader>("root")?.login ?? { mode: "own" };
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
  const login = useLoginView();
  const { pathname, search } = useLocation();
  const items = accountItems({
    loginSystem: login.mode,
    hasAlias: user.hasAlias,
    doorStaff: user.door === true,
    processType,
    externalAccountUrl:
      login.mode === "external"
        ? withBackUrl(login.accountUrl, `${login.shopOrigin}${pathname}${search}`)
        : undefined,
  });
  return (
    <>
      <ul className="menu-list">
        {items.map((item) => (
          <li key={item.key}>
            {item.external ? (
              <a href={item.href} className="menu-item">
                {t("externalLogin.myData")}
              </a>
            ) : (
              <Link to={item.href} className="menu-item" reloadDocument={item.document}>
                {t(`account.${item.key}`)}
              </Link>
            )}
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

/** With the city's login: one button to its login page (none in BOX mode). */
export function ExternalLoginButton({
  processType,
  className,
}: {
  processType?: "CART" | "BOX";
  className: string;
}) {
  const { t } = useTranslation("layout");
  const links = useLoginLinks();
  if (processType === "BOX") return null;
  return (
    <Link to={links.login} className={className}>
      {t("externalLogin.button")}
    </Link>
  );
}

export function GuestLinks({ processType }: { processType?: "CART" | "BOX" }) {
  const { t } = useTranslation("layout");
  const links = useLoginLinks();
  if (useLoginView().mode === "external") {
    return <ExternalLoginButton processType={processType} className="menu-item" />;
  }
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
  const external = useLoginView().mode === "external";
  if (external && !user) {
    // The login button instead of the login / sign-up menu; the languages stay in a menu.
    return (
      <>
        <ExternalLoginButton processType={processType} className="appbar-button appbar-login" />
        <details data-menu name={menuGroup} className="appbar-menu">
          <summary className="appbar-button">
            <span className="appbar-label">{t("externalLogin.languages")}</span>
            <ChevronIcon />
          </summary>
          <div className="appbar-panel">
            <LanguagePicker />
          </div>
        </details>
      </>
    );
  }
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
