// A purchase process as the contract's procesoCompra: its places grouped by performance,
// each with its promotion, its totals (priceProcess, or the order's once paid) and its clock.
import { and, asc, eq, gt, type Placeholder, type SQL, sql } from "drizzle-orm";
import { cardsOfShows } from "../catalog/card-cache.ts";
import { cardOf } from "../catalog/queries.ts";
import type { PurchaseProcess } from "../contract/index.ts";
import type { Database, Executor } from "../db/client.ts";
import { preparedOn } from "../db/prepared.ts";
import {
  bookings,
  orders,
  performances,
  placePromotions,
  positions,
  promotions,
  type purchaseProcesses,
  sectors,
  tickets,
} from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { functionDateParts } from "../domain/dates.ts";
import { localized } from "../domain/localized.ts";
import type { Language } from "../i18n.ts";
import { ANTI_FRAUD_QR_CHARGE } from "../orders/order-totals.ts";
import { latestPaymentView } from "../payments/payment-state.ts";
import { cancelKeyOf } from "./cancel-key.ts";
import { deliveryTypeById } from "./catalogues.ts";
import { extensionMinutesOf, extensionOffered, processMinutes, processState } from "./clock.ts";
import type { Totals } from "./pricing.ts";
import {
  type ChosenPromotions,
  type PromotionRow,
  priceChosen,
  priceHeldPlaces,
} from "./promotion-store.ts";

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
  /** What the performance asks the buyer before paying (process-answers.ts). */
  requestedData: string[];
};

/** What a place costs under its promotion. */
export type PlacePrice = {
  promotionId: number | null;
  promotionName: string | null;
  discount: number;
};

const fullPrice: PlacePrice = { promotionId: null, promotionName: null, discount: 0 };

/** A held place as the contract's listaPosiciones item. */
export function heldPlaceView(place: HeldPlace, priced: PlacePrice = fullPrice) {
  return {
    idPosicion: place.positionId,
    idSector: place.sectorId,
    cSectorNombre: place.sectorName,
    cTipo: place.kind,
    cFila: place.row,
    nNumero: place.number,
    fPrecio: place.price,
    idPromocion: priced.promotionId,
    cPromocionNombre: priced.promotionName,
    fDescuento: priced.discount,
    fPrecioFinal: place.price - priced.discount,
  };
}

const placeColumns = {
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
  requestedData: performances.requestedData,
};

const placesInOrder = [asc(performances.startsAt), asc(sectors.sortOrder), asc(positions.id)];

function placesWhere(tx: Executor, condition: SQL | undefined): Promise<HeldPlace[]> {
  return tx
    .select(placeColumns)
    .from(positions)
    .innerJoin(sectors, eq(sectors.id, positions.sectorId))
    .innerJoin(performances, eq(performances.id, positions.performanceId))
    .where(condition)
    .orderBy(...placesInOrder);
}

/** Held by the process and not past its deadline (values, or a prepared statement's placeholders). */
const liveHeldBy = (processId: number | Placeholder, now: Date | Placeholder) =>
  and(
    eq(positions.heldByProcessId, processId),
    eq(positions.sold, false),
    gt(positions.heldUntil, now),
  );

/** Places a process holds right now (an expired hold is no longer the process's). */
export function liveHeldPlaces(tx: Executor, processId: number, now: Date) {
  return placesWhere(tx, liveHeldBy(processId, now));
}

/**
 * The places a process holds right now with the promotion each carries: what pricing them
 * needs, in one statement (the cart's view and the charge read both on every step).
 */
export async function liveHeldPlacesWithPromotions(
  tx: Executor,
  processId: number,
  now: Date,
): Promise<{ places: HeldPlace[]; chosen: ChosenPromotions }> {
  return withChosenPromotions(await heldWithPromotionsQuery(tx, processId, now));
}

/** The same read on the database itself, as a prepared statement (every step of a purchase). */
async function liveHeldPlacesWithPromotionsNow(db: Database, processId: number, now: Date) {
  const rows = await preparedOn(db, "held_places_with_promotions", (on) =>
    heldWithPromotionsQuery(on, sql.placeholder("process"), sql.placeholder("now")).prepare(
      "held_places_with_promotions",
    ),
  ).execute({ process: processId, now: now.toISOString() });
  return withChosenPromotions(rows);
}

/** The held places with their promotions, for given values or a prepared statement's placeholders. */
function heldWithPromotionsQuery(
  tx: Executor,
  processId: number | Placeholder,
  now: Date | Placeholder,
) {
  return tx
    .select({ place: placeColumns, promotion: promotions })
    .from(positions)
    .innerJoin(sectors, eq(sectors.id, positions.sectorId))
    .innerJoin(performances, eq(performances.id, positions.performanceId))
    .leftJoin(
      placePromotions,
      and(eq(placePromotions.processId, processId), eq(placePromotions.positionId, positions.id)),
    )
    .leftJoin(promotions, eq(promotions.id, placePromotions.promotionId))
    .where(liveHeldBy(processId, now))
    .orderBy(...placesInOrder);
}

