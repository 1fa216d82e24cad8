// The brand on screen, for components: the server renders with the brand it chose at start
// (brand.server.ts) and writes it into the page (BrandData), from which the browser hydrates
// with the same one. Without a provider (component tests) it is the city's.
import { createContext, useContext } from "react";
import type { Brand } from "./brand-schema";
import { cityBrand } from "./brands/city";

export type { Brand };

export const brandDataId = "brand-data";

const BrandContext = createContext<Brand>(cityBrand);

export const BrandProvider = BrandContext.Provider;

export function useBrand(): Brand {
  return useContext(BrandContext);
}

/** The page's copy of the brand, for the browser: JSON that no script runs, so no nonce. */
export function BrandData() {
  const brand = useBrand();
  // "<" escaped: no value can close the script element early.
  const json = JSON.stringify(brand).replace(/</g, "\\u003c");
  return (
    <script
      type="application/json"
      id={brandDataId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the server's own brand, "<" escaped
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** In the browser before hydration: the brand the server wrote, else the city's. */
export function brandOfPage(document: Document): Brand {
  const text = document.getElementById(brandDataId)?.textContent;
  return text ? (JSON.parse(text) as Brand) : cityBrand;
}
