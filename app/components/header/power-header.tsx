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

/**
 * The 'Power' app bar: 70 px on phones, 80 px from the desktop breakpoint (lg). Phones get the
 * drawer and a search toggle; desktops get the category shortcuts and the search inline.
 */
export function PowerHeader(props: HeaderProps) {
  const { t } = useTranslation("layout");
  const brand = useBrand();
  const { ref, processType } = useHeader(props);
  return (
    <header ref={ref} className="appbar">
      <div className="appbar-inner">
        <div className="lg:hidden">
          <Drawer user={props.user} categories={props.categories} processType={processType} />
        </div>
        <HeaderLogo />
        <BoxOfficeMode processType={processType} />
        <CategoryLinks
          categories={shortcutsOf(props.categories, brand.headerShortcutTypes)}
          label={t("header.shortcuts")}
          className="hidden lg:block"
          linkClassName="appbar-shortcut"
        />
        <HeaderSearch idSuffix="bar" className="hidden lg:flex flex-1 min-w-40 max-w-sm" />
        <HeaderActions {...props} processType={processType} />
      </div>
    </header>
  );
}
