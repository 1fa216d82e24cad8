// A customer's orders with their tickets, as the contract's order history (Historial2) and
// as the input of the e-ticket PDF; tickets by performance, sector, row and seat.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { cardsOfShows } from "../catalog/card-cache.ts";
import { cardOf } from "../catalog/queries.ts";
import type { Order, ShowCard } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import type { DeliveryAddress, LocalizedText } from "../db/schema.ts";
import {
  orders,
  payments,
  performances,
  positions,
  processAnswers,
  promotions,
  sectors,
  shows,
  tickets,
} from "../db/schema.ts";
import { functionDateParts } from "../domain/dates.ts";
import { localized } from "../domain/localized.ts";
import { type Language, translate } from "../i18n.ts";
import { paymentReasonOf, paymentStateOf, walletNameOf } from "../payments/payment-state.ts";
import { deliveryTypeById } from "../purchase/catalogues.ts";
import { orderTotals } from "./order-totals.ts";
import { loadReceipts } from "./receipts.ts";
import { compareTicketPlaces } from "./ticket-order.ts";

export type OrderTicketRow = {
  ticketId: number;
  orderId: number;
  code: string;
  price: number;
  discount: number;
  promotionName: LocalizedText | null;
  sectorName: string;
  sectorOrder: number;
  sectorId: number;
  row: string | null;
  number: number | null;
  performanceId: number;
  startsAt: Date;
  showId: number;
  isProduct: boolean;
  durationMinutes: number | null;
};

export type OrderWithTickets = {
  order: Order;
  tickets: OrderTicketRow[];
  cards: Map<number, ShowCard>;
};

/** Cancelled at the box office, or on its way (its tickets are void or about to be). */
export const isCancelled = (status: string) => status === "CANCELLED" || status === "CANCELLING";

const paymentMedia = ["CARD", "CASH", "CARD_PRESENT", "WALLET"] as const;
const paymentMediumOf = (stored: string) =>
  paymentMedia.find((medium) => medium === stored) ?? "CARD";

