// The order confirmation mail: after the sale commits, in the language of the charge, with
// the e-ticket attached; a mailer that fails changes nothing of the sale.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { chargeResponse } from "../contract/index.ts";
import { customers, orders } from "../db/schema.ts";
import { log } from "../log.ts";
import type { Mailer } from "../mail/mailer.ts";
import { partText, readEml } from "../mail/read-eml.ts";
import { reconcilePendingPayments } from "../payments/reconcile.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  acquirerWith,
  createTestApi,
  readyToPay,
  signUp,
  type TestApi,
  testCard,
} from "../testing/harness.ts";

const api = setUpApiTests();
let t: TestApi;
beforeEach(() => {
  t = api.t;
});

const take = () => ({
  idFuncion: api.fx.performances.main.id,
  listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 2 }],
});

function pay(on: TestApi, processId: number, token: string, language: string) {
  return on.call(`/Proceso/${processId}/Cobrar`, {
    token,
    language,
    body: { cClaveIdempotencia: `key-${processId}-mail`, nCuotas: 1, oTarjeta: testCard() },
  });
}

describe("the order confirmation mail", () => {
  it("reaches the buyer in the charge's language with the e-ticket PDF, once", async () => {
    const { token, email } = await signUp(t, { cNombre: "Joana" });
    const processId = await readyToPay(t, token, take());
    const paid = await pay(t, processId, token, "pt-BR,pt;q=0.9");
    const { idPedido } = chargeResponse.parse(paid.json.oData);
    await vi.waitFor(() => expect(t.outbox.messages).toHaveLength(1), { timeout: 10_000 });
    const mail = readEml(t.outbox.messages[0]);
    expect(mail.headers.get("to")).toBe(email);
    expect(mail.headers.get("subject")).toBe(`Seu pedido nº ${idPedido} está confirmado`);
    expect(mail.headers.get("content-language")).toBe("pt");
    expect(partText(mail, "text/plain")).toContain("Olá Joana,");
    expect(partText(mail, "text/plain")).toContain("Total pago: $");
    const pdf = mail.parts.find((part) => part.contentType === "application/pdf");
    expect(pdf?.filename).toBe(`e-ticket-${idPedido}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString()).toBe("%PDF-");
    // The language is remembered for mail that comes without one.
    const [customer] = await api.db.select().from(customers).where(eq(customers.email, email));
    expect(customer.language).toBe("pt");
    // Repeating the charge answers the same order and sends nothing more.
    expect((await pay(t, processId, token, "es")).json.oData.idPedido).toBe(idPedido);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.outbox.messages).toHaveLength(1);
  });

  it("never fails the sale when the mail cannot be sent, and logs no address", async () => {
    const failing: Mailer = {
      send: async (message) => {
        throw new Error(`SMTP refused ${message.to}`);
      },
    };
    const broken = createTestApi(api.db, { clock: t.clock, mailer: failing });
    const errors = vi.spyOn(log, "error");
    const { token, email } = await signUp(broken);
    const processId = await readyToPay(broken, token, take());
    const paid = await pay(broken, processId, token, "es");
    expect(paid.status).toBe(200);
    expect(paid.json.nCode).toBe(200);
    expect(await api.db.select().from(orders)).toHaveLength(1);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledWith(expect.anything(), "mail not sent"));
    const logged = JSON.stringify(errors.mock.calls);
    expect(logged).toContain("order-confirmation");
    errors.mockRestore();
    // pino's serializer scrubs the message; the test sees the raw call, so check the fields
    // that reach the log line (errorFields) instead.
    const { errorFields } = await import("../log.ts");
    expect(JSON.stringify(errorFields(new Error(`SMTP refused ${email}`)))).not.toContain(email);
  });

  it("confirms an order a crash left to reconciliation, in the customer's last language", async () => {
    const { token, email } = await signUp(t, { cNombre: "Ann" });
    // An earlier purchase in English sets the customer's language.
    const first = await readyToPay(t, token, take());
    await pay(t, first, token, "en");
    await vi.waitFor(() => expect(t.outbox.messages).toHaveLength(1), { timeout: 10_000 });
    // The next charge reaches the acquirer but the answer never gets back (a crash).
    const second = await readyToPay(t, token, take());
    const lost = createTestApi(api.db, {
      clock: t.clock,
      mailer: t.outbox,
      payments: acquirerWith(t.sandbox, {
        charge: async (input) => {
          await t.sandbox.charge(input);
          throw new Error("connection reset");
        },
      }),
    });
    await pay(lost, second, token, "es");
    t.clock.advanceMinutes(5);
    await reconcilePendingPayments(t.deps);
    await vi.waitFor(() => expect(t.outbox.messages).toHaveLength(2), { timeout: 10_000 });
    const mail = readEml(t.outbox.messages[1]);
    expect(mail.headers.get("to")).toBe(email);
    expect(mail.headers.get("content-language")).toBe("en");
  });
});
