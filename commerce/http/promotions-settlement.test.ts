// A promotion's quota at settlement: a payment that ends after the buyer's clock ran out
// keeps its promotion only if nobody filled the quota meanwhile; otherwise the total no
// longer matches what was charged and the money goes back, so a quota is never exceeded.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { purchaseProcessSchema } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { promotions, sandboxAcquirerCharges, tickets } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { SandboxAcquirer } from "../payments/sandbox/sandbox.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  acquirerWith,
  type Fixture,
  readyToPay,
  type TestApi,
  testCard,
} from "../testing/harness.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
/** What happens while the acquirer is deciding (another buyer acting, the clock moving). */
let whileCharging: (() => Promise<void>) | null = null;

/** The real sandbox acquirer, with a moment in the middle of each charge for the test. */
function acquirerWithPause(db: Database): PaymentProvider {
  const sandbox = new SandboxAcquirer({ db });
  return acquirerWith(sandbox, {
    charge: async (input) => {
      await whileCharging?.();
      return sandbox.charge(input);
    },
  });
}

const api = setUpApiTests({
  customers: ["alice", "bob"],
  api: (database) => ({ payments: acquirerWithPause(database) }),
});
beforeEach(() => {
  ({ db, t, fx } = api);
  ({ alice, bob } = api.tokens);
  whileCharging = null;
});

async function halfPriceWithQuotaOfOne() {
  const [row] = await db
    .insert(promotions)
    .values({
      showId: fx.show.id,
      name: { es: "Mitad", en: "Half", pt: "Metade" },
      description: { es: "", en: "", pt: "" },
      rule: { kind: "PERCENT_OFF", percent: 50 },
      quota: 1,
    })
    .returning();
  return row;
}

/** Holds one place (a general-admission one, or the given seat) and gives it the promotion. */
async function holdWithPromotion(token: string, promotionId: number, seatId?: number) {
  const processId = await readyToPay(t, token, {
    idFuncion: fx.performances.main.id,
    ...(seatId === undefined
      ? { listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }] }
      : { listaPosiciones: [seatId] }),
  });
  const view = purchaseProcessSchema.parse(
    (await t.call(`/Proceso/${processId}`, { token })).json.oData,
  );
  const [place] = view.listaFuncion[0].listaPosiciones;
  const chosen = await t.call(`/Reserva/${processId}/Promociones`, {
    token,
    body: { listaPosiciones: [{ idPosicion: place.idPosicion, idPromocion: promotionId }] },
  });
  expect(chosen.json.nCode, JSON.stringify(chosen.json)).toBe(200);
  return processId;
}

const pay = (token: string, processId: number, key: string) =>
  t.call(`/Proceso/${processId}/Cobrar`, {
    token,
    body: { cClaveIdempotencia: key, oTarjeta: testCard() },
    language: "en",
  });

describe("a promotion's quota when the payment ends after the clock", () => {
  it("gives the money back when someone else filled the quota meanwhile", async () => {
    const promotion = await halfPriceWithQuotaOfOne();
    const alicesProcess = await holdWithPromotion(alice, promotion.id);
    whileCharging = async () => {
      whileCharging = null;
      t.clock.advanceMinutes(31);
      // A seat, not Alice's place: she keeps her place, only the quota is gone.
      await holdWithPromotion(bob, promotion.id, fx.seatIds[0]);
    };
    const paid = await pay(alice, alicesProcess, "late-with-quota-taken");
    expect(paid.json.oData.cCodigo).toBe("PROCESS_EXPIRED");
    expect(await db.select().from(tickets)).toEqual([]);
    const [charge] = await db
      .select()
      .from(sandboxAcquirerCharges)
      .where(eq(sandboxAcquirerCharges.idempotencyKey, "late-with-quota-taken"));
    expect(charge).toMatchObject({ status: "APPROVED", refunded: true });
  });

  it("sells with the promotion when the quota is still the buyer's", async () => {
    const promotion = await halfPriceWithQuotaOfOne();
    const alicesProcess = await holdWithPromotion(alice, promotion.id);
    whileCharging = async () => {
      t.clock.advanceMinutes(31);
    };
    const paid = await pay(alice, alicesProcess, "late-with-quota-kept");
    expect(paid.json.nCode, JSON.stringify(paid.json)).toBe(200);
    const [sold] = await db.select().from(tickets);
    expect(sold).toMatchObject({ promotionId: promotion.id, price: 2_500, discount: 2_500 });
  });
});
