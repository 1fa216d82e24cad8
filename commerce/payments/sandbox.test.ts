import { describe, expect, it } from "vitest";
import type { ChargeInput } from "./provider.ts";
import { SandboxAcquirer, sandboxTestCards } from "./sandbox.ts";

const now = new Date("2026-05-15T12:00:00Z");
let keyCounter = 0;

function chargeInput(
  overrides: Partial<ChargeInput["card"]> = {},
  extra: Partial<ChargeInput> = {},
) {
  keyCounter += 1;
  return {
    idempotencyKey: `key-${keyCounter}`,
    amount: 12_000,
    installments: 1,
    card: {
      number: "4242424242424242",
      expiryMonth: 12,
      expiryYear: 2028,
      securityCode: "123",
      holder: "Ana Pérez",
      document: "30123456",
      ...overrides,
    },
    ...extra,
  } satisfies ChargeInput;
}

const acquirer = () => new SandboxAcquirer({ now: () => now });

describe("SandboxAcquirer outcomes", () => {
  it("can be built with no arguments", async () => {
    const outcome = await new SandboxAcquirer().charge(chargeInput({ expiryYear: 2100 }));
    expect(outcome.status).toBe("APPROVED");
  });

  it.each([
    ["4242424242424242", "4242"],
    ["5555555555554444", "4444"],
  ])("approves %s with an SBX reference", async (number, last4) => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput({ number }));
    expect(outcome).toMatchObject({ status: "APPROVED", last4 });
    expect(outcome.status === "APPROVED" && outcome.reference).toMatch(/^SBX-[A-Za-z0-9_-]{8,}$/);
    expect(sandbox.charges()).toHaveLength(1);
  });

  it("declines 4000000000000002 for insufficient funds, without charging", async () => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput({ number: "4000000000000002" }));
    expect(outcome).toEqual({ status: "DECLINED", reason: "insufficient_funds", last4: "0002" });
    expect(sandbox.charges()).toEqual([]);
  });

  it("declines 4000000000009995 as a lost card", async () => {
    const outcome = await acquirer().charge(chargeInput({ number: "4000000000009995" }));
    expect(outcome).toEqual({ status: "DECLINED", reason: "card_reported_lost", last4: "9995" });
  });

  it("fails 4000000000000119 with a processing error, without charging", async () => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput({ number: "4000000000000119" }));
    expect(outcome).toEqual({ status: "FAILED", reason: "processing_error", last4: "0119" });
    expect(sandbox.charges()).toEqual([]);
  });

  it("behaves as documented for every listed test card", async () => {
    for (const card of sandboxTestCards) {
      const outcome = await acquirer().charge(chargeInput({ number: card.number }));
      expect(outcome.status, card.number).toBe(card.outcome);
    }
  });

  it("approves any other Luhn-valid number, formatted with spaces too", async () => {
    const outcome = await acquirer().charge(chargeInput({ number: "3782 822463 10005" }));
    expect(outcome).toMatchObject({ status: "APPROVED", last4: "0005" });
  });

  it.each([
    [{ number: "4242424242424241" }, {}, "invalid_card_number"],
    [{ number: "4242" }, {}, "invalid_card_number"],
    [{ expiryMonth: 4, expiryYear: 2026 }, {}, "card_expired"],
    [{ securityCode: "12" }, {}, "invalid_security_code"],
    [{ securityCode: "12345" }, {}, "invalid_security_code"],
    [{ holder: "  " }, {}, "invalid_holder"],
    [{ document: "" }, {}, "invalid_document"],
    [{}, { amount: 0 }, "invalid_amount"],
    [{}, { amount: 10.5 }, "invalid_amount"],
    [{}, { installments: 0 }, "invalid_installments"],
  ] as const)("declines invalid data %j %j as %s", async (card, extra, reason) => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput(card, extra));
    expect(outcome).toMatchObject({ status: "DECLINED", reason });
    expect(sandbox.charges()).toEqual([]);
  });

  it("accepts a card expiring this month and a 4-digit security code", async () => {
    const outcome = await acquirer().charge(
      chargeInput({ expiryMonth: 5, expiryYear: 2026, securityCode: "1234" }),
    );
    expect(outcome.status).toBe("APPROVED");
  });
});

describe("SandboxAcquirer idempotency and refunds", () => {
  it("returns the same reference for the same key and charges once", async () => {
    const sandbox = acquirer();
    const input = chargeInput();
    const first = await sandbox.charge(input);
    const second = await sandbox.charge(input);
    expect(second).toEqual(first);
    expect(sandbox.charges()).toHaveLength(1);
    expect(sandbox.charges()[0]).toMatchObject({
      idempotencyKey: input.idempotencyKey,
      amount: 12_000,
    });
  });

  it("charges once for concurrent calls with one key", async () => {
    const sandbox = acquirer();
    const input = chargeInput();
    const outcomes = await Promise.all([sandbox.charge(input), sandbox.charge(input)]);
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(sandbox.charges()).toHaveLength(1);
  });

  it("keeps a decline for its key, and a new key is a new attempt", async () => {
    const sandbox = acquirer();
    const declined = chargeInput({ number: "4000000000000002" });
    expect((await sandbox.charge(declined)).status).toBe("DECLINED");
    // Same key, even with a good card now: the recorded outcome stands.
    const retry = { ...declined, card: { ...declined.card, number: "4242424242424242" } };
    expect((await sandbox.charge(retry)).status).toBe("DECLINED");
    expect((await sandbox.charge({ ...retry, idempotencyKey: "fresh-key" })).status).toBe(
      "APPROVED",
    );
    expect(sandbox.charges()).toHaveLength(1);
  });

  it("gives distinct references to distinct keys", async () => {
    const sandbox = acquirer();
    const a = await sandbox.charge(chargeInput());
    const b = await sandbox.charge(chargeInput());
    expect(a.status === "APPROVED" && b.status === "APPROVED").toBe(true);
    if (a.status === "APPROVED" && b.status === "APPROVED")
      expect(a.reference).not.toBe(b.reference);
    expect(sandbox.charges()).toHaveLength(2);
  });

  it("records a refund of an approved charge", async () => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput());
    if (outcome.status !== "APPROVED") throw new Error("expected approval");
    await sandbox.refund(outcome.reference);
    expect(sandbox.charges()[0]).toMatchObject({ reference: outcome.reference, refunded: true });
    // A second refund of the same charge is harmless.
    await expect(sandbox.refund(outcome.reference)).resolves.toBeUndefined();
  });

  it("throws on refunding an unknown reference", async () => {
    await expect(acquirer().refund("SBX-nope")).rejects.toThrow(/unknown/);
  });
});
