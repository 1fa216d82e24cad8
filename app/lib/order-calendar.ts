// An order's performances as an iCalendar file (RFC 5545): one event per performance, so the
// buyer's calendar reminds them of the show. Products (no date) have no event. Text is
// escaped and long lines folded at 75 octets, as calendar programs expect.
import type { Order } from "@contract";
import { isProduct } from "./browse-paths";

const crlf = "\r\n";

/** TEXT values: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** Folds a content line into 75-octet pieces (continuations start with a space). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first piece may hold 75 octets; each continuation 74 after its leading space.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${crlf} `);
}

/** A UTC DATE-TIME: 20261127T213000Z. */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export type CalendarTexts = {
  /** "Order no. 12: 2 tickets (Platea A 1, Platea A 2)". */
  description: (order: Order, performance: Order["listaFunciones"][number]) => string;
};

export function orderCalendar(
  order: Order,
  options: { now: Date; host: string; ordersUrl: string; texts: CalendarTexts },
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${options.host}//Entradas//ES`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
  ];
  for (const performance of order.listaFunciones) {
    if (isProduct(performance.oEspectaculo)) continue;
    lines.push(
      "BEGIN:VEVENT",
      `UID:order-${order.idPedido}-performance-${performance.idFuncion}@${options.host}`,
      `DTSTAMP:${utcStamp(options.now)}`,
      `DTSTART:${utcStamp(new Date(performance.oFuncionFecha.dFecha))}`,
      `SUMMARY:${escapeText(performance.oEspectaculo.cEspectaculoCartelNombre)}`,
      `LOCATION:${escapeText(performance.cEstablecimientoNombre)}`,
      `DESCRIPTION:${escapeText(options.texts.description(order, performance))}`,
      `URL:${options.ordersUrl}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(crlf) + crlf;
}
