// Header variants by brand.headerVariant. Another brand's header is one more entry here (and
// its value in brandSchema); the root layout never names a variant.
import type { ComponentType } from "react";
import type { Brand } from "~/config/brand";
import { type HeaderProps, PowerHeader } from "./power-header";

export const headerVariants = {
  power: PowerHeader,
} satisfies Record<Brand["headerVariant"], ComponentType<HeaderProps>>;

export function headerFor(variant: Brand["headerVariant"]): ComponentType<HeaderProps> {
  return headerVariants[variant];
}
