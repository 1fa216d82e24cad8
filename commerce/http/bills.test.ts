// Bills and credit notes (issue 11): every order gets a "Factura B" numbered in sequence and
// authorized by the sandbox fiscal authority; a clerk's cancellation of a counter sale gives
// the money back once, frees its places and issues one credit note, however often it is asked.
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeEach, describe, expect, it } from "vitest";
import {
  boxChargeResponse,
  cancelOrderResponse,
  chargeResponse,
  ordersResponse,
  purchaseProcessSchema,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import {
  customers,
  orders,
  payments,
  positions,
  receiptCounters,
  receipts,
  sandboxFiscalReceipts,
  staffRoles,
  tickets,
} from "../db/schema.ts";
import { invoicePending, requestCaes } from "../invoicing/issuer.ts";
import { isCae } from "../invoicing/receipt-rules.ts";
import { SandboxAcquirer } from "../payments/sandbox/sandbox.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  acquirerWith,
  createTestApi,
  type Fixture,
  readyToPay,
  type TestApi,
  testCard,
} from "../testing/harness.ts";
import { pageTexts } from "../testing/pdf-text.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let tokens: Record<string, string>;
let refunds: string[];

const api = setUpApiTests({
  customers: ["clerk", "other-clerk", "alice", "bob"],
  api: (database) => {
    refunds = [];
    const sandbox = new SandboxAcquirer({ db: database, decisionDelayMs: 0 });
    return {
      payments: acquirerWith(sandbox, {
        refund: async (reference) => {
          refunds.push(reference);
          await sandbox.refund(reference);
        },
      }),
    };
  },
});
beforeEach(async () => {
  ({ db, t, fx, tokens } = api);
  for (const email of ["clerk@example.com", "other-clerk@example.com"]) {
    const [row] = await db.select().from(customers).where(eq(customers.email, email));
    await db.insert(staffRoles).values({ customerId: row.id, role: "BOX_CLERK" });
  }
});

const history = async (token: string) =>
  ordersResponse.parse((await t.call("/Historial2", { token, language: "en" })).json.oData).Lista;

/** The order a charge answered with (a test card that approves: always one). */
function paidOrder(json: { oData?: unknown }): number {
  const { idPedido } = chargeResponse.parse(json.oData);
  if (idPedido === null) throw new Error(`no order: ${JSON.stringify(json)}`);
  return idPedido;
}

async function onlineSale(token: string, seat: number) {
  const processId = await readyToPay(t, token, {
    idFuncion: fx.performances.main.id,
    listaPosiciones: [seat],
  });
  const paid = await t.call(`/Proceso/${processId}/Cobrar`, {
    token,
    body: { cClaveIdempotencia: `online-${processId}-key`, oTarjeta: testCard() },
  });
  return paidOrder(paid.json);
}

async function counterSale(medium: "EFECTIVO" | "TARJETA_PRESENTE", seats: number[]) {
  const taken = await t.call("/Proceso/0/Posiciones/Tomar", {
    token: tokens.clerk,
    body: { idFuncion: fx.performances.main.id, listaPosiciones: seats, ctProcess: "BOX" },
  });
  const process = purchaseProcessSchema.parse(taken.json.oData);
  const sold = await t.call(`/Proceso/${process.idProcesoDeCompra}/CobrarBoleteria`, {
    token: tokens.clerk,
    body: {
      cClaveIdempotencia: `counter-${process.idProcesoDeCompra}`,
      cMedioDePago: medium,
      oComprador: { cNombre: "Marta Gómez" },
      ...(medium === "TARJETA_PRESENTE" ? { oTarjeta: testCard() } : {}),
    },
  });
  expect(sold.json.nCode, JSON.stringify(sold.json)).toBe(200);
  return boxChargeResponse.parse(sold.json.oData).idPedido;
}

const cancel = (token: string, orderId: number) =>
  t.call(`/Pedido/${orderId}/Anular`, { token, method: "POST", language: "en" });

const pdfOf = (token: string, orderId: number, kind: string) =>
  t.request(`/Pedido/${orderId}/Comprobante/${kind}`, { token, language: "en" });

