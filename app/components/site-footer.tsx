// The footer of the configured brand (brand.footerVariant → component, see footer/registry).
import { brand } from "~/config/brand";
import { footerFor } from "./footer/registry";

const Footer = footerFor(brand.footerVariant);

export function SiteFooter() {
  return <Footer />;
}
