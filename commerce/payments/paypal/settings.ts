// PAYPAL_* settings (ready for commerce/config.ts): unset PAYPAL_CLIENT_ID means no real
// PayPal (the shop starts the stand-in instead); set, every other setting is checked here so
// a mistake stops the start-up rather than the first sale. No value is ever echoed back.
import { z } from "zod";
import type { PayPalConfig } from "./adapter.ts";

const schema = z.object({
  PAYPAL_URL: z.url().default("https://api-m.sandbox.paypal.com"),
  PAYPAL_CLIENT_ID: z.string().min(1),
  PAYPAL_CLIENT_SECRET: z.string().min(1, "is required with PAYPAL_CLIENT_ID"),
  PAYPAL_WEBHOOK_ID: z.string().min(1, "is required with PAYPAL_CLIENT_ID"),
  PAYPAL_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD")
    .default("USD"),
  PAYPAL_PESOS_PER_UNIT: z.coerce.number().positive("must be the pesos one unit is worth"),
});

export function payPalSettingsFromEnv(
  env: Record<string, string | undefined> = process.env,
): PayPalConfig | null {
  if (!env.PAYPAL_CLIENT_ID) return null;
  const blankless = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => name.startsWith("PAYPAL_") && value !== ""),
  );
  const parsed = schema.safeParse(blankless, { reportInput: false });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new Error(`PayPal settings: ${problems.join("; ")}`);
  }
  const settings = parsed.data;
  return {
    baseUrl: settings.PAYPAL_URL,
    clientId: settings.PAYPAL_CLIENT_ID,
    clientSecret: settings.PAYPAL_CLIENT_SECRET,
    webhookId: settings.PAYPAL_WEBHOOK_ID,
    currency: settings.PAYPAL_CURRENCY,
    pesosPerUnit: settings.PAYPAL_PESOS_PER_UNIT,
  };
}
