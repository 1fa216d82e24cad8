// The e-ticket drawn on the worker thread is the same document as drawn in place.
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { pageTexts } from "../testing/pdf-text.ts";
import { signTicketCode, ticketSigningKeyFromSeed } from "./code.ts";
import { type ETicketInput, renderETicketPdf } from "./eticket.ts";
import { renderETicketPdfOffThread, stopETicketWorker } from "./eticket-thread.ts";

const key = ticketSigningKeyFromSeed("eticket-thread-test-key");

const order: ETicketInput = {
  orderId: 88,
  customerName: "Ana Pérez",
  tickets: [
    {
      showTitle: "Tango en el Colón",
      venueName: "Teatro Colón",
      startsAt: new Date("2031-05-15T23:30:00Z"),
      isProduct: false,
      sectorName: "Platea",
      row: "F",
      number: 12,
      price: 12_000,
      promotion: null,
      code: signTicketCode(key, { ticketId: 601, performanceId: 9 }),
    },
  ],
};

afterAll(() => stopETicketWorker());

/** Every page's strings. */
async function textsOf(pdf: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((_, index) => pageTexts(doc, index));
}

describe("renderETicketPdfOffThread", () => {
  it("draws the same pages as in place", { timeout: 60_000 }, async () => {
    const [offThread, inPlace] = await Promise.all([
      renderETicketPdfOffThread(order, "en"),
      renderETicketPdf(order, "en"),
    ]);
    expect(await textsOf(offThread)).toEqual(await textsOf(inPlace));
    expect((await textsOf(offThread)).flat().join(" ")).toContain("Tango en el Colón");
  });

  it("answers several at once, each with its own order", { timeout: 60_000 }, async () => {
    const orders = [1, 2, 3].map((orderId) => ({ ...order, orderId }));
    const pdfs = await Promise.all(orders.map((o) => renderETicketPdfOffThread(o, "es")));
    for (const [index, pdf] of pdfs.entries()) {
      expect(await textsOf(pdf)).toEqual(
        await textsOf(await renderETicketPdf(orders[index], "es")),
      );
    }
  });

  it("passes a failure back, and carries on after the worker stopped", {
    timeout: 60_000,
  }, async () => {
    await expect(renderETicketPdfOffThread({ ...order, tickets: [] }, "es")).rejects.toThrow(
      "An e-ticket needs at least one ticket",
    );
    await stopETicketWorker();
    const again = await renderETicketPdfOffThread(order, "pt");
    expect((await textsOf(again)).flat().join(" ")).toContain("Tango en el Colón");
  });
});
