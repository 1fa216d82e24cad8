// The header of the configured brand (brand.headerVariant → component, see header/registry).
import { brand } from "~/config/brand";
import type { HeaderProps } from "./header/power-header";
import { headerFor } from "./header/registry";

const Header = headerFor(brand.headerVariant);

export function SiteHeader(props: HeaderProps) {
  return <Header {...props} />;
}
