// Header variants by brand.headerVariant. Another brand's header is one more entry here (and
// its value in brandSchema); the root layout never names a variant.
import type { ComponentType } from "react";
import type { Brand } from "~/config/brand";
import type { HeaderProps } from "./header-parts";
import { PowerHeader } from "./power-header";
import { TabsHeader } from "./tabs-header";

export const headerVariants = {
  power: PowerHeader,
  tabs: TabsHeader,
} satisfies Record<Brand["headerVariant"], ComponentType<HeaderProps>>;

export function headerFor(variant: Brand["headerVariant"]): ComponentType<HeaderProps> {
  return headerVariants[variant];
}
