// The printable e-ticket: one A4 page per ticket with the show, place, seat, price, order and
// a QR code of the signed ticket code that the door scanner reads. A shop product's page is
// a pickup voucher instead: where and what, with no date or seat.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatPesos } from "../domain/money.ts";
import { type Language, translate } from "../i18n.ts";
import { type QrPath, qrPath } from "./qr-path.ts";

export type ETicketInput = {
  orderId: number;
  customerName: string;
  tickets: Array<{
    showTitle: string;
    venueName: string;
    /** Null for shop products, which have no date. */
    startsAt: Date | null;
    /** A shop product (§3): its page is a pickup voucher, with no date and no seat. */
    isProduct: boolean;
    sectorName: string;
    row: string | null;
    number: number | null;
    price: number;
    /** The promotion it was sold with, in the ticket's language; null: none. */
    promotion: string | null;
    code: string;
    /**
     * What the performance asked before paying (decision 0044), for a named ticket: the
     * holder it names replaces the buyer's name on the page; the DNI and institution print
     * under it, as the door staff may ask for them.
     */
    named?: { holderName?: string; holderDocument?: string; institution?: string };
  }>;
};

type Ticket = ETicketInput["tickets"][number];

const TIME_ZONE = "America/Argentina/Buenos_Aires";
const locales: Record<Language, string> = { es: "es-AR", en: "en-US", pt: "pt-BR" };

// Intl formatters are costly to build; one pair per language is enough.
const dateFormatters = new Map<
  Language,
  { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }
>();

function formattersFor(language: Language) {
  let formatters = dateFormatters.get(language);
  if (!formatters) {
    const locale = locales[language];
    formatters = {
      date: new Intl.DateTimeFormat(locale, {
        timeZone: TIME_ZONE,
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
      }),
      // Argentina and Brazil read 24-hour times ("20:30"); English keeps "8:30 PM".
      time: new Intl.DateTimeFormat(locale, {
        timeZone: TIME_ZONE,
        hour: language === "en" ? "numeric" : "2-digit",
        minute: "2-digit",
        hourCycle: language === "en" ? "h12" : "h23",
      }),
    };
    dateFormatters.set(language, formatters);
  }
  return formatters;
}

function capitalize(text: string, language: Language): string {
  return text.charAt(0).toLocaleUpperCase(locales[language]) + text.slice(1);
}

// Letters outside WinAnsi that have no accent to strip but an obvious Latin stand-in.
const fallbacks: Record<string, string> = {
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ı: "i",
  "−": "-",
  "‐": "-",
};

/**
 * Makes text printable with a standard (WinAnsi) font, which throws on anything it cannot
 * encode. Accented Latin letters (á, ñ, ç, ã, ü) are in WinAnsi and stay as they are; other
 * accented letters lose the accent; odd spaces become spaces; anything else becomes "?".
 */
export function toWinAnsi(text: string, printable: ReadonlySet<number>): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (/\s/u.test(char)) {
      out += " ";
      continue;
    }
    // Controls, zero-width characters and stray marks (emoji variation selectors) print nothing.
    if (/[\p{Cc}\p{Cf}\p{M}]/u.test(char)) continue;
    const codePoint = char.codePointAt(0) as number;
    if (printable.has(codePoint)) {
      out += char;
      continue;
    }
    const stripped = fallbacks[char] ?? char.normalize("NFD").replace(/\p{M}/gu, "");
    const fits =
      stripped.length > 0 && [...stripped].every((c) => printable.has(c.codePointAt(0) as number));
    out += fits ? stripped : "?";
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** Splits text into lines no wider than maxWidth; caps the count with an ellipsis. */
function wrap(
  text: string,
  font: PDFFont,
  size: number,
  maxWidth: number,
  maxLines: number,
): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= maxWidth;
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ").filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    // A single word wider than the line (a long code or URL) is cut by characters.
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last.length > 0 && !fits(`${last}…`)) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

const ink = rgb(0.1, 0.1, 0.12);
const muted = rgb(0.4, 0.4, 0.45);
const brand = rgb(0.05, 0.27, 0.5);
const white = rgb(1, 1, 1);

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const QR_SIZE = 190;

