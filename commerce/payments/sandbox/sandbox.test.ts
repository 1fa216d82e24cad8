// The sandbox acquirer: outcomes by card, one decision per idempotency key kept in the
// database (so every API process sharing it is one acquirer), lookups and refunds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import {
  postgresTestDatabase,
  resetDatabase,
  scratchPostgresDatabase,
  testDatabase,
} from "../../testing/harness.ts";
import type { ChargeInput } from "../provider.ts";
import { SandboxAcquirer, sandboxTestCards } from "./sandbox.ts";

let db: Database;
beforeAll(async () => {
  db = (await testDatabase()).db;
});
beforeEach(async () => {
  await resetDatabase(db);
});

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

const acquirer = () => new SandboxAcquirer({ db, now: () => now });

describe("SandboxAcquirer outcomes", () => {
  it("can be built with no arguments", async () => {
    const outcome = await new SandboxAcquirer({ db }).charge(chargeInput({ expiryYear: 2100 }));
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
    expect(await sandbox.charges()).toHaveLength(1);
  });

  it("declines 4000000000000002 for insufficient funds, without charging", async () => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput({ number: "4000000000000002" }));
    expect(outcome).toEqual({ status: "DECLINED", reason: "insufficient_funds", last4: "0002" });
    expect(await sandbox.charges()).toEqual([]);
  });

  it("declines 4000000000009995 as a lost card", async () => {
    const outcome = await acquirer().charge(chargeInput({ number: "4000000000009995" }));
    expect(outcome).toEqual({ status: "DECLINED", reason: "card_reported_lost", last4: "9995" });
  });

  it("fails 4000000000000119 with a processing error, without charging", async () => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput({ number: "4000000000000119" }));
    expect(outcome).toEqual({ status: "FAILED", reason: "processing_error", last4: "0119" });
    expect(await sandbox.charges()).toEqual([]);
  });

  it("behaves as documented for every listed test card", async () => {
    for (const card of sandboxTestCards) {
      const outcome = await acquirer().charge(
        chargeInput({ number: card.number }, { returnUrl: "http://127.0.0.1/back" }),
      );
      expect(outcome.status, card.number).toBe(card.outcome);
    }
  });

  it("answers each card's bank and plans from its BIN", async () => {
    expect(await acquirer().cardProfile("45176500")).toMatchObject({
      brand: "VISA",
      kind: "DEBIT",
      plans: [{ count: 1, annualRatePercent: 0 }],
    });
    expect(await acquirer().cardProfile("601111")).toBeNull();
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
    // Its bank offers 1, 3, 6 and 12 (sandbox-issuers.ts); another bank's Visa only 1.
    [{}, { installments: 18 }, "invalid_installments"],
    [{ number: "4111111111111111" }, { installments: 3 }, "invalid_installments"],
    [{ number: "6011111111111117" }, {}, "card_not_accepted"],
  ] as const)("declines invalid data %j %j as %s", async (card, extra, reason) => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput(card, extra));
    expect(outcome).toMatchObject({ status: "DECLINED", reason });
    expect(await sandbox.charges()).toEqual([]);
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
    expect(await sandbox.charges()).toHaveLength(1);
    expect((await sandbox.charges())[0]).toMatchObject({
      idempotencyKey: input.idempotencyKey,
      amount: 12_000,
    });
  });

  it("charges once for concurrent calls with one key", async () => {
    const sandbox = acquirer();
    const input = chargeInput();
    const outcomes = await Promise.all([sandbox.charge(input), sandbox.charge(input)]);
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(await sandbox.charges()).toHaveLength(1);
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
    expect(await sandbox.charges()).toHaveLength(1);
  });

  it("gives distinct references to distinct keys", async () => {
    const sandbox = acquirer();
    const a = await sandbox.charge(chargeInput());
    const b = await sandbox.charge(chargeInput());
    expect(a.status === "APPROVED" && b.status === "APPROVED").toBe(true);
    if (a.status === "APPROVED" && b.status === "APPROVED")
      expect(a.reference).not.toBe(b.reference);
    expect(await sandbox.charges()).toHaveLength(2);
  });

  it("records a refund of an approved charge", async () => {
    const sandbox = acquirer();
    const outcome = await sandbox.charge(chargeInput());
    if (outcome.status !== "APPROVED") throw new Error("expected approval");
    await sandbox.refund(outcome.reference);
    expect((await sandbox.charges())[0]).toMatchObject({
      reference: outcome.reference,
      refunded: true,
    });
    // A second refund of the same charge is harmless.
    await expect(sandbox.refund(outcome.reference)).resolves.toBeUndefined();
  });

  it("throws on refunding an unknown reference", async () => {
    await expect(acquirer().refund("SBX-nope")).rejects.toThrow(/unknown/);
  });
});

