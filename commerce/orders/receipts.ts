// The receipts of orders as the order history shows them (Historial2's listaComprobantes):
// the bill, then the credit note that gave it back, with their CAE once authorized.
import { asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { OrderReceipt } from "../contract/index.ts";
import type { Executor } from "../db/client.ts";
import { receipts } from "../db/schema.ts";
import { type Language, translate } from "../i18n.ts";

/** "00003-00000012": point of sale and number as printed on a receipt. */
export const printedNumber = (pointOfSale: number, number: number) =>
  `${String(pointOfSale).padStart(5, "0")}-${String(number).padStart(8, "0")}`;

export async function loadReceipts(
  db: Executor,
  orderIds: readonly number[],
  language: Language,
): Promise<Map<number, OrderReceipt[]>> {
  const byOrder = new Map<number, OrderReceipt[]>();
  if (orderIds.length === 0) return byOrder;
  const bills = alias(receipts, "bill");
  const rows = await db
    .select({ receipt: receipts, bill: { pointOfSale: bills.pointOfSale, number: bills.number } })
    .from(receipts)
    .leftJoin(bills, eq(bills.id, receipts.billId))
    .where(inArray(receipts.orderId, [...orderIds]))
    .orderBy(asc(receipts.id));
  const t = translate(language);
  for (const { receipt, bill } of rows) {
    const list = byOrder.get(receipt.orderId) ?? [];
    list.push({
      idComprobante: receipt.id,
      cTipo: receipt.kind === "BILL" ? "FACTURA" : "NOTA_DE_CREDITO",
      nTipoComprobante: receipt.receiptType,
      cTipoNombre: t(`receipts:types.${receipt.receiptType}`),
      nPuntoDeVenta: receipt.pointOfSale,
      nNumero: receipt.number,
      cNumero: printedNumber(receipt.pointOfSale, receipt.number),
      cReferencia: bill ? printedNumber(bill.pointOfSale, bill.number) : null,
      dFecha: receipt.issuedAt.toISOString(),
      fImporte: receipt.total,
      cCae: receipt.cae,
      dVencimientoCae: receipt.caeExpiresOn,
    });
    byOrder.set(receipt.orderId, list);
  }
  return byOrder;
}
