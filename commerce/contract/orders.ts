// Contract of the order calls (spec §7 "Other"): the caller's order history, and the e-ticket,
// bill and credit note PDFs of one of their orders.
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { paymentStates } from "./purchase.ts";
import { functionDateSchema, idParams, idPath, listOf, showCardSchema } from "./shared.ts";

export const orderTicketSchema = z.object({
  idTicket: z.number().int(),
  cCodigo: z.string(),
  cSectorNombre: z.string(),
  cFila: z.string().nullable(),
  nNumero: z.number().int().nullable(),
  /** What was paid for it, after its promotion. */
  fPrecio: z.number().int(),
  /** The promotion it was sold with (null: none) and what it took off. */
  cPromocionNombre: z.string().nullable(),
  fDescuento: z.number().int(),
});

export const orderPerformanceSchema = z.object({
  idFuncion: z.number().int(),
  oEspectaculo: showCardSchema,
  oFuncionFecha: functionDateSchema,
  /** How long the show lasts (the calendar event's end); null when the catalog does not say. */
  nDuracionMinutos: z.number().int().nullable(),
  cEstablecimientoNombre: z.string(),
  listaTickets: z.array(orderTicketSchema),
  /** What the performance asked before paying, as answered (the holder's name…). */
  listaDatos: z.array(z.object({ cCodigo: z.string(), cEtiqueta: z.string(), cValor: z.string() })),
});

/** One payment of the order's purchase, approved or not (spec §3: payments). */
export const orderPaymentSchema = z.object({
  dFecha: z.string(),
  cEstado: z.enum(paymentStates),
  /** What the shop was paid (or asked); fTotalCuotas what the buyer pays the bank. */
  fMonto: z.number().int(),
  nCuotas: z.number().int(),
  fTotalCuotas: z.number().int(),
  cMarca: z.string().nullable(),
  cUltimos4: z.string().nullable(),
  /** Paid with a wallet: its name in the caller's language ("Apay"); null for a card. */
  cBilletera: z.string().nullable(),
  /** Why it was refused or given back, in the caller's language. */
  cMotivo: z.string().nullable(),
});

/** Where a home delivery goes, as the order kept it when paid. */
export const orderDeliveryAddressSchema = z.object({
  cReferente: z.string().nullable(),
  cCalle: z.string(),
  cNumero: z.string(),
  cPiso: z.string().nullable(),
  cDepartamento: z.string().nullable(),
  cLocalidad: z.string(),
  cProvincia: z.string(),
  cCodigoPostal: z.string(),
  cPais: z.string(),
});

/** A bill of the order, or the credit note that gave it back (spec §3: bills). */
export const orderReceiptSchema = z.object({
  idComprobante: z.number().int(),
  cTipo: z.enum(["FACTURA", "NOTA_DE_CREDITO"]),
  /** The fiscal authority's code of the receipt type (6 Factura B, 8 Nota de crédito B). */
  nTipoComprobante: z.number().int(),
  /** Its name as printed, in the caller's language ("Factura B"). */
  cTipoNombre: z.string(),
  nPuntoDeVenta: z.number().int(),
  nNumero: z.number().int(),
  /** Point of sale and number as printed: "00003-00000012". */
  cNumero: z.string(),
  /** A credit note's bill (its printed number); null for a bill. */
  cReferencia: z.string().nullable(),
  dFecha: z.string(),
  fImporte: z.number().int(),
  /** The fiscal authority's authorization and its expiry (YYYY-MM-DD); null while pending. */
  cCae: z.string().nullable(),
  dVencimientoCae: z.string().nullable(),
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

export const orderSchema = z.object({
  idPedido: z.number().int(),
  idProcesoDeCompra: z.number().int(),
  cEstado: z.string(),
  dFecha: z.string(),
  cEntrega: z.string(),
  /** Home delivery's address; null for any other delivery. */
  oDomicilioEntrega: orderDeliveryAddressSchema.nullable(),
  /**
   * Its totals as §3 lists them (orders/order-totals.ts): the tickets at their own prices
   * (fDescuento is what promotions took off), delivery, the anti-fraud QR charge, the service
   * charge, the total, and of it what approved payments paid and what is still pending.
   */
  fTotalTickets: z.number().int(),
  fDescuento: z.number().int(),
  fCargoEntrega: z.number().int(),
  fCargoQr: z.number().int(),
  fCargoServicio: z.number().int(),
  fTotal: z.number().int(),
  fTotalPagado: z.number().int(),
  fPendiente: z.number().int(),
  nCuotas: z.number().int(),
  cUltimos4: z.string().nullable(),
  /** Sold at the box office: to this walk-in buyer, paid as cMedioDePago. */
  lBoleteria: z.boolean(),
  cComprador: z.string().nullable(),
  /** CARD (online), CASH or CARD_PRESENT (box office). */
  cMedioDePago: z.enum(["CARD", "CASH", "CARD_PRESENT", "WALLET"]),
  /** Every payment of its purchase, oldest first (nPagos of them). */
  nPagos: z.number().int(),
  listaPagos: z.array(orderPaymentSchema),
  /** Its bill and, once cancelled, its credit note (with a PDF each). */
  listaComprobantes: z.array(orderReceiptSchema),
  listaFunciones: z.array(orderPerformanceSchema),
});
export type Order = z.infer<typeof orderSchema>;
export const ordersResponse = listOf(orderSchema);

// ---------------------------------------------------------------- endpoints

export const ordersEndpoint = defineEndpoint({
  id: "orders",
  method: "GET",
  path: "/Historial2",
  area: "orders",
  summary: "The caller's orders, newest first, with their tickets.",
  access: "customer",
  response: ordersResponse,
});

export const orderEndpoint = defineEndpoint({
  id: "order",
  method: "GET",
  path: "/Pedido/{id}",
  area: "orders",
  summary:
    "One of the caller's orders as Historial2 lists it (the purchase-ended page shows its " +
    "totals); anyone else's is a 404.",
  access: "customer",
  params: idParams,
  response: orderSchema,
});

/** Which receipt of an order: its bill or its credit note. */
export const receiptKinds = ["FACTURA", "NOTA_DE_CREDITO"] as const;

export const receiptPdfEndpoint = defineEndpoint({
  id: "receiptPdf",
  method: "GET",
  path: "/Pedido/{id}/Comprobante/{cTipo}",
  area: "orders",
  summary:
    "The PDF of one of the caller's orders' bill (FACTURA) or credit note (NOTA_DE_CREDITO): " +
    "the shop's tax data, type and number, date, buyer, lines, total, CAE and its expiry.",
  access: "customer",
  params: z.object({ id: idPath, cTipo: z.enum(receiptKinds) }),
  response: { file: "application/pdf" },
});

export const eticketEndpoint = defineEndpoint({
  id: "eticket",
  method: "GET",
  path: "/Pedido/{id}/ETicket",
  area: "orders",
  summary: "The e-ticket PDF of one of the caller's orders: one page and QR code per ticket.",
  access: "customer",
  params: idParams,
  response: { file: "application/pdf" },
});
