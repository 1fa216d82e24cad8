// The door check (decision 0042): the public key verifies a sold ticket's code with no
// database; only door staff may check (401 without a login, 403 for anyone else); a ticket
// is let in once, a second scan says when and at which entrance; a cancelled order's ticket,
// another performance's ticket and any forged, altered or malformed code are refused; bad
// bodies are a translated 400 that records nothing.
import { createPublicKey } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  doorCancelledTicketsResponse,
  doorCheckResponse,
  doorPerformancesResponse,
  ticketKeyResponse,
} from "../contract/index.ts";
import { customers, orders, staffRoles, ticketAdmissions, tickets } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  readyToPay,
  TEST_TICKET_SECRET,
  TEST_TICKET_SIGNING_KEY,
  testCard,
} from "../testing/harness.ts";
import { signTicketCode, ticketSigningKeyFromSeed, verifyTicketCode } from "../tickets/code.ts";
import { signLegacyTicketCode } from "../tickets/legacy-code.ts";

const api = setUpApiTests({ customers: ["porter", "clerk", "alice"] });

beforeEach(async () => {
  const staff = await api.db.select({ id: customers.id, email: customers.email }).from(customers);
  const idOf = (name: string) => staff.find((row) => row.email === `${name}@example.com`)?.id;
  await api.db.insert(staffRoles).values([
    { customerId: idOf("porter") as number, role: "DOOR_STAFF" },
    { customerId: idOf("clerk") as number, role: "BOX_CLERK" },
  ]);
});

/** Alice buys `count` general-admission places of the main performance: their tickets. */
async function aliceBuys(count = 1) {
  const { t, fx, tokens } = api;
  const processId = await readyToPay(t, tokens.alice, {
    idFuncion: fx.performances.main.id,
    listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: count }],
  });
  const paid = await t.call(`/Proceso/${processId}/Cobrar`, {
    token: tokens.alice,
    body: { cClaveIdempotencia: `door-check-${processId}`, nCuotas: 1, oTarjeta: testCard() },
  });
  expect(paid.json.oData?.cEstado, JSON.stringify(paid.json)).toBe("APROBADO");
  return api.db
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, paid.json.oData.idPedido as number));
}

/** The clerk sells the seat at the counter: the sale's ticket. */
async function counterSale(medium: "EFECTIVO" | "TARJETA_PRESENTE") {
  const { t, fx, tokens } = api;
  const taken = await t.call("/Proceso/0/Posiciones/Tomar", {
    token: tokens.clerk,
    body: {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[0]],
      ctProcess: "BOX",
    },
  });
  const processId = taken.json.oData.idProcesoDeCompra as number;
  const sold = await t.call(`/Proceso/${processId}/CobrarBoleteria`, {
    token: tokens.clerk,
    body: {
      cClaveIdempotencia: `door-counter-${processId}`,
      cMedioDePago: medium,
      oComprador: { cNombre: "Marta Gómez" },
      ...(medium === "TARJETA_PRESENTE" ? { oTarjeta: testCard() } : {}),
    },
  });
  expect(sold.json.nCode, JSON.stringify(sold.json)).toBe(200);
  const [ticket] = await api.db
    .select()
    .from(tickets)
    .where(eq(tickets.orderId, sold.json.oData.idPedido as number));
  return ticket;
}

const check = (body: unknown, token = api.tokens.porter, language = "en") =>
  api.t.call("/Acceso/Validar", { token, body, language });

async function checked(body: Record<string, unknown>, token?: string) {
  const { status, json } = await check(body, token);
  expect(status, JSON.stringify(json)).toBe(200);
  return doorCheckResponse.parse(json.oData);
}

describe("GET /v2/Acceso/ClavePublica", () => {
  it("publishes, to anyone, the key that verifies a sold ticket's code offline", async () => {
    const [ticket] = await aliceBuys();
    const { status, json } = await api.t.call("/Acceso/ClavePublica");
    expect(status).toBe(200);
    const key = ticketKeyResponse.parse(json.oData);
    expect(key.cKid).toBe(TEST_TICKET_SIGNING_KEY.keyId);
    const scannerKey = createPublicKey({ key: key.oJwk, format: "jwk" });
    expect(verifyTicketCode(scannerKey, ticket.code)).toEqual({
      ticketId: ticket.id,
      performanceId: api.fx.performances.main.id,
    });
    expect(verifyTicketCode(createPublicKey(key.cPem), ticket.code)).not.toBeNull();
  });
});

describe("who may check tickets", () => {
  it("needs a login (401) and the door role (403), for the check and the performances", async () => {
    const [ticket] = await aliceBuys();
    const body = { cCodigo: ticket.code, cEntrada: "North gate" };
    const anonymous = await api.t.call("/Acceso/Validar", { body });
    expect(anonymous.status).toBe(401);
    for (const token of [api.tokens.alice, api.tokens.clerk]) {
      const refused = await check(body, token);
      expect(refused.status).toBe(403);
      expect(refused.json.oData.cCodigo).toBe("FORBIDDEN");
      expect((await api.t.call("/Acceso/Funciones", { token })).status).toBe(403);
    }
    expect(await api.db.select().from(ticketAdmissions)).toEqual([]);
  });

  it("lists the door staff the performances from 12 hours ago on, soonest first", async () => {
    const { json } = await api.t.call("/Acceso/Funciones", { token: api.tokens.porter });
    const listed = doorPerformancesResponse.parse(json.oData).Lista.map((p) => p.idFuncion);
    const { past, main, later } = api.fx.performances;
    expect(listed).toEqual([main.id, later.id]);
    expect(listed).not.toContain(past.id);
  });
});

