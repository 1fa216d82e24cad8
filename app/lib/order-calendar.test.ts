import type { Order } from "@contract";
import { describe, expect, it } from "vitest";
import { calendarEvents } from "~/testing/calendar-events";
import {
  DEFAULT_EVENT_MINUTES,
  escapeText,
  foldLine,
  orderCalendar,
  utcStamp,
} from "./order-calendar";

const performance = (id: number, name: string, typeId = 1, minutes: number | null = 95) => ({
  idFuncion: id,
  oEspectaculo: {
    cEspectaculoCartelNombre: name,
    idEspectaculoCartelTipo: typeId,
  } as Order["listaFunciones"][number]["oEspectaculo"],
  oFuncionFecha: {
    dFecha: "2026-12-05T23:30:00.000Z",
    oFuncionDiaDeLaSemana: 6,
    nFuncionDia: 5,
    nFuncionMes: 12,
    nFuncionAnio: 2026,
    nFuncionHora: 20,
    nFuncionMinuto: 30,
  },
  nDuracionMinutos: minutes,
  cEstablecimientoNombre: "Teatro San Martín, Sala Martín Coronado",
  listaTickets: [],
});

const order = {
  idPedido: 41,
  listaFunciones: [
    performance(7, "Hamlet; versión, libre"),
    performance(9, "Remera", 100, null),
    performance(8, "Un show sin duración", 2, null),
  ],
} as unknown as Order;

describe("orderCalendar", () => {
  const calendarAt = (now: string) =>
    orderCalendar(order, {
      now: new Date(now),
      host: "entradas.example",
      ordersUrl: "https://entradas.example/myOrders",
      texts: { description: (o, p) => `Compra n.º ${o.idPedido}\nfunción ${p.idFuncion}` },
    });
  const ics = calendarAt("2026-11-27T01:00:00Z");

  it("has one event per performance (not per product), in UTC, lines ending in CRLF", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain("\r\nUID:order-41-performance-7@entradas.example\r\n");
    expect(ics).toContain("\r\nDTSTART:20261205T233000Z\r\n");
    expect(ics).toContain("\r\nDTSTAMP:20261127T010000Z\r\n");
    expect(ics).not.toMatch(/[^\r]\n/);
  });

  it("reads, in a calendar program's parser, as events that end when the show does", () => {
    expect(calendarEvents(ics)).toEqual([
      {
        uid: "order-41-performance-7@entradas.example",
        summary: "Hamlet; versión, libre",
        location: "Teatro San Martín, Sala Martín Coronado",
        start: "2026-12-05T23:30:00.000Z",
        startZone: "UTC",
        // 95 minutes, the show's length in the catalog.
        end: "2026-12-06T01:05:00.000Z",
        endZone: "UTC",
        minutes: 95,
      },
      {
        uid: "order-41-performance-8@entradas.example",
        summary: "Un show sin duración",
        location: "Teatro San Martín, Sala Martín Coronado",
        start: "2026-12-05T23:30:00.000Z",
        startZone: "UTC",
        // The catalog does not say: the default length.
        end: "2026-12-06T01:30:00.000Z",
        endZone: "UTC",
        minutes: DEFAULT_EVENT_MINUTES,
      },
    ]);
    // The same order's file made again later: the same events (a re-import updates them).
    const later = calendarEvents(calendarAt("2026-11-30T18:00:00Z"));
    expect(later.map((event) => event.uid)).toEqual(calendarEvents(ics).map((event) => event.uid));
  });

  it("escapes text values", () => {
    expect(ics).toContain("SUMMARY:Hamlet\\; versión\\, libre");
    expect(ics).toContain("DESCRIPTION:Compra n.º 41\\nfunción 7");
    expect(escapeText("a\\b")).toBe("a\\\\b");
  });
});

describe("foldLine", () => {
  it("keeps every physical line within 75 octets, without splitting a character", () => {
    const line = `DESCRIPTION:${"ñandú ".repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const piece of physical) {
      expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    }
    expect(physical.map((piece, i) => (i === 0 ? piece : piece.slice(1))).join("")).toBe(line);
  });

  it("leaves a short line alone", () => {
    expect(foldLine("VERSION:2.0")).toBe("VERSION:2.0");
    expect(utcStamp(new Date("2026-01-02T03:04:05.678Z"))).toBe("20260102T030405Z");
  });
});
