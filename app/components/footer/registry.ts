// Footer variants by brand.footerVariant (the spec names thirteen; this build has 6 and 1). Another
// brand's footer is one more entry here (and its value in brandSchema).
import type { ComponentType } from "react";
import type { Brand } from "~/config/brand";
import { Footer1 } from "./footer-1";
import { Footer6 } from "./footer-6";

export const footerVariants = {
  1: Footer1,
  6: Footer6,
} satisfies Record<Brand["footerVariant"], ComponentType>;

export function footerFor(variant: Brand["footerVariant"]): ComponentType {
  return footerVariants[variant];
}
