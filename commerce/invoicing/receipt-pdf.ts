// A bill or credit note as a PDF (A4): the shop's tax data, the receipt's letter, type, code,
// point of sale, number and date, the buyer, its lines, the total with the VAT it includes,
// and the fiscal authority's CAE with its expiry (or that it is still being processed).
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatPesos } from "../domain/money.ts";
import { type Language, translate } from "../i18n.ts";
import { toWinAnsi } from "../tickets/eticket.ts";
import type { IssuerSettings } from "./issuer.ts";
import { FISCAL_TIME_ZONE } from "./receipt-rules.ts";

export type ReceiptPdfInput = {
  issuer: IssuerSettings;
  receiptType: number;
  /** "00003-00000012". */
  printedNumber: string;
  issuedOn: string;
  orderId: number;
  buyer: { name: string; document: string | null };
  /** A credit note's bill: its type and printed number. */
  references: { receiptType: number; printedNumber: string } | null;
  lines: Array<{ quantity: number; description: string; amount: number }>;
  total: number;
  vat: number;
  /**
   * The order's totals as My orders shows them (orders/order-totals.ts), labelled, printed
   * under the total: a bill reads as the buyer's order does. Empty on a credit note.
   */
  orderTotals?: Array<{ label: string; amount: number }>;
  cae: string | null;
  caeExpiresOn: string | null;
  /** Issued with the sandbox authority: the PDF says it is not a real tax receipt. */
  sandbox: boolean;
};

const ink = rgb(0.1, 0.1, 0.12);
const muted = rgb(0.4, 0.4, 0.45);
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const locales: Record<Language, string> = { es: "es-AR", en: "en-US", pt: "pt-BR" };

const dateTimes = new Map<Language, Intl.DateTimeFormat>();

/** A performance's date and time on a receipt's line, in the shop's time zone. */
export function lineDateTime(at: Date, language: Language): string {
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], {
      timeZone: FISCAL_TIME_ZONE,
      dateStyle: "short",
      timeStyle: "short",
    });
    dateTimes.set(language, format);
  }
  return format.format(at);
}

