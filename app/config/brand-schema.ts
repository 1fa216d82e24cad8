// The rules a brand configuration must follow, checked once when the server starts
// (brand.server.ts) and in tests; kept apart from the brands so the browser never downloads
// zod just to read one.
import { z } from "zod";

const url = z.string().refine((value) => value.startsWith("/") || /^https?:\/\//.test(value), {
  message: "must be a path or an http(s) URL",
});
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: "must be a #rrggbb colour" });

/** The feature flags of spec §9. */
export const flagsSchema = z.strictObject({
  captcha: z.boolean(),
  botCheck: z.boolean(),
  queue: z.boolean(),
  /** A performance with one numbered sector (or a remembered one) opens on its seats. */
  seatMapAutoShow: z.boolean(),
  multiPromotion: z.boolean(),
  /** One promotion on offer: the promotions page is skipped and that one is taken. */
  skipSinglePromotionDialog: z.boolean(),
  reservationWithSeat: z.boolean(),
  nominationBirthdateAndEmail: z.boolean(),
  telegram: z.boolean(),
  cardValidation: z.strictObject({ number: z.boolean(), cvc: z.boolean(), expiry: z.boolean() }),
  /** Off: a visitor sees a performance's seats without logging in (choosing them still asks). */
  loginRequiredForSeatSelection: z.boolean(),
  loginSystem: z.enum(["own", "external"]),
  filters: z.strictObject({
    category: z.boolean(),
    venue: z.boolean(),
    date: z.boolean(),
    zone: z.boolean(),
    type: z.boolean(),
  }),
});

export type Flags = z.infer<typeof flagsSchema>;

/** FEATURE_FLAGS: some flags over the brand's own (a nested group may be given in part). */
export const flagOverridesSchema = z
  .strictObject({
    ...flagsSchema.shape,
    cardValidation: flagsSchema.shape.cardValidation.partial(),
    filters: flagsSchema.shape.filters.partial(),
  })
  .partial();

export type FlagOverrides = z.infer<typeof flagOverridesSchema>;

export const brandSchema = z.strictObject({
  name: z.string().min(1),
  headerVariant: z.enum(["power", "tabs"]),
  footerVariant: z.union([z.literal(6), z.literal(1)]),
  logo: z.strictObject({ src: url, width: z.number().int(), height: z.number().int() }),
  /** The app bar's colour and its darker shade (open menus, pressed seats): white text on both. */
  colours: z.strictObject({ brand: hexColour, brandDark: hexColour }),
  /** The parts some footer variants add (§1); each variant places the ones turned on. */
  footerParts: z.strictObject({
    newsletter: z.boolean(),
    withdrawal: z.boolean(),
    consumerDefence: z.boolean(),
    paymentLogos: z.boolean(),
    poweredBy: z.boolean(),
  }),
  poweredBy: z.strictObject({ name: z.string(), href: url }),
  support: z.strictObject({
    /** From the city. */
    cityPhone: z.string(),
    /** Toll-free from the rest of the country. */
    tollFreePhone: z.string(),
  }),
  links: z.strictObject({
    /** 'I regretted my purchase' (right of withdrawal) form. */
    withdrawalForm: url,
    consumerDefence: z.array(z.strictObject({ labelKey: z.string(), href: url })),
    social: z.array(
      z.strictObject({ network: z.enum(["facebook", "instagram", "x", "youtube"]), href: url }),
    ),
  }),
  flags: flagsSchema,
  /** How many show types the header offers as shortcuts (§9: 5; category-tab variant: up to 6). */
  headerShortcutTypes: z.number().int().min(0).max(12),
  /** How many shows the billboard highlights (§9: 3). */
  highlightedShows: z.number().int().min(0).max(12),
});

export type Brand = z.infer<typeof brandSchema>;
