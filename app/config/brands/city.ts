// The city's ticket shop (BRAND=city, the default): the 'Power' app bar, footer 6 with every
// part, and the feature flags of spec §9. Its rules are in brand-schema.ts, checked at start.
import type { Brand } from "../brand-schema";

export const cityBrand: Brand = {
  name: "Entradas BA",
  headerVariant: "power",
  footerVariant: 6,
  logo: { src: "/logo.svg", width: 40, height: 40 },
  colours: { brand: "#0b5cad", brandDark: "#07427d" },
  footerParts: {
    newsletter: true,
    withdrawal: true,
    consumerDefence: true,
    paymentLogos: true,
    poweredBy: true,
  },
  poweredBy: { name: "Entradas BA", href: "/" },
  support: { cityPhone: "147", tollFreePhone: "0800-333-7777" },
  links: {
    withdrawalForm: "https://www.buenosaires.gob.ar/defensaconsumidor/boton-de-arrepentimiento",
    consumerDefence: [
      {
        labelKey: "layout:footer.consumerDefenceCity",
        href: "https://www.buenosaires.gob.ar/defensaconsumidor",
      },
      {
        labelKey: "layout:footer.consumerDefenceNation",
        href: "https://www.argentina.gob.ar/produccion/defensadelconsumidor",
      },
    ],
    social: [
      { network: "facebook", href: "https://www.facebook.com/" },
      { network: "instagram", href: "https://www.instagram.com/" },
      { network: "x", href: "https://x.com/" },
      { network: "youtube", href: "https://www.youtube.com/" },
    ],
  },
  flags: {
    captcha: false,
    botCheck: false,
    queue: true,
    seatMapAutoShow: true,
    multiPromotion: true,
    skipSinglePromotionDialog: true,
    reservationWithSeat: true,
    nominationBirthdateAndEmail: false,
    telegram: false,
    cardValidation: { number: true, cvc: true, expiry: true },
    loginRequiredForSeatSelection: true,
    loginSystem: "own",
    filters: { category: true, venue: true, date: true, zone: true, type: false },
  },
  headerShortcutTypes: 5,
  highlightedShows: 3,
};
