import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import { Drawer } from "./drawer";
import {
  BoxOfficeMode,
  CategoryLinks,
  HeaderActions,
  HeaderLogo,
  type HeaderProps,
  useHeader,
} from "./header-parts";
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
  const { ref, processType } = useHeader(props);
  const tabs = shortcutsOf(
    props.categories,
    Math.min(brand.headerShortcutTypes, categoryTabsLimit),
  );
  return (
    <header ref={ref} className="appbar">
      <div className="appbar-inner">
        <div className="lg:hidden">
          <Drawer user={props.user} categories={props.categories} processType={processType} />
        </div>
        <HeaderLogo reloadOnBillboard />
        <BoxOfficeMode processType={processType} />
        <HeaderSearch idSuffix="bar" className="hidden lg:flex flex-1 min-w-40 max-w-md" />
        <HeaderActions {...props} processType={processType} />
      </div>
      {tabs.length > 0 ? (
        <div className="appbar-tabs">
          <CategoryLinks
            categories={tabs}
            label={t("header.categoryTabs")}
            className="appbar-tabs-inner"
            linkClassName="appbar-tab"
          />
        </div>
      ) : null}
    </header>
  );
}
