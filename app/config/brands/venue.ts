// A venue's own shop (BRAND=venue): the app bar with a row of category tabs (the first six),
// in the venue's colours and logo, the compact footer 1 with its help lines and the accepted
// cards, without the city's newsletter, withdrawal button and consumer-defence links. Flags as the city's, but the seats of a
// performance are shown to visitors before they log in.
import type { Brand } from "../brand-schema";
import { cityBrand } from "./city";

export const venueBrand: Brand = {
  name: "Sala Sinfónica",
  headerVariant: "tabs",
  footerVariant: 1,
  logo: { src: "/brands/venue/logo.svg", width: 40, height: 40 },
  colours: { brand: "#8a1c2b", brandDark: "#5e1320" },
  footerParts: {
    newsletter: false,
    withdrawal: false,
    consumerDefence: false,
    paymentLogos: true,
    poweredBy: true,
  },
  poweredBy: { name: "Entradas BA", href: "https://www.buenosaires.gob.ar/" },
  support: { cityPhone: "147", tollFreePhone: "0800-333-7777" },
  links: {
    withdrawalForm: cityBrand.links.withdrawalForm,
    consumerDefence: [],
    social: [
      { network: "instagram", href: "https://www.instagram.com/" },
      { network: "youtube", href: "https://www.youtube.com/" },
    ],
  },
  flags: { ...cityBrand.flags, loginRequiredForSeatSelection: false },
  headerShortcutTypes: 6,
  highlightedShows: 3,
};
