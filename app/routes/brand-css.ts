// /brand.css: the brand's colours over the stylesheet's, as a file of this origin (the
// Content-Security-Policy allows no inline styles). Chosen at start, so fixed while it runs.
import { brand } from "~/config/brand.server";
import type { Route } from "./+types/brand-css";

export function brandCss(colours: { brand: string; brandDark: string }): string {
  return `:root{--color-brand:${colours.brand};--color-brand-dark:${colours.brandDark}}\n`;
}

export function loader(_: Route.LoaderArgs) {
  return new Response(brandCss(brand.colours), {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