describe("SandboxAcquirer lookup", () => {
  it("tells what it decided for a key, and null for a key it never saw", async () => {
    const sandbox = acquirer();
    const approved = chargeInput();
    const declined = chargeInput({ number: "4000000000000002" });
    const approval = await sandbox.charge(approved);
    await sandbox.charge(declined);
    expect(await sandbox.lookup(approved.idempotencyKey)).toEqual(approval);
    expect(await sandbox.lookup(declined.idempotencyKey)).toEqual({
      status: "DECLINED",
      reason: "insufficient_funds",
      last4: "0002",
    });
    expect(await sandbox.lookup("never-sent-key")).toBeNull();
    // Another instance on the same database knows it too.
    expect(await new SandboxAcquirer({ db }).lookup(approved.idempotencyKey)).toEqual(approval);
  });
});

// Several API processes share one database: their sandboxes must act as one acquirer, or
// one key could be approved (and charged) once per process.
const postgresUrl = process.env.TEST_DATABASE_URL;
const backends = [
  { name: "PGlite (one database, two acquirer instances)", postgres: false },
  {
    name: postgresUrl
      ? "PostgreSQL (two connection pools, as two API processes)"
      : "PostgreSQL (skipped: set TEST_DATABASE_URL to run it)",
    postgres: true,
  },
];