/** A customer's orders, newest first (or just one of them). */
export async function loadOrders(
  owner: { db: Database },
  customerId: number,
  {
    now,
    language,
    orderId,
    atCounter,
    withPayments = true,
  }: {
    now: Date;
    language: Language;
    orderId?: number;
    atCounter?: boolean;
    /**
     * Read the orders' payments and receipts too (listaPagos, listaComprobantes). The e-ticket
     * prints neither: without them, two statements less for every confirmation mail.
     */
    withPayments?: boolean;
  },
): Promise<OrderWithTickets[]> {
  const { db } = owner;
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
        atCounter === undefined ? undefined : eq(orders.soldAtCounter, atCounter),
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
      discount: tickets.discount,
      promotionName: promotions.name,
      sectorName: sectors.name,
      sectorOrder: sectors.sortOrder,
      sectorId: sectors.id,
      row: positions.row,
      number: positions.number,
      performanceId: performances.id,
      startsAt: performances.startsAt,
      showId: shows.id,
      isProduct: shows.isProduct,
      durationMinutes: shows.durationMinutes,
    })
    .from(tickets)
    .innerJoin(positions, eq(positions.id, tickets.positionId))
    .innerJoin(sectors, eq(sectors.id, tickets.sectorId))
    .innerJoin(performances, eq(performances.id, tickets.performanceId))
    .innerJoin(shows, eq(shows.id, performances.showId))
    .leftJoin(promotions, eq(promotions.id, tickets.promotionId))
    .where(
      inArray(
        tickets.orderId,
        orderRows.map((r) => r.order.id),
      ),
    );
  // In the order a buyer reads them, whatever order the seats were picked in (SQL cannot
  // sort rows naturally: "10" after "2", "AA" after "Z").
  ticketRows.sort(compareTicketPlaces);
  const cards = await cardsOfShows(
    owner,
    ticketRows.map((t) => t.showId),
    { now, language },
  );
  const t = translate(language);
  const paymentRows = withPayments
    ? await db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.processId,
            orderRows.map((r) => r.order.processId),
          ),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id))
    : [];
  const answerRows = await db
    .select()
    .from(processAnswers)
    .where(
      inArray(
        processAnswers.processId,
        orderRows.map((r) => r.order.processId),
      ),
    )
    .orderBy(asc(processAnswers.code));
  const receiptsOf = withPayments
    ? await loadReceipts(
        db,
        orderRows.map((r) => r.order.id),
        language,
      )
    : new Map<number, never[]>();

  return orderRows.map(({ order, installments, cardLast4 }) => {
    const paymentsOfOrder = paymentRows
      .filter((payment) => payment.processId === order.processId)
      .map((payment) => {
        const state = paymentStateOf(payment);
        return {
          dFecha: payment.createdAt.toISOString(),
          cEstado: state,
          fMonto: payment.amount,
          nCuotas: payment.installments,
          fTotalCuotas: payment.installmentsTotal ?? payment.amount,
          cMarca: payment.cardBrand,
          cUltimos4: payment.cardLast4 || null,
          cBilletera: walletNameOf(payment.provider, language),
          cMotivo: paymentReasonOf(payment, state, language),
        };
      });
    const own = ticketRows.filter((row) => row.orderId === order.id);
    const performancesOfOrder = new Map<number, OrderTicketRow[]>();
    for (const row of own) {
      performancesOfOrder.set(row.performanceId, [
        ...(performancesOfOrder.get(row.performanceId) ?? []),
        row,
      ]);
    }
    const delivery = deliveryTypeById(order.deliveryTypeId);
    // Without its payments read (the e-ticket), its own payment stands for them.
    const totals = orderTotals(
      order,
      withPayments
        ? paymentsOfOrder.map((p) => ({ state: p.cEstado, amount: p.fMonto }))
        : [{ state: order.status === "PAID" ? "APROBADO" : "DEVUELTO", amount: order.total }],
    );
    return {
      tickets: own,
      cards,
      order: {
        idPedido: order.id,
        idProcesoDeCompra: order.processId,
        cEstado: order.status,
        dFecha: order.createdAt.toISOString(),
        cEntrega: delivery ? t(`commerce:deliveryTypes.${delivery.code}.name`) : "",
        oDomicilioEntrega: order.deliveryAddress && deliveryAddressView(order.deliveryAddress),
        fTotalTickets: totals.tickets,
        fDescuento: totals.discount,
        fCargoEntrega: totals.delivery,
        fCargoQr: totals.antiFraudQr,
        fCargoServicio: totals.serviceCharge,
        fTotal: totals.total,
        fTotalPagado: totals.paid,
        fPendiente: totals.pending,
        nCuotas: installments ?? 1,
        cUltimos4: cardLast4 || null,
        lBoleteria: order.soldAtCounter,
        cComprador: order.buyerName,
        cMedioDePago: paymentMediumOf(order.paymentMedium),
        nPagos: paymentsOfOrder.length,
        listaPagos: paymentsOfOrder,
        listaComprobantes: receiptsOf.get(order.id) ?? [],
        listaFunciones: [...performancesOfOrder.values()].map((rows) => {
          const card = cardOf(cards, rows[0].showId);
          return {
            idFuncion: rows[0].performanceId,
            oEspectaculo: card,
            oFuncionFecha: functionDateParts(rows[0].startsAt),
            nDuracionMinutos: rows[0].durationMinutes,
            cEstablecimientoNombre: card.cEstablecimientoNombre,
            listaDatos: answerRows
              .filter(
                (answer) =>
                  answer.processId === order.processId &&
                  answer.performanceId === rows[0].performanceId,
              )
              .map((answer) => ({
                cCodigo: answer.code,
                cEtiqueta: t(`commerce:requestedData.${answer.code}`),
                cValor: answer.value,
              })),
            listaTickets: rows.map((row) => ({
              idTicket: row.ticketId,
              cCodigo: row.code,
              cSectorNombre: row.sectorName,
              cFila: row.row,
              nNumero: row.number,
              fPrecio: row.price,
              cPromocionNombre: row.promotionName ? localized(row.promotionName, language) : null,
              fDescuento: row.discount,
            })),
          };
        }),
      },
    };
  });
}

function deliveryAddressView(address: DeliveryAddress) {
  return {
    cReferente: address.referrer,
    cCalle: address.street,
    cNumero: address.streetNumber,
    cPiso: address.floor,
    cDepartamento: address.apartment,
    cLocalidad: address.location,
    cProvincia: address.province,
    cCodigoPostal: address.zip,
    cPais: address.country,
  };
}
