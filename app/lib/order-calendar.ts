// An order's performances as an iCalendar file (RFC 5545): one event per performance, so the
// buyer's calendar reminds them of the show, from its start to its end. Products (no date)
// have no event. Text is escaped and long lines folded at 75 octets, as calendar programs
// expect.
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

/**
 * An event's length when the catalog gives the show none: two hours, about a play or a
 * concert with its interval. One length for every type, since show types are the catalog's
 * own (only type 100, a product, is fixed, and it has no event); the demo catalog gives
 * every show its length, so this is for imported catalogs that leave it out.
 */
export const DEFAULT_EVENT_MINUTES = 120;

type OrderPerformance = Order["listaFunciones"][number];

/** When the performance ends: its start plus the show's length (or the default). */
export function performanceEnd(performance: OrderPerformance): Date {
  const minutes = performance.nDuracionMinutos ?? DEFAULT_EVENT_MINUTES;
  return new Date(Date.parse(performance.oFuncionFecha.dFecha) + minutes * 60_000);
}

export type CalendarTexts = {
  /** "Order no. 12: 2 tickets (Platea A 1, Platea A 2)". */
  description: (order: Order, performance: OrderPerformance) => string;
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
      `DTEND:${utcStamp(performanceEnd(performance))}`,
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