/** "2031-03-10" as the language writes a date (10/03/2031, 3/10/2031). */
function shownDate(day: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

export async function renderReceiptPdf(
  input: ReceiptPdfInput,
  language: Language,
): Promise<Uint8Array> {
  const t = translate(language);
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const printable = new Set(regular.getCharacterSet());
  const clean = (text: string) => toWinAnsi(text, printable);
  const typeName = t(`receipts:types.${input.receiptType}`);
  pdf.setTitle(clean(t("receipts:documentTitle", { type: typeName, number: input.printedNumber })));
  pdf.setLanguage(locales[language]);

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  const text = (
    value: string,
    x: number,
    y: number,
    options: { size?: number; font?: PDFFont; color?: typeof ink; right?: boolean } = {},
  ) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    const shown = clean(value);
    const left = options.right ? x - font.widthOfTextAtSize(shown, size) : x;
    page.drawText(shown, { x: left, y, size, font, color: options.color ?? ink });
  };
  const rule = (p: PDFPage, y: number) =>
    p.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.75,
      color: muted,
    });

  // The header: the issuer on the left, the letter in its box in the middle, the receipt right.
  const top = PAGE.height - MARGIN;
  const { issuer } = input;
  text(issuer.legalName, MARGIN, top - 14, { size: 14, font: bold });
  text(issuer.address, MARGIN, top - 32);
  text(issuer.vatCondition, MARGIN, top - 46);
  const middle = PAGE.width / 2;
  page.drawRectangle({
    x: middle - 22,
    y: top - 50,
    width: 44,
    height: 50,
    borderColor: ink,
    borderWidth: 1,
  });
  const letter = t("receipts:letter");
  text(letter, middle - bold.widthOfTextAtSize(letter, 26) / 2, top - 32, { size: 26, font: bold });
  text(
    t("receipts:code", { code: String(input.receiptType).padStart(2, "0") }),
    middle - 18,
    top - 46,
    {
      size: 7,
    },
  );
  const right = PAGE.width - MARGIN;
  text(typeName, right, top - 14, { size: 14, font: bold, right: true });
  text(`${t("receipts:number")} ${input.printedNumber}`, right, top - 32, { right: true });
  text(`${t("receipts:date")}: ${shownDate(input.issuedOn, language)}`, right, top - 46, {
    right: true,
  });
  let y = top - 74;
  const facts: Array<[string, string]> = [
    [t("receipts:taxId"), issuer.taxId],
    [t("receipts:grossIncome"), issuer.grossIncomeNumber],
    [t("receipts:activityStart"), shownDate(issuer.activityStart, language)],
    [t("receipts:pointOfSale"), String(issuer.pointOfSale).padStart(5, "0")],
  ];
  for (const [label, value] of facts) {
    text(`${label}: ${value}`, MARGIN, y, { size: 9 });
    y -= 13;
  }
  rule(page, y + 4);
  y -= 14;

  // The buyer, the order, and the bill a credit note gives back.
  text(`${t("receipts:buyer")}: ${input.buyer.name}`, MARGIN, y, { font: bold });
  y -= 14;
  if (input.buyer.document) {
    text(input.buyer.document, MARGIN, y);
    y -= 14;
  }
  text(`${t("receipts:buyerCondition")} · ${t("receipts:order")} ${input.orderId}`, MARGIN, y);
  y -= 14;
  if (input.references) {
    text(
      t("receipts:references", {
        type: t(`receipts:types.${input.references.receiptType}`),
        number: input.references.printedNumber,
      }),
      MARGIN,
      y,
      { font: bold },
    );
    y -= 14;
  }
  rule(page, y + 4);
  y -= 16;

  // The lines.
  text(t("receipts:quantity"), MARGIN, y, { size: 9, color: muted });
  text(t("receipts:description"), MARGIN + 40, y, { size: 9, color: muted });
  text(t("receipts:amount"), right, y, { size: 9, color: muted, right: true });
  y -= 16;
  for (const line of input.lines) {
    if (y < MARGIN + 140) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
    text(String(line.quantity), MARGIN, y);
    let description = clean(line.description);
    while (regular.widthOfTextAtSize(description, 10) > right - MARGIN - 140) {
      description = `${description.slice(0, -2)}…`;
    }
    text(description, MARGIN + 40, y);
    text(formatPesos(line.amount), right, y, { right: true });
    y -= 15;
  }
  rule(page, y + 6);
  y -= 18;
  text(`${t("receipts:total")}: ${formatPesos(input.total)}`, right, y, {
    size: 14,
    font: bold,
    right: true,
  });
  y -= 16;
  text(
    t("receipts:vatIncluded", { percent: issuer.vatPercent, vat: formatPesos(input.vat) }),
    right,
    y,
    { size: 9, color: muted, right: true },
  );
  for (const line of input.orderTotals ?? []) {
    y -= 14;
    text(`${clean(line.label)}: ${formatPesos(line.amount)}`, right, y, { size: 10, right: true });
  }

  // The authorization, at the foot.
  let foot = MARGIN + 48;
  rule(page, foot + 20);
  if (input.cae && input.caeExpiresOn) {
    text(`${t("receipts:cae")}: ${input.cae}`, MARGIN, foot, { size: 12, font: bold });
    text(`${t("receipts:caeExpiry")}: ${shownDate(input.caeExpiresOn, language)}`, right, foot, {
      size: 12,
      font: bold,
      right: true,
    });
  } else {
    text(t("receipts:caePending"), MARGIN, foot, { size: 11, font: bold });
  }
  foot -= 18;
  if (input.sandbox) text(t("receipts:sandboxNote"), MARGIN, foot, { size: 9, color: muted });
  return pdf.save();
}
