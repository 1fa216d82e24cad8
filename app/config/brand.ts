// The brand this build serves: header and footer variants, logos, links, support numbers
// and the feature flags of spec §9, in one typed module checked when it loads. Another
// brand is another value of `brand` (plus, at most, one new header or footer component).
import { z } from "zod";

const url = z.string().refine((value) => value.startsWith("/") || /^https?:\/\//.test(value), {
  message: "must be a path or an http(s) URL",
});

export const brandSchema = z.object({
  name: z.string().min(1),
  headerVariant: z.enum(["power"]),
  footerVariant: z.union([z.literal(6)]),
  logo: z.object({ src: url, width: z.number().int(), height: z.number().int() }),
  poweredBy: z.object({ name: z.string(), href: url }),
  support: z.object({
    /** From the city. */
    cityPhone: z.string(),
    /** Toll-free from the rest of the country. */
    tollFreePhone: z.string(),
  }),
  links: z.object({
    /** 'I regretted my purchase' (right of withdrawal) form of the city. */
    withdrawalForm: url,
    consumerDefence: z.array(z.object({ labelKey: z.string(), href: url })),
    social: z.array(
      z.object({ network: z.enum(["facebook", "instagram", "x", "youtube"]), href: url }),
    ),
  }),
  paymentLogos: z.array(z.enum(["visa", "mastercard", "amex", "cabal", "naranja"])),
  flags: z.object({
    captcha: z.boolean(),
    botCheck: z.boolean(),
    queue: z.boolean(),
    seatMapAutoShow: z.boolean(),
    multiPromotion: z.boolean(),
    skipSinglePromotionDialog: z.boolean(),
    reservationWithSeat: z.boolean(),
    nominationBirthdateAndEmail: z.boolean(),
    telegram: z.boolean(),
    cardValidation: z.object({ number: z.boolean(), cvc: z.boolean(), expiry: z.boolean() }),
    loginRequiredForSeatSelection: z.boolean(),
    loginSystem: z.enum(["own", "external"]),
    filters: z.object({
      category: z.boolean(),
      venue: z.boolean(),
      date: z.boolean(),
      zone: z.boolean(),
      type: z.boolean(),
    }),
  }),
  /** How many show types the header offers as shortcuts (§9: 5; category-tab variant: 6). */
  headerShortcutTypes: z.number().int().min(0).max(12),
  highlightedShows: z.number().int().min(0).max(12),
});

export type Brand = z.infer<typeof brandSchema>;

export const brand: Brand = brandSchema.parse({
  name: "Entradas BA",
  headerVariant: "power",
  footerVariant: 6,
  logo: { src: "/logo.svg", width: 40, height: 40 },
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
  paymentLogos: ["visa", "mastercard", "amex", "cabal", "naranja"],
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
});
