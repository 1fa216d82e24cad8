// The header of the configured brand (brand.headerVariant → component, see header/registry).
import { useBrand } from "~/config/brand";
import type { HeaderProps } from "./header/header-parts";
import { headerFor } from "./header/registry";

export function SiteHeader(props: HeaderProps) {
  const Header = headerFor(useBrand().headerVariant);
  return <Header {...props} />;
}