export async function renderETicketPdf(
  input: ETicketInput,
  language: Language,
): Promise<Uint8Array> {
  if (input.tickets.length === 0) throw new RangeError("An e-ticket needs at least one ticket");
  const t = translate(language);
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const printable = new Set(regular.getCharacterSet());
  const clean = (text: string) => toWinAnsi(text, printable);

  const onlyProducts = input.tickets.every((ticket) => ticket.isProduct);
  const title = onlyProducts ? "eticket:productsDocumentTitle" : "eticket:documentTitle";
  pdf.setTitle(t(title, { orderId: input.orderId }));
  pdf.setLanguage(locales[language]);

  const count = input.tickets.length;
  for (const [index, ticket] of input.tickets.entries()) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    const qr = qrPath(ticket.code);
    const position = { index: index + 1, count };
    drawTicket(page, {
      fonts: { regular, bold, mono },
      clean,
      heading: t(ticket.isProduct ? "eticket:productHeading" : "eticket:heading"),
      counter: t(ticket.isProduct ? "eticket:productOf" : "eticket:ticketOf", position),
      title: ticket.showTitle,
      rows: ticket.isProduct
        ? productRows(ticket, input, language)
        : detailRows(ticket, input, language),
      code: ticket.code,
      codeLabel: t("eticket:code"),
      notes: ticket.isProduct
        ? [t("eticket:productEntryNote"), t("eticket:productShareNote")]
        : [t("eticket:entryNote"), t("eticket:shareNote")],
      qr,
    });
  }
  return pdf.save();
}

/** Characters of a code per printed line: 9-point Courier under the QR code's width. */
const CODE_LINE_CHARS = 34;

/**
 * The code as printed under its QR code, for staff who type it when the QR will not scan:
 * what it names (`T<ticket>.<performance>.`) on a line, then its signature in even lines
 * short enough to stay readable (one long line would shrink to a few points).
 */
export function printedCodeLines(code: string, lineChars = CODE_LINE_CHARS): string[] {
  const cut = code.lastIndexOf(".") + 1;
  const head = code.slice(0, cut);
  const signature = code.slice(cut);
  const count = Math.max(1, Math.ceil(signature.length / lineChars));
  const size = Math.ceil(signature.length / count);
  const lines = head ? [head] : [];
  for (let at = 0; at < signature.length; at += size) lines.push(signature.slice(at, at + size));
  return lines;
}

function seatText(ticket: Ticket, language: Language): string {
  const t = translate(language);
  const { row, number } = ticket;
  if (row && number !== null) return t("eticket:rowAndNumber", { row, number });
  if (row) return t("eticket:rowOnly", { row });
  if (number !== null) return t("eticket:numberOnly", { number });
  return t("eticket:generalAdmission");
}

function detailRows(
  ticket: Ticket,
  input: ETicketInput,
  language: Language,
): Array<[string, string]> {
  const t = translate(language);
  const rows: Array<[string, string]> = [[t("eticket:venue"), ticket.venueName]];
  if (ticket.startsAt) {
    const { date, time } = formattersFor(language);
    rows.push([t("eticket:date"), capitalize(date.format(ticket.startsAt), language)]);
    rows.push([t("eticket:time"), time.format(ticket.startsAt)]);
  }
  rows.push(
    [t("eticket:sector"), ticket.sectorName],
    [t("eticket:seat"), seatText(ticket, language)],
    [t("eticket:price"), formatPesos(ticket.price)],
    ...(ticket.promotion ? [[t("eticket:promotion"), ticket.promotion] as [string, string]] : []),
    [t("eticket:order"), String(input.orderId)],
    [t("eticket:holder"), ticket.named?.holderName ?? input.customerName],
  );
  if (ticket.named?.holderDocument) {
    rows.push([t("eticket:holderDocument"), ticket.named.holderDocument]);
  }
  if (ticket.named?.institution) rows.push([t("eticket:institution"), ticket.named.institution]);
  return rows;
}