describe.each(backends)("one acquirer across API processes on $name", ({ postgres }) => {
  const skip = postgres && !postgresUrl;
  let handles: DatabaseHandle[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  let dbs: Database[] = [];

  beforeAll(async () => {
    if (skip) return;
    if (postgres && postgresUrl) {
      const scratch = await scratchPostgresDatabase(postgresUrl);
      dropDatabase = scratch.drop;
      handles = [await postgresTestDatabase(scratch.url), await postgresTestDatabase(scratch.url)];
      dbs = handles.map((h) => h.db);
    } else {
      dbs = [db, db];
    }
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await dropDatabase?.();
  });

  it.skipIf(skip)("approves a key once when both are asked at the same time", async () => {
    await resetDatabase(dbs[0]);
    const [one, two] = dbs.map((d) => new SandboxAcquirer({ db: d, now: () => now }));
    const inputs = Array.from({ length: 10 }, () => chargeInput());
    const outcomes = await Promise.all(
      inputs.flatMap((input) => [one.charge(input), two.charge(input), one.charge(input)]),
    );
    for (let i = 0; i < inputs.length; i++) {
      expect(outcomes[3 * i].status).toBe("APPROVED");
      expect(outcomes[3 * i + 1]).toEqual(outcomes[3 * i]);
      expect(outcomes[3 * i + 2]).toEqual(outcomes[3 * i]);
    }
    expect(await one.charges()).toHaveLength(inputs.length);
    expect(await two.charges()).toEqual(await one.charges());
  });

  it.skipIf(skip)("keeps a decline for its key whichever instance is asked again", async () => {
    await resetDatabase(dbs[0]);
    const [one, two] = dbs.map((d) => new SandboxAcquirer({ db: d, now: () => now }));
    const declined = chargeInput({ number: "4000000000000002" });
    expect((await one.charge(declined)).status).toBe("DECLINED");
    const retry = { ...declined, card: { ...declined.card, number: "4242424242424242" } };
    expect((await two.charge(retry)).status).toBe("DECLINED");
    expect(await two.charges()).toEqual([]);
  });

  it.skipIf(skip)("refunds through either instance", async () => {
    await resetDatabase(dbs[0]);
    const [one, two] = dbs.map((d) => new SandboxAcquirer({ db: d, now: () => now }));
    const outcome = await one.charge(chargeInput());
    if (outcome.status !== "APPROVED") throw new Error("expected approval");
    await two.refund(outcome.reference);
    expect(await one.charges()).toEqual([
      expect.objectContaining({ reference: outcome.reference, refunded: true }),
    ]);
  });
});

describe("SandboxAcquirer: a 3-D Secure challenge", () => {
  const back = "http://127.0.0.1:4180/bancard/finish3ds/7";
  const challenged = async (sandbox: SandboxAcquirer) => {
    const outcome = await sandbox.charge(
      chargeInput({ number: "4000000000003220" }, { returnUrl: back }),
    );
    if (outcome.status !== "CHALLENGE") throw new Error(`expected a challenge: ${outcome.status}`);
    return { outcome, token: outcome.challengeUrl.split("/").at(-1) ?? "" };
  };

  it("sends the cardholder to the bank's page; the right code approves, once", async () => {
    const sandbox = new SandboxAcquirer({ db, now: () => now, publicUrl: "http://bank.test/" });
    const { outcome, token } = await challenged(sandbox);
    expect(outcome.challengeUrl).toMatch(/^http:\/\/bank\.test\/sandbox\/3ds\/[\w-]{20,}$/);
    expect(await sandbox.openChallenge(token)).toEqual({
      amount: 12_000,
      last4: "3220",
      returnUrl: back,
    });
    expect(await sandbox.answerChallenge(token, { code: "1234" })).toEqual({ returnUrl: back });
    const key = `key-${keyCounter}`;
    expect(await sandbox.lookup(key)).toMatchObject({ status: "APPROVED" });
    // Answered: the page is gone and a second answer changes nothing.
    expect(await sandbox.openChallenge(token)).toBeNull();
    expect(await sandbox.answerChallenge(token, "cancel")).toBeNull();
    expect(await sandbox.lookup(key)).toMatchObject({ status: "APPROVED" });
    expect(await sandbox.charges()).toHaveLength(1);
  });

  it("declines a wrong code, a cancelled challenge and one left unanswered too long", async () => {
    let clock = now.getTime();
    const sandbox = new SandboxAcquirer({ db, now: () => new Date(clock) });
    const wrong = await challenged(sandbox);
    await sandbox.answerChallenge(wrong.token, { code: "0000" });
    expect(await sandbox.lookup(`key-${keyCounter}`)).toMatchObject({
      status: "DECLINED",
      reason: "authentication_failed",
    });
    await challenged(sandbox);
    expect(await sandbox.cancel(`key-${keyCounter}`)).toMatchObject({
      status: "DECLINED",
      reason: "authentication_cancelled",
    });
    const left = await challenged(sandbox);
    clock += 16 * 60_000;
    expect(await sandbox.openChallenge(left.token)).toBeNull();
    expect(await sandbox.lookup(`key-${keyCounter}`)).toMatchObject({
      status: "DECLINED",
      reason: "authentication_timeout",
    });
    expect(await sandbox.charges()).toEqual([]);
  });

  it("declines at once a challenge with no way back to the shop", async () => {
    const outcome = await acquirer().charge(chargeInput({ number: "4000000000003220" }));
    expect(outcome).toMatchObject({ status: "DECLINED", reason: "authentication_failed" });
  });
});

describe("SandboxAcquirer: a decision taken later, notified signed", () => {
  it("is AWAITING until due, then decided and notified once, with a signature that verifies", async () => {
    let clock = now.getTime();
    const sandbox = new SandboxAcquirer({
      db,
      now: () => new Date(clock),
      decisionDelayMs: 5_000,
      notificationSecret: "test-secret",
    });
    const approved = await sandbox.charge(chargeInput({ number: "4000000000000077" }));
    const approvedKey = `key-${keyCounter}`;
    const rejected = await sandbox.charge(chargeInput({ number: "4000000000000093" }));
    const rejectedKey = `key-${keyCounter}`;
    expect([approved.status, rejected.status]).toEqual(["AWAITING", "AWAITING"]);
    const sent: Array<{ body: string; signature: string }> = [];
    const send = async (body: string, signature: string) => {
      sent.push({ body, signature });
      return true;
    };
    expect(await sandbox.notifyDue(send)).toBe(0);
    expect(await sandbox.lookup(approvedKey)).toEqual({ status: "AWAITING", last4: "0077" });

    clock += 5_000;
    expect(await sandbox.notifyDue(send)).toBe(2);
    expect(await sandbox.notifyDue(send)).toBe(0);
    expect(await sandbox.lookup(approvedKey)).toMatchObject({ status: "APPROVED" });
    expect(await sandbox.lookup(rejectedKey)).toMatchObject({
      status: "DECLINED",
      reason: "issuer_rejected",
    });
    const keys = sent.map(({ body, signature }) => sandbox.verifyNotification(body, signature));
    expect(keys.map((n) => n?.idempotencyKey).sort()).toEqual([approvedKey, rejectedKey].sort());
  });

  it("verifies no forged, altered, foreign-keyed or stale notification", async () => {
    let clock = now.getTime();
    const options = { db, now: () => new Date(clock), decisionDelayMs: 0 };
    const sandbox = new SandboxAcquirer({ ...options, notificationSecret: "test-secret" });
    const other = new SandboxAcquirer({ ...options, notificationSecret: "another-secret" });
    await sandbox.charge(chargeInput({ number: "4000000000000077" }));
    let sent = { body: "", signature: "" };
    await sandbox.notifyDue(async (body, signature) => {
      sent = { body, signature };
      return true;
    });
    expect(sandbox.verifyNotification(sent.body, sent.signature)).not.toBeNull();
    expect(other.verifyNotification(sent.body, sent.signature)).toBeNull();
    expect(
      sandbox.verifyNotification(sent.body.replace("key-", "kez-"), sent.signature),
    ).toBeNull();
    expect(sandbox.verifyNotification(sent.body, null)).toBeNull();
    expect(sandbox.verifyNotification(sent.body, "t=1,v1=00")).toBeNull();
    clock += 6 * 60_000;
    expect(sandbox.verifyNotification(sent.body, sent.signature)).toBeNull();
  });

  it("sends again a notification that could not be delivered", async () => {
    const sandbox = new SandboxAcquirer({ db, now: () => now, decisionDelayMs: 0 });
    await sandbox.charge(chargeInput({ number: "4000000000000077" }));
    expect(await sandbox.notifyDue(async () => false)).toBe(0);
    expect(await sandbox.notifyDue(async () => true)).toBe(1);
  });
});