describe("POST /v2/Acceso/Validar", () => {
  it("admits a ticket once; a second scan says when and at which entrance", async () => {
    const [ticket] = await aliceBuys();
    const first = await checked({
      cCodigo: ` ${ticket.code}\n`,
      cEntrada: "North gate",
      idFuncion: api.fx.performances.main.id,
    });
    expect(first).toMatchObject({
      cResultado: "ADMITTED",
      cEntrada: "North gate",
      dUso: api.t.clock.now().toISOString(),
      oTicket: {
        idTicket: ticket.id,
        idFuncion: api.fx.performances.main.id,
        cSector: "Campo",
        cFila: null,
        nNumero: null,
        cTitular: "alice Test",
      },
    });
    expect(first.oTicket?.oFuncionFecha?.dFecha).toBe(
      api.fx.performances.main.startsAt.toISOString(),
    );
    const firstAt = api.t.clock.now().toISOString();

    api.t.clock.advanceMinutes(7);
    const second = await checked({ cCodigo: ticket.code, cEntrada: "South gate" });
    expect(second).toMatchObject({
      cResultado: "ALREADY_USED",
      dUso: firstAt,
      cEntrada: "North gate",
      oTicket: { idTicket: ticket.id },
    });
    const admissions = await api.db.select().from(ticketAdmissions);
    expect(admissions).toHaveLength(1);
    expect(admissions[0]).toMatchObject({ ticketId: ticket.id, entrance: "North gate" });
  });

  it("refuses a cancelled order's ticket, and does not mark it used", async () => {
    const [ticket] = await aliceBuys();
    for (const status of ["CANCELLED", "REFUNDED"]) {
      await api.db.update(orders).set({ status }).where(eq(orders.id, ticket.orderId));
      const answer = await checked({ cCodigo: ticket.code, cEntrada: "North gate" });
      expect(answer).toMatchObject({ cResultado: "CANCELLED", oTicket: { idTicket: ticket.id } });
    }
    expect(await api.db.select().from(ticketAdmissions)).toEqual([]);
  });

  it("refuses the tickets of an order cancelled and refunded at the box office, saying so", async () => {
    const { t, tokens } = api;
    // Paid by card, then cancelled: the card is refunded and the seat is free again.
    const refunded = await counterSale("TARJETA_PRESENTE");
    const cancelled = await t.call(`/Pedido/${refunded.orderId}/Anular`, {
      token: tokens.clerk,
      method: "POST",
    });
    expect(cancelled.json.nCode, JSON.stringify(cancelled.json)).toBe(200);
    // The seat sold again: its new ticket goes in, the old one's code still does not.
    const resold = await counterSale("EFECTIVO");
    expect(resold.positionId).toBe(refunded.positionId);
    for (const language of ["en", "es", "pt"]) {
      const { json } = await check(
        { cCodigo: refunded.code, cEntrada: "Gate" },
        undefined,
        language,
      );
      expect(json.oData).toMatchObject({
        cResultado: "CANCELLED",
        oTicket: { idTicket: refunded.id },
      });
    }
    expect((await checked({ cCodigo: resold.code, cEntrada: "Gate" })).cResultado).toBe("ADMITTED");
    expect((await checked({ cCodigo: refunded.code, cEntrada: "Gate" })).cResultado).toBe(
      "CANCELLED",
    );
    const admissions = await api.db.select().from(ticketAdmissions);
    expect(admissions.map((row) => row.ticketId)).toEqual([resold.id]);
  });

  it("lists a performance's cancelled tickets for offline scanners, to door staff only", async () => {
    const { t, fx, tokens } = api;
    const [kept] = await aliceBuys();
    const refunded = await counterSale("TARJETA_PRESENTE");
    await t.call(`/Pedido/${refunded.orderId}/Anular`, { token: tokens.clerk, method: "POST" });
    const cancelledOf = (performanceId: number, token?: string) =>
      t.call(`/Acceso/Funcion/${performanceId}/Anuladas`, { token, language: "en" });

    const listed = await cancelledOf(fx.performances.main.id, tokens.porter);
    expect(listed.status).toBe(200);
    const list = doorCancelledTicketsResponse.parse(listed.json.oData);
    expect(list).toMatchObject({ idFuncion: fx.performances.main.id, Lista: [refunded.id] });
    expect(list.Lista).not.toContain(kept.id);
    expect(Date.parse(list.dGenerado)).not.toBeNaN();
    // Another performance has none; only door staff may read it.
    const later = await cancelledOf(fx.performances.later.id, tokens.porter);
    expect(later.json.oData.Lista).toEqual([]);
    expect((await cancelledOf(fx.performances.main.id)).status).toBe(401);
    for (const token of [tokens.alice, tokens.clerk]) {
      expect((await cancelledOf(fx.performances.main.id, token)).status).toBe(403);
    }
  });

  it("refuses another performance's ticket at a door set to one, and lets it in at its own", async () => {
    const [ticket] = await aliceBuys();
    const { main, later } = api.fx.performances;
    const wrong = await checked({ cCodigo: ticket.code, cEntrada: "Gate", idFuncion: later.id });
    expect(wrong).toMatchObject({
      cResultado: "WRONG_PERFORMANCE",
      oTicket: { idFuncion: main.id },
      dUso: null,
    });
    expect(await api.db.select().from(ticketAdmissions)).toEqual([]);
    const right = await checked({ cCodigo: ticket.code, cEntrada: "Gate", idFuncion: main.id });
    expect(right.cResultado).toBe("ADMITTED");
  });

  it("refuses forged, altered, malformed and unknown codes, showing nothing", async () => {
    const [ticket] = await aliceBuys();
    const main = api.fx.performances.main.id;
    const forger = ticketSigningKeyFromSeed("a forger's own key");
    const last = ticket.code.at(-2) === "A" ? "B" : "A";
    const refused = [
      signTicketCode(forger, { ticketId: ticket.id, performanceId: main }),
      `${ticket.code.slice(0, -2)}${last}${ticket.code.at(-1)}`,
      ticket.code.replace(`T${ticket.id}.`, `T${ticket.id + 1}.`),
      "T12345",
      "not a ticket",
      // Genuine signatures over a ticket that does not exist, or over the wrong performance.
      signTicketCode(TEST_TICKET_SIGNING_KEY, { ticketId: ticket.id + 1000, performanceId: main }),
      signTicketCode(TEST_TICKET_SIGNING_KEY, { ticketId: ticket.id, performanceId: main + 1 }),
      // The old HMAC format, with another secret.
      signLegacyTicketCode("not the shop's secret", ticket.id),
    ];
    for (const cCodigo of refused) {
      const answer = await checked({ cCodigo, cEntrada: "Gate" });
      expect(answer, cCodigo).toEqual({
        cResultado: "INVALID",
        oTicket: null,
        dUso: null,
        cEntrada: null,
      });
    }
    expect(await api.db.select().from(ticketAdmissions)).toEqual([]);
  });

  it("still takes a code of the old HMAC format, once", async () => {
    const [ticket] = await aliceBuys();
    const legacy = signLegacyTicketCode(TEST_TICKET_SECRET, ticket.id);
    expect((await checked({ cCodigo: legacy, cEntrada: "Gate" })).cResultado).toBe("ADMITTED");
    expect((await checked({ cCodigo: ticket.code, cEntrada: "Gate" })).cResultado).toBe(
      "ALREADY_USED",
    );
  });

  it("names a box-office sale's walk-in buyer as the holder", async () => {
    const [ticket] = await aliceBuys();
    await api.db
      .update(orders)
      .set({ buyerName: "Marta Gómez" })
      .where(eq(orders.id, ticket.orderId));
    const answer = await checked({ cCodigo: ticket.code, cEntrada: "Gate" });
    expect(answer.oTicket?.cTitular).toBe("Marta Gómez");
  });

  it("answers bad bodies with a translated 400 and records nothing", async () => {
    const [ticket] = await aliceBuys();
    const cases: Array<[unknown, string, string]> = [
      [{ cEntrada: "Gate" }, "cCodigo", "ticketCodeRequired"],
      [{ cCodigo: "   ", cEntrada: "Gate" }, "cCodigo", "ticketCodeRequired"],
      [{ cCodigo: "x".repeat(201), cEntrada: "Gate" }, "cCodigo", "ticketCodeInvalid"],
      [{ cCodigo: ticket.code }, "cEntrada", "entranceRequired"],
      [{ cCodigo: ticket.code, cEntrada: "" }, "cEntrada", "entranceRequired"],
      [{ cCodigo: ticket.code, cEntrada: "g".repeat(61) }, "cEntrada", "tooLong"],
      [{ cCodigo: ticket.code, cEntrada: "Gate\u0000" }, "cEntrada", "controlCharacters"],
      [{ cCodigo: ticket.code, cEntrada: "Gate", idFuncion: "abc" }, "idFuncion", "invalid"],
      [{ cCodigo: 42, cEntrada: "Gate" }, "cCodigo", "ticketCodeRequired"],
    ];
    for (const [body, field, key] of cases) {
      const { status, json } = await check(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.oData.cCodigo).toBe("VALIDATION");
      expect(json.oData.oErrores[field], JSON.stringify(json)).toEqual([key]);
      expect(json.cMensaje).toBeTruthy();
    }
    const notJson = await check("{not json");
    expect(notJson.status).toBe(400);
    expect(await api.db.select().from(ticketAdmissions)).toEqual([]);
  });
});
