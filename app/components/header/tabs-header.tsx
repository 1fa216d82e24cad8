import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import { AppBar, CategoryLinks, type HeaderProps } from "./header-parts";
import { HeaderSearch } from "./header-search";
import { shortcutsOf } from "./show-types";

/** The most categories the tab row holds (§2, §9: the category-tab variant shows 6). */
export const categoryTabsLimit = 6;

/**
 * The app bar with category tabs: the bar (70 px on phones, 80 px from lg) with the search
 * inline on desktops, and under it a row of the first categories by nOrden at every width
 * (scrolling sideways on phones; the drawer lists them all). The logo reloads the billboard
 * when already on it.
 */
export function TabsHeader(props: HeaderProps) {
  const { t } = useTranslation("layout");
  const brand = useBrand();
  const count = Math.min(brand.headerShortcutTypes, categoryTabsLimit);
  const tabs = shortcutsOf(props.categories, count);
  const row =
    tabs.length > 0 ? (
      <div className="appbar-tabs">
        <CategoryLinks
          categories={tabs}
          label={t("header.categoryTabs")}
          className="appbar-tabs-inner"
          linkClassName="appbar-tab"
        />
      </div>
    ) : null;
  return (
    <AppBar header={props} reloadOnBillboard below={row}>
      <HeaderSearch idSuffix="bar" className="hidden lg:flex flex-1 min-w-40 max-w-md" />
    </AppBar>
  );
}
