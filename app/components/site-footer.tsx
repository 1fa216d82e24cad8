// The footer of the configured brand (brand.footerVariant → component, see footer/registry).
import { useBrand } from "~/config/brand";
import { footerFor } from "./footer/registry";

export function SiteFooter() {
  const Footer = footerFor(useBrand().footerVariant);
  return <Footer />;
}