describe("bills", () => {
  it("bills an online order at once and gets its CAE: Historial2 and the PDF show it", async () => {
    const orderId = await onlineSale(tokens.alice, fx.seatIds[0]);
    await requestCaes(t.deps);
    const [order] = await history(tokens.alice);
    expect(order.listaComprobantes).toHaveLength(1);
    const [bill] = order.listaComprobantes;
    expect(bill).toMatchObject({
      cTipo: "FACTURA",
      nTipoComprobante: 6,
      cTipoNombre: "Invoice B",
      nPuntoDeVenta: 3,
      nNumero: 1,
      cNumero: "00003-00000001",
      cReferencia: null,
      fImporte: order.fTotalPagado,
      dVencimientoCae: "2031-03-20",
    });
    expect(isCae(bill.cCae ?? "")).toBe(true);

    const response = await pdfOf(tokens.alice, orderId, "FACTURA");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const doc = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    const texts = pageTexts(doc, 0).join("\n");
    for (const expected of [
      "Ente de Prueba",
      "Invoice B",
      "Number 00003-00000001",
      "Date of issue: 3/10/2031",
      "Tax id (CUIT): 30712345671",
      "Customer: alice Test",
      "Obra de Prueba",
      `CAE: ${bill.cCae}`,
      "CAE expiry: 3/20/2031",
      "Issued with the test fiscal authority: not valid as a tax receipt.",
    ]) {
      expect(texts).toContain(expected);
    }
  });

  it("bills box-office sales in the same sequence as online ones", async () => {
    await onlineSale(tokens.alice, fx.seatIds[0]);
    await counterSale("EFECTIVO", [fx.seatIds[1]]);
    await onlineSale(tokens.bob, fx.seatIds[2]);
    const numbers = await db.select({ number: receipts.number }).from(receipts);
    expect(numbers.map((row) => row.number).sort()).toEqual([1, 2, 3]);
  });

  it("gives a bill's PDF to its owner only: anyone else's order, or no such receipt, is a 404", async () => {
    const orderId = await onlineSale(tokens.alice, fx.seatIds[0]);
    expect((await pdfOf(tokens.bob, orderId, "FACTURA")).status).toBe(404);
    expect((await pdfOf(tokens.alice, orderId, "NOTA_DE_CREDITO")).status).toBe(404);
    expect((await pdfOf(tokens.alice, 999_999, "FACTURA")).status).toBe(404);
    expect((await pdfOf(tokens.alice, orderId, "RECIBO")).status).toBe(400);
    expect((await pdfOf("", orderId, "FACTURA")).status).toBe(401);
  });

  it("says the CAE is pending while the authority is out of reach; the next pass gets it", async () => {
    // Another API process on the same database, whose fiscal authority cannot be reached.
    const cut = createTestApi(db, {
      clock: t.clock,
      fiscal: {
        authorize: () => Promise.reject(new Error("connect ECONNREFUSED")),
        lookup: () => Promise.reject(new Error("connect ECONNREFUSED")),
        lastAuthorized: () => Promise.reject(new Error("connect ECONNREFUSED")),
      },
    });
    const processId = await readyToPay(cut, tokens.alice, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[0]],
    });
    const paid = await cut.call(`/Proceso/${processId}/Cobrar`, {
      token: tokens.alice,
      body: { cClaveIdempotencia: "cut-off-authority", oTarjeta: testCard() },
    });
    const orderId = paidOrder(paid.json);
    await requestCaes(cut.deps);
    const [order] = await history(tokens.alice);
    expect(order.listaComprobantes[0]).toMatchObject({ nNumero: 1, cCae: null });
    const doc = await PDFDocument.load(
      new Uint8Array(await (await pdfOf(tokens.alice, orderId, "FACTURA")).arrayBuffer()),
    );
    expect(pageTexts(doc, 0)).toContain(
      "CAE being processed: the receipt will be authorized shortly.",
    );
    await invoicePending(t.deps);
    const [authorized] = (await history(tokens.alice))[0].listaComprobantes;
    expect(isCae(authorized.cCae ?? "")).toBe(true);
  });

  it("bills, on the next pass, an order whose bill a crash left unwritten", async () => {
    const orderId = await onlineSale(tokens.alice, fx.seatIds[0]);
    await requestCaes(t.deps);
    // As if the bill's transaction had never committed (its number rolled back with it).
    await db.delete(sandboxFiscalReceipts);
    await db.delete(receipts);
    await db.update(receiptCounters).set({ lastNumber: 0 });
    await invoicePending(t.deps);
    const bills = await db.select().from(receipts);
    expect(bills).toMatchObject([{ orderId, kind: "BILL", number: 1 }]);
    expect(isCae(bills[0].cae ?? "")).toBe(true);
  });
});

