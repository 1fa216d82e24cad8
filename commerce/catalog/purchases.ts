// Read models of purchases: a purchase process as the contract's procesoCompra (places,
// totals, clock) and a customer's orders with their tickets.
import { and, asc, desc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { Order, PurchaseProcess, ShowCard } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import {
  orders,
  payments,
  performances,
  positions,
  type purchaseProcesses,
  sectors,
  shows,
  tickets,
} from "../db/schema.ts";
import { deliveryTypeById } from "../domain/catalogues.ts";
import { functionDateParts } from "../domain/dates.ts";
import { purchaseTotals } from "../domain/pricing.ts";
import { processMinutes, processState } from "../domain/process.ts";
import { type Language, translate } from "../i18n.ts";
import type { Executor } from "./holds.ts";
import { loadShowCards } from "./queries.ts";

export type ProcessRow = typeof purchaseProcesses.$inferSelect;

export type HeldPlace = {
  positionId: number;
  sectorId: number;
  sectorName: string;
  kind: "GENERAL" | "NUMBERED";
  row: string | null;
  number: number | null;
  price: number;
  performanceId: number;
  startsAt: Date;
  showId: number;
};

function placesWhere(tx: Executor, condition: SQL | undefined): Promise<HeldPlace[]> {
  return tx
    .select({
      positionId: positions.id,
      sectorId: sectors.id,
      sectorName: sectors.name,
      kind: sectors.kind,
      row: positions.row,
      number: positions.number,
      price: sectors.price,
      performanceId: performances.id,
      startsAt: performances.startsAt,
      showId: performances.showId,
    })
    .from(positions)
    .innerJoin(sectors, eq(sectors.id, positions.sectorId))
    .innerJoin(performances, eq(performances.id, positions.performanceId))
    .where(condition)
    .orderBy(asc(performances.startsAt), asc(sectors.sortOrder), asc(positions.id));
}

/** Places a process holds right now (an expired hold is no longer the process's). */
export function liveHeldPlaces(tx: Executor, processId: number, now: Date) {
  return placesWhere(
    tx,
    and(
      eq(positions.heldByProcessId, processId),
      eq(positions.sold, false),
      gt(positions.heldUntil, now),
    ),
  );
}

/** The places a paid process bought (a sale keeps the buying process on the position). */
function boughtPlaces(tx: Executor, processId: number) {
  return placesWhere(tx, and(eq(positions.heldByProcessId, processId), eq(positions.sold, true)));
}

type PerformanceGroup = {
  performanceId: number;
  startsAt: Date;
  showId: number;
  places: HeldPlace[];
};

function groupByPerformance(places: readonly HeldPlace[]): PerformanceGroup[] {
  const groups = new Map<number, PerformanceGroup>();
  for (const place of places) {
    let group = groups.get(place.performanceId);
    if (!group) {
      group = {
        performanceId: place.performanceId,
        startsAt: place.startsAt,
        showId: place.showId,
        places: [],
      };
      groups.set(place.performanceId, group);
    }
    group.places.push(place);
  }
  return [...groups.values()];
}

async function cardsOf(
  db: Database,
  showIds: Iterable<number>,
  now: Date,
  language: Language,
): Promise<Map<number, ShowCard>> {
  const ids = [...new Set(showIds)];
  const cards = await loadShowCards(db, { now, language, showIds: ids });
  return new Map(cards.map((card) => [card.idEspectaculoCartel, card]));
}

function cardFor(cards: Map<number, ShowCard>, showId: number): ShowCard {
  const card = cards.get(showId);
  if (!card) throw new Error(`show ${showId} has no card`);
  return card;
}

export async function loadProcessView(
  db: Database,
  process: ProcessRow,
  now: Date,
  language: Language,
): Promise<PurchaseProcess> {
  const state = processState(process.status, process.deadline, now);
  const [places, [order]] = await Promise.all([
    state === "ACTIVE"
      ? liveHeldPlaces(db, process.id, now)
      : state === "PAID"
        ? boughtPlaces(db, process.id)
        : Promise.resolve([]),
    db.select().from(orders).where(eq(orders.processId, process.id)).limit(1),
  ]);
  const groups = groupByPerformance(places);
  const cards = await cardsOf(
    db,
    groups.map((g) => g.showId),
    now,
    language,
  );
  const delivery = deliveryTypeById(process.deliveryTypeId);
  const totals = order
    ? {
        subtotal: order.ticketsTotal,
        deliveryFee: order.deliveryFee,
        serviceCharge: order.serviceCharge,
        total: order.total,
      }
    : purchaseTotals(
        places.map((p) => p.price),
        places.length > 0 ? (delivery?.fee ?? 0) : 0,
      );
  return {
    idProcesoDeCompra: process.id,
    ctProcess: process.kind,
    cEstado: state,
    dDesde: process.startedAt.toISOString(),
    dMaxima: process.deadline.toISOString(),
    nMinutos: processMinutes(process.startedAt, process.deadline),
    listaFuncion: groups.map((group) => ({
      idFuncion: group.performanceId,
      oEspectaculo: cardFor(cards, group.showId),
      oFuncionFecha: functionDateParts(group.startsAt),
      nCantidadPosiciones: group.places.length,
      fPrecioTotalFinal: group.places.reduce((sum, p) => sum + p.price, 0),
      listaPosiciones: group.places.map((p) => ({
        idPosicion: p.positionId,
        idSector: p.sectorId,
        cSectorNombre: p.sectorName,
        cTipo: p.kind,
        cFila: p.row,
        nNumero: p.number,
        fPrecio: p.price,
      })),
    })),
    oCantidadTotal: { nCantidadTotal: places.length },
    idEntregaTipo: process.deliveryTypeId,
    nFormaDePago: process.paymentMethodId,
    fSubtotal: totals.subtotal,
    fCargoEntrega: totals.deliveryFee,
    fCargoServicio: totals.serviceCharge,
    fTotal: totals.total,
    idPedido: order?.id ?? null,
  };
}

export type OrderTicketRow = {
  ticketId: number;
  orderId: number;
  code: string;
  price: number;
  sectorName: string;
  row: string | null;
  number: number | null;
  performanceId: number;
  startsAt: Date;
  showId: number;
  isProduct: boolean;
};

export type OrderWithTickets = {
  order: Order;
  tickets: OrderTicketRow[];
  cards: Map<number, ShowCard>;
};

/** A customer's orders, newest first (or just one of them). */
export async function loadOrders(
  db: Database,
  customerId: number,
  { now, language, orderId }: { now: Date; language: Language; orderId?: number },
): Promise<OrderWithTickets[]> {
  const orderRows = await db
    .select({
      order: orders,
      installments: payments.installments,
      cardLast4: payments.cardLast4,
    })
    .from(orders)
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(
      and(
        eq(orders.customerId, customerId),
        orderId === undefined ? undefined : eq(orders.id, orderId),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (orderRows.length === 0) return [];

  const ticketRows: OrderTicketRow[] = await db
    .select({
      ticketId: tickets.id,
      orderId: tickets.orderId,
      code: tickets.code,
      price: tickets.price,
      sectorName: sectors.name,
      row: positions.row,
      number: positions.number,
      performanceId: performances.id,
      startsAt: performances.startsAt,
      showId: shows.id,
      isProduct: shows.isProduct,
    })
    .from(tickets)
    .innerJoin(positions, eq(positions.id, tickets.positionId))
    .innerJoin(sectors, eq(sectors.id, tickets.sectorId))
    .innerJoin(performances, eq(performances.id, tickets.performanceId))
    .innerJoin(shows, eq(shows.id, performances.showId))
    .where(
      inArray(
        tickets.orderId,
        orderRows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(performances.startsAt), asc(sectors.sortOrder), asc(tickets.id));
  const cards = await cardsOf(
    db,
    ticketRows.map((t) => t.showId),
    now,
    language,
  );
  const t = translate(language);

  return orderRows.map(({ order, installments, cardLast4 }) => {
    const own = ticketRows.filter((row) => row.orderId === order.id);
    const performancesOfOrder = new Map<number, OrderTicketRow[]>();
    for (const row of own) {
      performancesOfOrder.set(row.performanceId, [
        ...(performancesOfOrder.get(row.performanceId) ?? []),
        row,
      ]);
    }
    const delivery = deliveryTypeById(order.deliveryTypeId);
    return {
      tickets: own,
      cards,
      order: {
        idPedido: order.id,
        idProcesoDeCompra: order.processId,
        cEstado: order.status,
        dFecha: order.createdAt.toISOString(),
        cEntrega: delivery ? t(`commerce:deliveryTypes.${delivery.code}.name`) : "",
        fTotalTickets: order.ticketsTotal,
        fCargoEntrega: order.deliveryFee,
        fCargoServicio: order.serviceCharge,
        fTotalPagado: order.status === "PAID" ? order.total : 0,
        fPendiente: 0,
        nCuotas: installments ?? 1,
        cUltimos4: cardLast4 ?? null,
        listaFunciones: [...performancesOfOrder.values()].map((rows) => {
          const card = cardFor(cards, rows[0].showId);
          return {
            idFuncion: rows[0].performanceId,
            oEspectaculo: card,
            oFuncionFecha: functionDateParts(rows[0].startsAt),
            cEstablecimientoNombre: card.cEstablecimientoNombre,
            listaTickets: rows.map((row) => ({
              idTicket: row.ticketId,
              cCodigo: row.code,
              cSectorNombre: row.sectorName,
              cFila: row.row,
              nNumero: row.number,
              fPrecio: row.price,
            })),
          };
        }),
      },
    };
  });
}
