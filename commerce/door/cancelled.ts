// The tickets of a performance that no longer admit anyone, for offline scanners (decision
// 0064): a ticket whose order is anything but PAID (cancelled, being cancelled, refunded),
// which the online check refuses as CANCELLED (verdict.ts). Only ids: nothing of the holder.
import { and, asc, eq, ne } from "drizzle-orm";
import type { DoorCancelledTickets } from "../contract/index.ts";
import type { Executor } from "../db/client.ts";
import { orders, tickets } from "../db/schema.ts";

export async function cancelledTicketsOf(
  db: Executor,
  performanceId: number,
  now: Date,
): Promise<DoorCancelledTickets> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.performanceId, performanceId), ne(orders.status, "PAID")))
    .orderBy(asc(tickets.id));
  return {
    idFuncion: performanceId,
    dGenerado: now.toISOString(),
    Lista: rows.map((row) => row.id),
  };
}