function withChosenPromotions(
  rows: ReadonlyArray<{ place: HeldPlace; promotion: PromotionRow | null }>,
): { places: HeldPlace[]; chosen: ChosenPromotions } {
  const chosen: ChosenPromotions = { byPosition: new Map(), rows: new Map() };
  for (const { place, promotion } of rows) {
    if (!promotion) continue;
    chosen.byPosition.set(place.positionId, promotion.id);
    chosen.rows.set(promotion.id, promotion);
  }
  return { places: rows.map((row) => row.place), chosen };
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

export async function loadProcessView(
  deps: Pick<CommerceDeps, "db" | "now" | "ticketSecret" | "extensionMinutes">,
  process: ProcessRow,
  language: Language,
  /**
   * Read the latest payment too (oPago): what Proceso/{id} answers. The answers of changes
   * (take, delivery, payment method…) leave it out: one statement less on each step of an
   * on-sale's hot path, for a field nobody reads there.
   */
  { withPayment = false }: { withPayment?: boolean } = {},
): Promise<PurchaseProcess> {
  const { db } = deps;
  const now = deps.now();
  const state = processState(process.status, process.deadline, now);
  // Only a paid process has places bought and an order; an ended one shows nothing.
  const [{ places, chosen }, [order], payment, booking] = await Promise.all([
    state === "ACTIVE"
      ? liveHeldPlacesWithPromotionsNow(db, process.id, now)
      : state === "PAID"
        ? boughtPlaces(db, process.id).then((bought) => ({ places: bought, chosen: null }))
        : Promise.resolve({ places: [], chosen: null }),
    state === "PAID"
      ? db.select().from(orders).where(eq(orders.processId, process.id)).limit(1)
      : Promise.resolve([]),
    withPayment ? latestPaymentView(db, process.id, language) : Promise.resolve(undefined),
    withPayment ? isBooking(db, process.id) : Promise.resolve(undefined),
  ]);
  const groups = groupByPerformance(places);
  const cards = await cardsOfShows(
    deps,
    groups.map((g) => g.showId),
    { now, language },
  );
  const delivery = deliveryTypeById(process.deliveryTypeId);
  let totals: Omit<Totals, "tickets">;
  let prices: Map<number, PlacePrice>;
  if (order) {
    totals = {
      subtotal: order.ticketsTotal,
      discount: order.discountTotal,
      deliveryFee: order.deliveryFee,
      serviceCharge: order.serviceCharge,
      total: order.total,
    };
    prices = await soldPrices(db, order.id, language);
  } else {
    const priced = chosen
      ? { totals: priceChosen(places, chosen, delivery), promotions: chosen.rows }
      : await priceHeldPlaces(db, process.id, places, delivery);
    totals = priced.totals;
    prices = new Map(
      places.map((place, index) => {
        const ticket = priced.totals.tickets[index];
        const row =
          ticket.promotionId === null ? undefined : priced.promotions.get(ticket.promotionId);
        return [
          place.positionId,
          {
            promotionId: ticket.promotionId,
            promotionName: row ? localized(row.name, language) : null,
            discount: ticket.discount,
          },
        ];
      }),
    );
  }
  const priceOf = (place: HeldPlace) => prices.get(place.positionId) ?? fullPrice;
  return {
    idProcesoDeCompra: process.id,
    ctProcess: process.kind,
    cEstado: state,
    dDesde: process.startedAt.toISOString(),
    dMaxima: process.deadline.toISOString(),
    nMinutos: processMinutes(process.startedAt, process.deadline),
    lExtendido: process.extendedAt !== null,
    nMinutosExtension: extensionOffered(extensionMinutesOf(deps), process, state),
    listaFuncion: groups.map((group) => ({
      idFuncion: group.performanceId,
      oEspectaculo: cardOf(cards, group.showId),
      oFuncionFecha: functionDateParts(group.startsAt),
      nCantidadPosiciones: group.places.length,
      fPrecioTotalFinal: group.places.reduce((sum, p) => sum + p.price - priceOf(p).discount, 0),
      listaPosiciones: group.places.map((place) => heldPlaceView(place, priceOf(place))),
    })),
    oCantidadTotal: { nCantidadTotal: places.length },
    idEntregaTipo: process.deliveryTypeId,
    idClienteDomicilio: process.deliveryAddressId,
    nFormaDePago: process.paymentMethodId,
    fSubtotal: totals.subtotal,
    fDescuento: totals.discount,
    fCargoEntrega: totals.deliveryFee,
    fCargoServicio: totals.serviceCharge,
    fCargoQr: ANTI_FRAUD_QR_CHARGE,
    fTotal: totals.total,
    idPedido: order?.id ?? null,
    oPago: payment,
    lReserva: booking,
    cClaveInvalidar: cancelKeyOf(deps.ticketSecret, process),
  };
}

async function isBooking(db: Executor, processId: number): Promise<boolean> {
  const found = await db
    .select({ id: bookings.processId })
    .from(bookings)
    .where(eq(bookings.processId, processId))
    .limit(1);
  return found.length > 0;
}

/** What each sold place of an order cost, by position: the tickets keep their promotion. */
async function soldPrices(
  db: Executor,
  orderId: number,
  language: Language,
): Promise<Map<number, PlacePrice>> {
  const sold = await db
    .select({
      positionId: tickets.positionId,
      promotionId: tickets.promotionId,
      discount: tickets.discount,
      promotionName: promotions.name,
    })
    .from(tickets)
    .leftJoin(promotions, eq(promotions.id, tickets.promotionId))
    .where(eq(tickets.orderId, orderId));
  return new Map(
    sold.map((ticket) => [
      ticket.positionId,
      {
        promotionId: ticket.promotionId,
        promotionName: ticket.promotionName ? localized(ticket.promotionName, language) : null,
        discount: ticket.discount,
      },
    ]),
  );
}
