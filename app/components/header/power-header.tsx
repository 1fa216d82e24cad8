import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import { AppBar, CategoryLinks, type HeaderProps } from "./header-parts";
import { HeaderSearch } from "./header-search";
import { shortcutsOf } from "./show-types";

/**
 * The 'Power' app bar: 70 px on phones, 80 px from the desktop breakpoint (lg). Phones get the
 * drawer and a search toggle; desktops get the category shortcuts and the search inline.
 */
export function PowerHeader(props: HeaderProps) {
  const { t } = useTranslation("layout");
  const brand = useBrand();
  return (
    <AppBar header={props}>
      <CategoryLinks
        categories={shortcutsOf(props.categories, brand.headerShortcutTypes)}
        label={t("header.shortcuts")}
        className="hidden lg:block"
        linkClassName="appbar-shortcut"
      />
      <HeaderSearch idSuffix="bar" className="hidden lg:flex flex-1 min-w-40 max-w-sm" />
    </AppBar>
  );
}
