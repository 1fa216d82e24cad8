// The door check (decision 0042): a code's ticket is read with what the door shows of it,
// refused when it cannot enter, else let in by one insert whose primary key is the ticket —
// of two scanners racing on one code exactly one admits, the other hears "already used".
import { and, eq, sql } from "drizzle-orm";
import type { DoorCheck, DoorCheckRequest, DoorTicket } from "../contract/index.ts";
import {
  customers,
  orders,
  performances,
  positions,
  sectors,
  shows,
  ticketAdmissions,
  tickets,
  venues,
} from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { functionDateParts } from "../domain/dates.ts";
import { refusalAtDoor, ticketOfCode } from "./verdict.ts";

type DoorDeps = Pick<CommerceDeps, "db" | "now" | "ticketSecret" | "ticketSigningKey">;

async function ticketAtDoor(db: DoorDeps["db"], ticketId: number) {
  const [row] = await db
    .select({
      ticketId: tickets.id,
      performanceId: tickets.performanceId,
      orderStatus: orders.status,
      buyerName: orders.buyerName,
      firstName: customers.firstName,
      lastName: customers.lastName,
      showTitle: shows.title,
      isProduct: shows.isProduct,
      venueName: venues.name,
      startsAt: performances.startsAt,
      sectorName: sectors.name,
      row: positions.row,
      number: positions.number,
      usedAt: ticketAdmissions.admittedAt,
      usedAtEntrance: ticketAdmissions.entrance,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(performances, eq(performances.id, tickets.performanceId))
    .innerJoin(shows, eq(shows.id, performances.showId))
    .innerJoin(venues, eq(venues.id, shows.venueId))
    .innerJoin(sectors, eq(sectors.id, tickets.sectorId))
    .innerJoin(positions, eq(positions.id, tickets.positionId))
    .leftJoin(ticketAdmissions, eq(ticketAdmissions.ticketId, tickets.id))
    .where(eq(tickets.id, ticketId))
    .limit(1);
  return row;
}

type TicketRow = NonNullable<Awaited<ReturnType<typeof ticketAtDoor>>>;

function shownTicket(row: TicketRow): DoorTicket {
  return {
    idTicket: row.ticketId,
    idFuncion: row.performanceId,
    cEspectaculo: row.showTitle,
    cEstablecimiento: row.venueName,
    oFuncionFecha: row.isProduct ? null : functionDateParts(row.startsAt),
    cSector: row.sectorName,
    cFila: row.row,
    nNumero: row.number,
    // A box-office sale is the clerk's order: its holder is the walk-in buyer named there.
    cTitular: row.buyerName ?? `${row.firstName} ${row.lastName}`.trim(),
  };
}

const answer = (
  cResultado: DoorCheck["cResultado"],
  ticket: TicketRow | null,
  use?: { at: Date; entrance: string },
): DoorCheck => ({
  cResultado,
  oTicket: ticket ? shownTicket(ticket) : null,
  dUso: use ? use.at.toISOString() : null,
  cEntrada: use ? use.entrance : null,
});

/** Checks one code at a door for a DOOR_STAFF member (the caller checked the role). */
export async function checkAtDoor(
  deps: DoorDeps,
  staffCustomerId: number,
  request: DoorCheckRequest,
): Promise<DoorCheck> {
  const named = ticketOfCode(
    { publicKey: deps.ticketSigningKey.publicKey, legacySecret: deps.ticketSecret },
    request.cCodigo,
  );
  if (!named) return answer("INVALID", null);
  // A genuine signature over a ticket this database does not have: another shop's, or a
  // development key's. Nothing to show, nothing to let in.
  const ticket = await ticketAtDoor(deps.db, named.ticketId);
  if (!ticket) return answer("INVALID", null);

  const refusal = refusalAtDoor(ticket, named.performanceId, request.idFuncion);
  if (refusal) return answer(refusal, refusal === "INVALID" ? null : ticket);
  if (ticket.usedAt && ticket.usedAtEntrance !== null) {
    return answer("ALREADY_USED", ticket, { at: ticket.usedAt, entrance: ticket.usedAtEntrance });
  }

  const now = deps.now();
  // Only a ticket of a PAID order goes in, checked again in the same statement: an order
  // cancelled since the read above is not let in.
  const admitted = await deps.db
    .insert(ticketAdmissions)
    .select(
      deps.db
        .select({
          ticketId: tickets.id,
          admittedAt: sql<Date>`${now.toISOString()}::timestamptz`.as("admitted_at"),
          staffCustomerId: sql<number>`${staffCustomerId}::integer`.as("staff_customer_id"),
          entrance: sql<string>`${request.cEntrada}::text`.as("entrance"),
        })
        .from(tickets)
        .innerJoin(orders, eq(orders.id, tickets.orderId))
        .where(and(eq(tickets.id, ticket.ticketId), eq(orders.status, "PAID"))),
    )
    .onConflictDoNothing()
    .returning({ admittedAt: ticketAdmissions.admittedAt });
  if (admitted.length === 1) {
    return answer("ADMITTED", ticket, { at: admitted[0].admittedAt, entrance: request.cEntrada });
  }

  // Another scanner was first, or the order was cancelled in between: read which.
  const latest = await ticketAtDoor(deps.db, ticket.ticketId);
  if (latest?.usedAt && latest.usedAtEntrance !== null) {
    return answer("ALREADY_USED", latest, { at: latest.usedAt, entrance: latest.usedAtEntrance });
  }
  return answer("CANCELLED", latest ?? ticket);
}
