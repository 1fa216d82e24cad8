// What every header variant is made of: the bar with the drawer (phones), the logo, the box
// office's mode and the buttons at its end (search on phones, shop, cart with its clock,
// account with the languages), and the category links. A variant puts its own parts in the
// bar and under it (power-header.tsx, tabs-header.tsx).
import type { ShowType } from "@contract";
import { type ReactNode, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import type { CartSummary } from "~/services/cart.server";
import { AccountMenu, type HeaderUser } from "./account-menu";
import { CartMenu } from "./cart-menu";
import { Drawer } from "./drawer";
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

/**
 * The app bar, 70 px on phones and 80 px from lg: the drawer (below lg), the logo, the box
 * office's mode, the variant's own parts (`children`), the buttons; `below` goes under it.
 * `reloadOnBillboard`: the logo loads the billboard anew when already on it (§2, some variants).
 */
export function AppBar({
  header,
  reloadOnBillboard = false,
  below,
  children,
}: {
  header: HeaderProps;
  reloadOnBillboard?: boolean;
  below?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useMenus(ref);
  const { user, cart, now, categories } = header;
  // A clerk's header is the box office's (§4 header states), with or without a sale running.
  const processType: ProcessType = user?.boxOffice ? "BOX" : cart?.processType;
  return (
    <header ref={ref} className="appbar">
      <div className="appbar-inner">
        <div className="lg:hidden">
          <Drawer user={user} categories={categories} processType={processType} />
        </div>
        <HeaderLogo reloadOnBillboard={reloadOnBillboard} />
        <BoxOfficeMode processType={processType} />
        {children}
        <HeaderActions user={user} cart={cart} now={now} processType={processType} />
      </div>
      {below}
    </header>
  );
}

function HeaderLogo({ reloadOnBillboard }: { reloadOnBillboard: boolean }) {
  const { t } = useTranslation("layout");
  const brand = useBrand();
  const onBillboard = useLocation().pathname === "/";
  return (
    <Link
      to="/"
      className="appbar-logo"
      aria-label={t("header.home", { name: brand.name })}
      // Without JavaScript every link loads the page anyway.
      reloadDocument={reloadOnBillboard && onBillboard}
    >
      <img src={brand.logo.src} alt="" width={brand.logo.width} height={brand.logo.height} />
      <span className="hidden xl:inline">{brand.name}</span>
    </Link>
  );
}

function BoxOfficeMode({ processType }: { processType: ProcessType }) {
  const { t } = useTranslation("layout");
  return processType === "BOX" ? (
    <span className="appbar-mode">{t("header.boxOffice")}</span>
  ) : null;
}

/** The bar's end: search (a toggle on phones), the shop, the cart and the account menu. */
function HeaderActions({
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
