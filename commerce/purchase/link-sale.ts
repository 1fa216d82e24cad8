// The buyer a payment link names, as the order of its sale keeps them (settlement.ts reads it
// when the bank decided after the charge's request had ended).
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { paymentLinks } from "../db/schema.ts";
import type { CounterSale } from "./settlement.ts";

export async function linkSaleOf(
  tx: Executor,
  processId: number,
): Promise<CounterSale | undefined> {
  const [link] = await tx
    .select({ buyerName: paymentLinks.buyerName, buyerEmail: paymentLinks.buyerEmail })
    .from(paymentLinks)
    .where(eq(paymentLinks.processId, processId));
  return link ? { ...link, medium: "CARD" } : undefined;
}
