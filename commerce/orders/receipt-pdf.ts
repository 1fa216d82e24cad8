// The bill or credit note of one of a customer's orders as a PDF (invoicing/receipt-pdf.ts).
// Another customer's order, or a receipt the order does not have (yet), is a 404.
import { and, eq } from "drizzle-orm";
import type { Order } from "../contract/index.ts";
import { customers, receipts } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { translate } from "../i18n.ts";
import { lineDateTime, renderReceiptPdf } from "../invoicing/receipt-pdf.ts";
import { fiscalDate } from "../invoicing/receipt-rules.ts";
import { SandboxFiscalAuthority } from "../invoicing/sandbox-authority.ts";
import { loadOrders } from "./history.ts";
import { printedNumber } from "./receipts.ts";

/** The order's totals on its bill, with the labels and figures My orders shows. */
function billTotals(order: Order, t: (key: string) => string) {
  return [
    { label: t("receipts:totals.tickets"), amount: order.fTotalTickets },
    { label: t("receipts:totals.discount"), amount: -order.fDescuento },
    { label: t("receipts:totals.delivery"), amount: order.fCargoEntrega },
    { label: t("receipts:totals.antiFraudQr"), amount: order.fCargoQr },
    { label: t("receipts:totals.serviceCharge"), amount: order.fCargoServicio },
    { label: t("receipts:totals.paid"), amount: order.fTotalPagado },
    { label: t("receipts:totals.pending"), amount: order.fPendiente },
  ];
}

export async function orderReceiptPdf(
  deps: CommerceDeps,
  input: { customerId: number; orderId: number; kind: "BILL" | "CREDIT_NOTE"; language: Language },
): Promise<Uint8Array> {
  const { customerId, orderId, language } = input;
  const [found] = await loadOrders(deps, customerId, { now: deps.now(), language, orderId });
  if (!found) throw notFound();
  const [receipt] = await deps.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.orderId, orderId), eq(receipts.kind, input.kind)));
  if (!receipt) throw notFound();
  const [bill] = receipt.billId
    ? await deps.db.select().from(receipts).where(eq(receipts.id, receipt.billId))
    : [];
  const [customer] = await deps.db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      documentType: customers.documentType,
      documentNumber: customers.documentNumber,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  const t = translate(language);
  // A box-office sale is billed to its walk-in buyer (a final consumer without a document).
  const buyer = found.order.cComprador
    ? { name: found.order.cComprador, document: null }
    : {
        name: `${customer.firstName} ${customer.lastName}`,
        document: `${customer.documentType} ${customer.documentNumber}`,
      };

  // One line per performance, sector and price: "2 × Show — date — Sector".
  const lines = new Map<string, { quantity: number; description: string; amount: number }>();
  for (const ticket of found.tickets) {
    const card = found.cards.get(ticket.showId);
    const show = card?.cEspectaculoCartelNombre ?? "";
    const description = ticket.isProduct
      ? t("receipts:productLine", { show, sector: ticket.sectorName })
      : t("receipts:ticketLine", {
          show,
          date: lineDateTime(ticket.startsAt, language),
          sector: ticket.sectorName,
        });
    const key = `${ticket.performanceId}/${ticket.sectorId}/${ticket.price}`;
    const line = lines.get(key) ?? { quantity: 0, description, amount: 0 };
    line.quantity += 1;
    line.amount += ticket.price;
    lines.set(key, line);
  }
  const { order } = found;
  const charges = [
    [t("receipts:deliveryFee"), order.fCargoEntrega],
    [t("receipts:serviceCharge"), order.fCargoServicio],
  ] as const;
  for (const [description, amount] of charges) {
    if (amount > 0) lines.set(description, { quantity: 1, description, amount });
  }

  return renderReceiptPdf(
    {
      issuer: deps.invoicing.issuer,
      receiptType: receipt.receiptType,
      printedNumber: printedNumber(receipt.pointOfSale, receipt.number),
      issuedOn: fiscalDate(receipt.issuedAt),
      orderId,
      buyer,
      references: bill
        ? {
            receiptType: bill.receiptType,
            printedNumber: printedNumber(bill.pointOfSale, bill.number),
          }
        : null,
      lines: [...lines.values()],
      total: receipt.total,
      vat: receipt.vat,
      orderTotals: input.kind === "BILL" ? billTotals(order, t) : [],
      cae: receipt.cae,
      caeExpiresOn: receipt.caeExpiresOn,
      sandbox: deps.invoicing.authority instanceof SandboxFiscalAuthority,
    },
    language,
  );
}
