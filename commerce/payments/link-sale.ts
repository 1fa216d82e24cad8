// A sale handed to a buyer by a payment link: the buyer it names, as the order keeps them
// (settlement.ts reads it when the bank decided after the charge's request had ended), and
// the conditions that keep such a process, or a booking, from the owner's next sale (process.ts).
import { eq, notExists } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { bookings, paymentLinks, purchaseProcesses } from "../db/schema.ts";
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

/** For a WHERE on purchase_processes: the process was not handed over by a payment link. */
export function withoutPaymentLink(tx: Executor) {
  return notExists(
    tx
      .select({ id: paymentLinks.processId })
      .from(paymentLinks)
      .where(eq(paymentLinks.processId, purchaseProcesses.id)),
  );
}

/** For a WHERE on purchase_processes: the process is not a booking (bookings.ts). */
export function notABooking(tx: Executor) {
  return notExists(
    tx
      .select({ id: bookings.processId })
      .from(bookings)
      .where(eq(bookings.processId, purchaseProcesses.id)),
  );
}

export async function isBooking(tx: Executor, processId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: bookings.processId })
    .from(bookings)
    .where(eq(bookings.processId, processId));
  return row !== undefined;
}
