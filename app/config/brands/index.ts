// The brands this build ships, by the name BRAND chooses (brand.server.ts).
import type { Brand } from "../brand-schema";
import { cityBrand } from "./city";
import { venueBrand } from "./venue";

export const shippedBrands = { city: cityBrand, venue: venueBrand } satisfies Record<string, Brand>;

export type ShippedBrandName = keyof typeof shippedBrands;