describe("cancelling a counter sale", () => {
  it("gives the card payment back once, frees the places and issues one credit note", async () => {
    const orderId = await counterSale("TARJETA_PRESENTE", [fx.seatIds[0], fx.seatIds[1]]);
    const first = await cancel(tokens.clerk, orderId);
    expect(first.json.nCode, JSON.stringify(first.json)).toBe(200);
    expect(cancelOrderResponse.parse(first.json.oData)).toEqual({
      idPedido: orderId,
      cEstado: "CANCELLED",
    });
    const again = await cancel(tokens.clerk, orderId);
    expect(again.json.oData).toEqual(first.json.oData);
    expect(refunds).toHaveLength(1);
    expect((await t.sandbox.charges())[0]).toMatchObject({ refunded: true });

    await requestCaes(t.deps);
    const [sale] = ordersResponse.parse(
      (await t.call("/Boleteria/Ventas", { token: tokens.clerk, language: "en" })).json.oData,
    ).Lista;
    expect(sale.cEstado).toBe("CANCELLED");
    expect(sale.listaPagos[0]).toMatchObject({
      cEstado: "DEVUELTO",
      cMotivo: "the order was cancelled at the box office and the payment given back to the card",
    });
    const [bill, note] = sale.listaComprobantes;
    expect(note).toMatchObject({
      cTipo: "NOTA_DE_CREDITO",
      nTipoComprobante: 8,
      nNumero: 1,
      cReferencia: bill.cNumero,
      fImporte: bill.fImporte,
    });
    expect(isCae(note.cCae ?? "")).toBe(true);
    const doc = await PDFDocument.load(
      new Uint8Array(await (await pdfOf(tokens.clerk, orderId, "NOTA_DE_CREDITO")).arrayBuffer()),
    );
    expect(pageTexts(doc, 0)).toEqual(
      expect.arrayContaining(["Credit note B", `Cancels Invoice B ${bill.cNumero}`]),
    );

    // The tickets stay, voided; the seats are for sale again.
    const voided = await db.select().from(tickets).where(eq(tickets.orderId, orderId));
    expect(voided.every((ticket) => ticket.voidedAt !== null)).toBe(true);
    const resold = await onlineSale(tokens.alice, fx.seatIds[0]);
    expect(resold).not.toBe(orderId);
  });

  it("records cash as handed back, and double submits at once still give one credit note", async () => {
    const orderId = await counterSale("EFECTIVO", [fx.seatIds[0]]);
    const answers = await Promise.all([1, 2, 3].map(() => cancel(tokens.clerk, orderId)));
    for (const answer of answers) expect(answer.json.oData.cEstado).toBe("CANCELLED");
    expect(refunds).toEqual([]);
    const notes = await db.select().from(receipts).where(eq(receipts.kind, "CREDIT_NOTE"));
    expect(notes).toHaveLength(1);
    const [payment] = await db.select().from(payments);
    expect(payment).toMatchObject({ status: "REFUNDED", declineReason: "cash_handed_back" });
    const [place] = await db.select().from(positions).where(eq(positions.id, fx.seatIds[0]));
    expect(place).toMatchObject({ sold: false, heldByProcessId: null });
  });

  it("races of cancellations on several orders number their credit notes without a gap", async () => {
    const orderIds = [];
    for (let i = 0; i < 4; i++)
      orderIds.push(await counterSale("TARJETA_PRESENTE", [fx.seatIds[i]]));
    await Promise.all(
      orderIds.flatMap((id) => [cancel(tokens.clerk, id), cancel(tokens.clerk, id)]),
    );
    const notes = await db
      .select({ number: receipts.number, orderId: receipts.orderId })
      .from(receipts)
      .where(eq(receipts.kind, "CREDIT_NOTE"));
    expect(notes.map((n) => n.number).sort()).toEqual([1, 2, 3, 4]);
    expect(new Set(notes.map((n) => n.orderId))).toEqual(new Set(orderIds));
    expect(new Set(refunds).size).toBe(4);
  });

  it("is for the clerk's own counter sales: anyone else's order is a 404, a customer gets 403", async () => {
    const sale = await counterSale("EFECTIVO", [fx.seatIds[0]]);
    const online = await onlineSale(tokens.alice, fx.seatIds[1]);
    expect((await cancel(tokens["other-clerk"], sale)).status).toBe(404);
    expect((await cancel(tokens.clerk, online)).status).toBe(404);
    expect((await cancel(tokens.clerk, 999_999)).status).toBe(404);
    const forbidden = await cancel(tokens.alice, online);
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.oData.cCodigo).toBe("FORBIDDEN");
    expect((await cancel(tokens.clerk, Number.NaN)).status).toBe(400);
    const statuses = await db.select({ status: orders.status }).from(orders);
    expect(statuses.every((row) => row.status === "PAID")).toBe(true);
    expect(await db.select().from(receipts).where(eq(receipts.kind, "CREDIT_NOTE"))).toEqual([]);
  });
});
