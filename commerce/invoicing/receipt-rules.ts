// Pure rules of receipts: the VAT a total includes, the receipt's fiscal date, the CUIT's
// check digit, the CAE's shape and expiry, and what makes a receipt request malformed. The
// sandbox authority judges requests with these; the issuer builds them with the same.
import type { ReceiptRequest } from "./authority.ts";
import { receiptTypes } from "./authority.ts";

/** The shop's time zone: receipts are dated by its calendar. */
export const FISCAL_TIME_ZONE = "America/Argentina/Buenos_Aires";

/** Days a CAE stays valid after the receipt's date (the authority's rule for services). */
export const CAE_VALID_DAYS = 10;

/** Splits a total (VAT included, as a "B" receipt shows it) into net and VAT, whole pesos. */
export function vatIncluded(total: number, ratePercent: number): { net: number; vat: number } {
  const net = Math.round((total * 100) / (100 + ratePercent));
  return { net, vat: total - net };
}

const fiscalDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: FISCAL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The receipt's date, YYYY-MM-DD, in the shop's time zone. */
export function fiscalDate(at: Date): string {
  return fiscalDay.format(at);
}

/** The day a CAE given for a receipt of `issuedOn` expires. */
export function caeExpiry(issuedOn: string): string {
  const day = new Date(`${issuedOn}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + CAE_VALID_DAYS);
  return day.toISOString().slice(0, 10);
}

/** Whether an 11-digit CUIT's last digit is its check digit (modulo 11, weights 5432765432). */
export function isValidCuit(cuit: string): boolean {
  if (!/^\d{11}$/.test(cuit)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(cuit[i]), 0);
  const rest = 11 - (sum % 11);
  const check = rest === 11 ? 0 : rest === 10 ? 9 : rest;
  return check === Number(cuit[10]);
}

export const isCae = (value: string) => /^[1-9]\d{13}$/.test(value);

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** What is wrong with a receipt request, or null when it is well formed. */
export function receiptProblem(receipt: ReceiptRequest): string | null {
  if (!isValidCuit(receipt.issuerTaxId)) return "issuer tax id";
  if (!Number.isInteger(receipt.pointOfSale) || receipt.pointOfSale < 1) return "point of sale";
  if (receipt.pointOfSale > 99_999) return "point of sale";
  if (!Number.isInteger(receipt.number) || receipt.number < 1 || receipt.number > 99_999_999) {
    return "number";
  }
  const isBill = receipt.receiptType === receiptTypes.BILL_B;
  const isCreditNote = receipt.receiptType === receiptTypes.CREDIT_NOTE_B;
  if (!isBill && !isCreditNote) return "receipt type";
  if (isCreditNote !== (receipt.associated !== undefined)) return "associated receipt";
  if (!isDay(receipt.issuedOn)) return "date";
  const amounts = [receipt.total, receipt.net, receipt.vat];
  if (!amounts.every((amount) => Number.isInteger(amount) && amount >= 0)) return "amounts";
  if (receipt.total <= 0 || receipt.net + receipt.vat !== receipt.total) return "amounts";
  return null;
}
