import type { ShowType } from "@contract";
import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import type { CartSummary } from "~/services/cart.server";
import { AccountMenu, type HeaderUser } from "./account-menu";
import { CartMenu } from "./cart-menu";
import { Drawer } from "./drawer";
import { HeaderSearch } from "./header-search";
import { SearchIcon, ShopIcon } from "./icons";
import { categoryHref, shortcutsOf } from "./show-types";
import { menuGroup, useMenus } from "./use-menus";

export type HeaderProps = {
  user: HeaderUser | null;
  cart: CartSummary | null;
  /** Server time of the render, so the clock's first paint matches on both sides. */
  now?: number;
  /** Browsable show types by nOrden (no products). */
  categories: ShowType[];
};

/**
 * The 'Power' app bar: 70 px on phones, 80 px from the desktop breakpoint (lg). Phones get the
 * drawer and a search toggle; desktops get the category shortcuts and the search inline.
 */
export function PowerHeader({ user, cart, now, categories }: HeaderProps) {
  const { t } = useTranslation("layout");
  const brand = useBrand();
  const ref = useRef<HTMLElement>(null);
  useMenus(ref);
  const shortcuts = shortcutsOf(categories, brand.headerShortcutTypes);
  const location = useLocation();
  const current = location.pathname + location.search;
  // A clerk's header is the box office's (§4 header states), with or without a sale running.
  const processType = user?.boxOffice ? "BOX" : cart?.processType;
  return (
    <header ref={ref} className="appbar">
      <div className="appbar-inner">
        <div className="lg:hidden">
          <Drawer user={user} categories={categories} processType={processType} />
        </div>
        <Link to="/" className="appbar-logo" aria-label={t("header.home")}>
          <img src={brand.logo.src} alt="" width={brand.logo.width} height={brand.logo.height} />
          <span className="hidden xl:inline">{brand.name}</span>
        </Link>
        {processType === "BOX" ? (
          <span className="appbar-mode">{t("header.boxOffice")}</span>
        ) : null}
        <nav aria-label={t("header.shortcuts")} className="hidden lg:block">
          <ul className="flex items-center">
            {shortcuts.map((type) => (
              <li key={type.idEspectaculoTipo}>
                <Link
                  to={categoryHref(type.idEspectaculoTipo)}
                  className="appbar-shortcut"
                  aria-current={
                    current === categoryHref(type.idEspectaculoTipo) ? "page" : undefined
                  }
                >
                  {type.cNombre}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch idSuffix="bar" className="hidden lg:flex flex-1 min-w-40 max-w-sm" />
        <div className="ml-auto flex items-center gap-[2px] sm:gap-[4px]">
          <details data-menu name={menuGroup} className="appbar-menu lg:hidden">
            <summary className="appbar-button" aria-label={t("search.toggle")}>
              <SearchIcon />
            </summary>
            <div className="appbar-panel appbar-panel-wide">
              <HeaderSearch idSuffix="mobile" />
            </div>
          </details>
          <Link to="/tienda" className="appbar-button appbar-shop">
            <ShopIcon />
            <span className="appbar-label">{t("header.shop")}</span>
          </Link>
          <CartMenu cart={cart} now={now} />
          <AccountMenu user={user} processType={processType} />
        </div>
      </div>
    </header>
  );
}
