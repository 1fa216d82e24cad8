// What every header variant is made of: the logo, the box office's mode, the buttons at the
// bar's end (search on phones, shop, cart with its clock, account with the languages) and
// the category links. A variant arranges them (power-header.tsx, tabs-header.tsx).
import type { ShowType } from "@contract";
import { type RefObject, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import type { CartSummary } from "~/services/cart.server";
import { AccountMenu, type HeaderUser } from "./account-menu";
import { CartMenu } from "./cart-menu";
import { HeaderSearch } from "./header-search";
import { SearchIcon, ShopIcon } from "./icons";
import { categoryHref } from "./show-types";
import { menuGroup, useMenus } from "./use-menus";

export type HeaderProps = {
  user: HeaderUser | null;
  cart: CartSummary | null;
  /** Server time of the render, so the clock's first paint matches on both sides. */
  now?: number;
  /** Browsable show types by nOrden (no products). */
  categories: ShowType[];
};

type ProcessType = "CART" | "BOX" | undefined;

/** The header element's ref (its menus close on Escape and navigation) and the mode. */
export function useHeader({ user, cart }: HeaderProps): {
  ref: RefObject<HTMLElement | null>;
  processType: ProcessType;
} {
  const ref = useRef<HTMLElement>(null);
  useMenus(ref);
  // A clerk's header is the box office's (§4 header states), with or without a sale running.
  return { ref, processType: user?.boxOffice ? "BOX" : cart?.processType };
}

/**
 * The logo, back to the billboard. `reloadOnBillboard`: on the billboard itself it loads the
 * page anew (§2: some variants reload there), a plain link without JavaScript.
 */
export function HeaderLogo({ reloadOnBillboard = false }: { reloadOnBillboard?: boolean }) {
  const { t } = useTranslation("layout");
  const brand = useBrand();
  const onBillboard = useLocation().pathname === "/";
  return (
    <Link
      to="/"
      className="appbar-logo"
      aria-label={t("header.home", { name: brand.name })}
      reloadDocument={reloadOnBillboard && onBillboard}
    >
      <img src={brand.logo.src} alt="" width={brand.logo.width} height={brand.logo.height} />
      <span className="hidden xl:inline">{brand.name}</span>
    </Link>
  );
}

export function BoxOfficeMode({ processType }: { processType: ProcessType }) {
  const { t } = useTranslation("layout");
  return processType === "BOX" ? (
    <span className="appbar-mode">{t("header.boxOffice")}</span>
  ) : null;
}

/** The bar's end: search (a toggle on phones), the shop, the cart and the account menu. */
export function HeaderActions({
  user,
  cart,
  now,
  processType,
}: Omit<HeaderProps, "categories"> & { processType: ProcessType }) {
  const { t } = useTranslation("layout");
  return (
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
  );
}

/** Links to some categories' listings, the one shown marked as the current page. */
export function CategoryLinks({
  categories,
  label,
  className,
  linkClassName,
}: {
  categories: ShowType[];
  label: string;
  className?: string;
  linkClassName: string;
}) {
  const location = useLocation();
  const current = location.pathname + location.search;
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex items-center">
        {categories.map((type) => {
          const href = categoryHref(type.idEspectaculoTipo);
          return (
            <li key={type.idEspectaculoTipo}>
              <Link
                to={href}
                className={linkClassName}
                aria-current={current === href ? "page" : undefined}
              >
                {type.cNombre}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
