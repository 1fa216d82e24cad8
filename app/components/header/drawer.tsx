import type { ShowType } from "@contract";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { LanguagePicker } from "../language-picker";
import { AccountLinks, GuestLinks, type HeaderUser } from "./account-menu";
import { CloseIcon, MenuIcon } from "./icons";
import { categoryHref } from "./show-types";
import { menuGroup } from "./use-menus";

/**
 * The side drawer of phones and tablets: account items, languages and every category. A
 * <details>: it opens and closes without JavaScript; its backdrop belongs to the summary, so
 * a tap outside the panel closes it too.
 */
export function Drawer({
  user,
  categories,
  processType,
}: {
  user: HeaderUser | null;
  categories: ShowType[];
  processType?: "CART" | "BOX";
}) {
  const { t } = useTranslation("layout");
  return (
    <details data-menu name={menuGroup} className="drawer">
      <summary className="appbar-button drawer-toggle">
        <MenuIcon className="drawer-icon-open" />
        <CloseIcon className="drawer-icon-close" />
        <span className="sr-only">{t("drawer.toggle")}</span>
      </summary>
      <div className="drawer-panel">
        <nav aria-label={t("drawer.label")} className="flex flex-col gap-5">
          <div>
            <p className="drawer-heading">
              {user ? t("drawer.greeting", { name: user.name }) : t("drawer.account")}
            </p>
            {user ? (
              <AccountLinks user={user} processType={processType} />
            ) : (
              <GuestLinks processType={processType} />
            )}
          </div>
          <div>
            <p id="drawer-categories" className="drawer-heading">
              {t("drawer.categories")}
            </p>
            <ul className="menu-list" aria-labelledby="drawer-categories">
              {categories.map((type) => (
                <li key={type.idEspectaculoTipo}>
                  <Link to={categoryHref(type.idEspectaculoTipo)} className="menu-item">
                    {type.cNombre}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/tienda" className="menu-item">
                  {t("header.shop")}
                </Link>
              </li>
            </ul>
          </div>
        </nav>
        <LanguagePicker className="mt-5" />
      </div>
    </details>
  );
}