/** A product's voucher: where to pick it up and what (its only sector names the unit). */
function productRows(
  ticket: Ticket,
  input: ETicketInput,
  language: Language,
): Array<[string, string]> {
  const t = translate(language);
  return [
    [t("eticket:pickupAt"), ticket.venueName],
    [t("eticket:product"), ticket.sectorName],
    [t("eticket:price"), formatPesos(ticket.price)],
    [t("eticket:order"), String(input.orderId)],
    [t("eticket:holder"), input.customerName],
  ];
}

type TicketLayout = {
  fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont };
  clean: (text: string) => string;
  heading: string;
  counter: string;
  title: string;
  rows: Array<[string, string]>;
  code: string;
  codeLabel: string;
  notes: string[];
  qr: QrPath;
};

function drawTicket(page: PDFPage, layout: TicketLayout) {
  const { regular, bold, mono } = layout.fonts;
  const { clean } = layout;
  const contentWidth = PAGE.width - 2 * MARGIN;

  // Header band: what this document is and which ticket of the order.
  const bandHeight = 64;
  page.drawRectangle({
    x: 0,
    y: PAGE.height - bandHeight,
    width: PAGE.width,
    height: bandHeight,
    color: brand,
  });
  const heading = clean(layout.heading);
  page.drawText(heading, { x: MARGIN, y: PAGE.height - 40, size: 20, font: bold, color: white });
  const counter = clean(layout.counter);
  page.drawText(counter, {
    x: PAGE.width - MARGIN - regular.widthOfTextAtSize(counter, 12),
    y: PAGE.height - 38,
    size: 12,
    font: regular,
    color: white,
  });

  // Show title across the page.
  let y = PAGE.height - bandHeight - 44;
  for (const line of wrap(clean(layout.title), bold, 22, contentWidth, 3)) {
    page.drawText(line, { x: MARGIN, y, size: 22, font: bold, color: ink });
    y -= 28;
  }
  y -= 10;
  page.drawLine({
    start: { x: MARGIN, y: y + 8 },
    end: { x: PAGE.width - MARGIN, y: y + 8 },
    thickness: 0.75,
    color: muted,
  });

  // Details on the left, QR code and its text on the right.
  const qrX = PAGE.width - MARGIN - QR_SIZE;
  const detailsWidth = qrX - MARGIN - 24;
  const top = y - 12;
  // One module of quiet zone on each side, as the PNG had; the page around it is white.
  const module = QR_SIZE / (layout.qr.size + 2);
  page.drawSvgPath(layout.qr.path, {
    x: qrX + module,
    y: top - module,
    scale: module,
    color: rgb(0, 0, 0),
  });
  const codeLines = printedCodeLines(clean(layout.code));
  const longest = Math.max(...codeLines.map((line) => mono.widthOfTextAtSize(line, 1)), 1);
  const codeSize = Math.min(13, (QR_SIZE / longest) * 0.98);
  page.drawText(clean(layout.codeLabel), {
    x: qrX,
    y: top - QR_SIZE - 18,
    size: 9,
    font: regular,
    color: muted,
  });
  for (const [index, line] of codeLines.entries()) {
    page.drawText(line, {
      x: qrX,
      y: top - QR_SIZE - 34 - index * (codeSize + 3),
      size: codeSize,
      font: mono,
      color: ink,
    });
  }

  y = top;
  for (const [label, value] of layout.rows) {
    page.drawText(clean(label.toLocaleUpperCase()), {
      x: MARGIN,
      y: y - 9,
      size: 9,
      font: regular,
      color: muted,
    });
    y -= 25;
    for (const line of wrap(clean(value), bold, 14, detailsWidth, 2)) {
      page.drawText(line, { x: MARGIN, y, size: 14, font: bold, color: ink });
      y -= 17;
    }
    y -= 4;
  }

  // Entry conditions at the foot of the page.
  let noteY = MARGIN + 40;
  page.drawLine({
    start: { x: MARGIN, y: noteY + 24 },
    end: { x: PAGE.width - MARGIN, y: noteY + 24 },
    thickness: 0.75,
    color: muted,
  });
  for (const note of layout.notes) {
    for (const line of wrap(clean(note), regular, 10, contentWidth, 2)) {
      page.drawText(line, { x: MARGIN, y: noteY, size: 10, font: regular, color: muted });
      noteY -= 14;
    }
  }
}
