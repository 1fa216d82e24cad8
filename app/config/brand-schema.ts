// The rules a brand configuration must follow. Checked once when the server starts
// (entry.server.tsx) and in tests; kept apart from brand.ts so the browser never downloads
// zod just to read the brand.
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
