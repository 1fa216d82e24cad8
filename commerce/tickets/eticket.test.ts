import { readFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { languages } from "../i18n.ts";
import { pageTexts } from "../testing/pdf-text.ts";
import { signTicketCode, ticketSigningKeyFromSeed } from "./code.ts";
import { type ETicketInput, printedCodeLines, renderETicketPdf, toWinAnsi } from "./eticket.ts";

const key = ticketSigningKeyFromSeed("eticket-test-key");

const order: ETicketInput = {
  orderId: 1234,
  customerName: "João Conceição",
  tickets: [
    {
      showTitle: "Canções do coração: noite de fado e bossa",
      venueName: "Teatro São Luiz",
      // 23:30 UTC is 20:30 in Buenos Aires (UTC-3), still Friday 15 May.
      startsAt: new Date("2026-05-15T23:30:00Z"),
      isProduct: false,
      sectorName: "Platéia",
      row: "F",
      number: 12,
      price: 12_000,
      promotion: null,
      code: signTicketCode(key, { ticketId: 501, performanceId: 77 }),
    },
    {
      showTitle: "Canções do coração: noite de fado e bossa",
      venueName: "Teatro São Luiz",
      startsAt: new Date("2026-05-15T23:30:00Z"),
      isProduct: false,
      sectorName: "Campo",
      row: null,
      number: null,
      price: 8_500,
      promotion: "Residentes da cidade",
      code: signTicketCode(key, { ticketId: 502, performanceId: 77 }),
    },
    {
      showTitle: "Remera oficial del festival",
      venueName: "Tienda",
      startsAt: null,
      isProduct: true,
      sectorName: "Talle M",
      row: null,
      number: null,
      price: 25_000,
      promotion: null,
      code: signTicketCode(key, { ticketId: 503, performanceId: 78 }),
    },
  ],
};

describe("renderETicketPdf", () => {
  it("prints the holder a named ticket names, with the DNI, instead of the buyer", async () => {
    const named = {
      ...order,
      tickets: [
        {
          ...order.tickets[0],
          named: { holderName: "Ana García", holderDocument: "30.111.222", institution: "UBA" },
        },
        order.tickets[1],
      ],
    };
    const doc = await PDFDocument.load(await renderETicketPdf(named, "es"));
    const first = pageTexts(doc, 0);
    expect(first).toEqual(
      expect.arrayContaining(["Ana García", "DNI DEL TITULAR", "30.111.222", "INSTITUCIÓN", "UBA"]),
    );
    expect(first).not.toContain("João Conceição");
    // A ticket of the same order that names nobody still carries the buyer's name.
    expect(pageTexts(doc, 1)).toContain("João Conceição");
  });

  it("renders one page per ticket in Portuguese, accents included", async () => {
    const bytes = await renderETicketPdf(order, "pt");
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(order.tickets.length);
    expect(doc.getTitle()).toBe("Ingressos do pedido 1234");

    const first = pageTexts(doc, 0);
    expect(first).toEqual(
      expect.arrayContaining([
        "Ingresso eletrônico",
        "Ingresso 1 de 3",
        "Teatro São Luiz",
        "Sexta-feira, 15 de maio de 2026",
        "20:30",
        "Platéia",
        "Fila F, assento 12",
        "$ 12.000",
        "1234",
        "João Conceição",
      ]),
    );
    // The code under the QR code, in readable lines drawn one after another.
    expect(first.join("")).toContain(order.tickets[0].code);
    expect(first.join(" ")).toContain("Canções do coração");

    expect(pageTexts(doc, 1)).toEqual(
      expect.arrayContaining(["Entrada geral", "$ 8.500", "PROMOÇÃO", "Residentes da cidade"]),
    );
    expect(pageTexts(doc, 1).join("")).toContain(order.tickets[1].code);
    // Only a ticket sold with a promotion names one.
    expect(pageTexts(doc, 0)).not.toContain("PROMOÇÃO");
    expect(pageTexts(doc, 2)).toEqual(
      expect.arrayContaining([
        "Comprovante de retirada",
        "Produto 3 de 3",
        "RETIRADA EM",
        "Tienda",
        "PRODUTO",
        "Talle M",
        "$ 25.000",
      ]),
    );
    expect(pageTexts(doc, 2).join("")).toContain(order.tickets[2].code);
  });

  it("renders Spanish with the date in Buenos Aires time", async () => {
    const bytes = await renderETicketPdf(order, "es");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(3);
    expect(pageTexts(doc, 0)).toEqual(
      expect.arrayContaining([
        "Entrada electrónica",
        "Viernes, 15 de mayo de 2026",
        "20:30",
        "Fila F, asiento 12",
        "UBICACIÓN",
      ]),
    );
    expect(pageTexts(doc, 1)).toContain("Ingreso general");
  });

  it("words a product's page as a pickup voucher: no date, no seat, nothing about entry", async () => {
    const doc = await PDFDocument.load(await renderETicketPdf(order, "es"));
    const product = pageTexts(doc, 2);
    expect(product).toEqual(
      expect.arrayContaining([
        "Comprobante de retiro",
        "Producto 3 de 3",
        "RETIRO EN",
        "PRODUCTO",
        "Talle M",
        "$ 25.000",
      ]),
    );
    const text = product.join(" ");
    for (const word of ["Entrada", "FECHA", "HORA", "UBICACIÓN", "SECTOR", "ingreso"]) {
      expect(text, word).not.toContain(word);
    }
    expect(text).toContain("al retirar el producto");
  });

  it("names an order of products only after its vouchers", async () => {
    const products = { ...order, tickets: [order.tickets[2]] };
    const doc = await PDFDocument.load(await renderETicketPdf(products, "en"));
    expect(doc.getTitle()).toBe("Pickup vouchers of order 1234");
  });

  it("renders English, one page for a single ticket", async () => {
    const single = { ...order, tickets: [order.tickets[0]] };
    const doc = await PDFDocument.load(await renderETicketPdf(single, "en"));
    expect(doc.getPageCount()).toBe(1);
    expect(pageTexts(doc, 0)).toEqual(
      expect.arrayContaining([
        "E-ticket",
        "Ticket 1 of 1",
        "Friday, May 15, 2026",
        "8:30 PM",
        "Row F, seat 12",
      ]),
    );
  });

  it("survives characters the standard font cannot encode and very long titles", async () => {
    const odd: ETicketInput = {
      orderId: 9,
      customerName: "Łukasz Wałęsa 🎟️",
      tickets: [
        {
          ...order.tickets[0],
          showTitle: `Ősz a Duna partján ${"muy largo ".repeat(40)}Supercalifragilisticoespialidosoextraordinariamente`,
          venueName: "Auditorio\u202fŁódź\u200b 中文",
        },
      ],
    };
    const doc = await PDFDocument.load(await renderETicketPdf(odd, "es"));
    expect(doc.getPageCount()).toBe(1);
    const texts = pageTexts(doc, 0);
    expect(texts).toContain("Lukasz Walesa ?");
    expect(texts).toContain("Auditorio Lódz ??");
    expect(texts.some((text) => text.startsWith("Osz a Duna"))).toBe(true);
    // The title is cut at three lines with an ellipsis instead of running off the page.
    expect(texts.some((text) => text.endsWith("…"))).toBe(true);
  });

  it("refuses an order without tickets", async () => {
    await expect(renderETicketPdf({ ...order, tickets: [] }, "es")).rejects.toThrow(RangeError);
  });
});

describe("toWinAnsi", () => {
  it("keeps Spanish and Portuguese letters and maps the rest", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const printable = new Set(font.getCharacterSet());
    expect(toWinAnsi("Añoranza, acción, São João, ÇÃÕÑ ü €", printable)).toBe(
      "Añoranza, acción, São João, ÇÃÕÑ ü €",
    );
    expect(toWinAnsi("a\u00a0b\u202fc\td\n e", printable)).toBe("a b c d e");
    expect(toWinAnsi("Dvořák Łódź ☃", printable)).toBe("Dvorák Lódz ?");
    // NFD input (accent as a separate mark) is composed back into a printable letter.
    expect(toWinAnsi("Sa\u0303o", printable)).toBe("São");
  });
});

describe("eticket labels", () => {
  const keysOf = (language: string) =>
    Object.keys(
      JSON.parse(
        readFileSync(new URL(`../../locales/${language}/eticket.json`, import.meta.url), "utf8"),
      ),
    ).sort();

  it("has the same keys in every language", () => {
    for (const language of languages) expect(keysOf(language), language).toEqual(keysOf("es"));
  });
});

describe("the code printed under the QR code", () => {
  it("puts what it names on a line, then its signature in even, readable lines", () => {
    const code = order.tickets[0].code;
    const lines = printedCodeLines(code);
    expect(lines[0]).toBe("T501.77.");
    expect(lines.join("")).toBe(code);
    expect(lines.slice(1).map((line) => line.length)).toEqual([29, 29, 28]);
  });

  it("cuts an old code without dots in even lines too", () => {
    expect(printedCodeLines("T12-abcdefghijklmnop")).toEqual(["T12-abcdefghijklmnop"]);
    expect(printedCodeLines("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
  });
});
