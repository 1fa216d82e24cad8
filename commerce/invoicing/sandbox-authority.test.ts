// The sandbox fiscal authority, on the file's PGlite: each number of a sequence (issuer, point
// of sale, type) is authorized once and only after the one before it, as the real one does.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { resetDatabase, testDatabase } from "../testing/harness.ts";
import type { ReceiptRequest } from "./authority.ts";
import { isCae } from "./receipt-rules.ts";
import { SandboxFiscalAuthority } from "./sandbox-authority.ts";

let db: Database;
let authority: SandboxFiscalAuthority;
const now = new Date("2031-03-10T15:00:00Z");

beforeAll(async () => {
  db = (await testDatabase()).db;
});
beforeEach(async () => {
  await resetDatabase(db);
  authority = new SandboxFiscalAuthority({ db, now: () => now });
});

const bill = (number: number, overrides: Partial<ReceiptRequest> = {}): ReceiptRequest => ({
  issuerTaxId: "30712345671",
  pointOfSale: 3,
  receiptType: 6,
  number,
  issuedOn: "2031-03-10",
  total: 12_100,
  net: 10_000,
  vat: 2_100,
  ...overrides,
});

describe("the sandbox fiscal authority", () => {
  it("authorizes the next number with a 14-digit CAE valid ten days", async () => {
    const answer = await authority.authorize(bill(1));
    expect(answer).toMatchObject({ status: "AUTHORIZED", caeExpiresOn: "2031-03-20" });
    if (answer.status !== "AUTHORIZED") throw new Error("refused");
    expect(isCae(answer.cae)).toBe(true);
    expect(await authority.lookup(bill(1))).toEqual({
      cae: answer.cae,
      caeExpiresOn: "2031-03-20",
    });
    expect(await authority.lastAuthorized(bill(1))).toBe(1);
    const second = await authority.authorize(bill(2));
    expect(second.status).toBe("AUTHORIZED");
    if (second.status === "AUTHORIZED") expect(second.cae).not.toBe(answer.cae);
  });

  it("refuses a number that skips one, and one authorized already", async () => {
    expect(await authority.authorize(bill(2))).toMatchObject({
      status: "REFUSED",
      reason: "NOT_NEXT",
    });
    expect(await authority.lookup(bill(2))).toBeNull();
    await authority.authorize(bill(1));
    expect(await authority.authorize(bill(1))).toMatchObject({
      status: "REFUSED",
      reason: "ALREADY_AUTHORIZED",
    });
    expect(await authority.authorize(bill(3))).toMatchObject({ reason: "NOT_NEXT" });
    expect(await authority.lastAuthorized(bill(1))).toBe(1);
  });

  it("keeps one sequence per point of sale and per type", async () => {
    const note = (number: number) =>
      bill(number, {
        receiptType: 8,
        associated: { receiptType: 6, pointOfSale: 3, number: 1 },
      });
    expect((await authority.authorize(bill(1))).status).toBe("AUTHORIZED");
    expect((await authority.authorize(note(1))).status).toBe("AUTHORIZED");
    expect((await authority.authorize(bill(1, { pointOfSale: 4 }))).status).toBe("AUTHORIZED");
    expect((await authority.authorize(bill(2))).status).toBe("AUTHORIZED");
    expect(await authority.lastAuthorized(note(1))).toBe(1);
    expect(await authority.lastAuthorized(bill(1, { pointOfSale: 4 }))).toBe(1);
    expect(await authority.lastAuthorized(bill(1))).toBe(2);
  });

  it("refuses malformed receipts and dates more than ten days away", async () => {
    for (const wrong of [
      bill(1, { vat: 1 }),
      bill(1, { issuerTaxId: "30712345672" }),
      bill(1, { receiptType: 8 }),
      bill(1, { issuedOn: "2031-02-27" }),
      bill(1, { issuedOn: "2031-03-21" }),
    ]) {
      expect(await authority.authorize(wrong), JSON.stringify(wrong)).toMatchObject({
        status: "REFUSED",
        reason: "INVALID",
      });
    }
    expect(await authority.lastAuthorized(bill(1))).toBe(0);
  });

  it("authorizes each number once when asked for many at once, in any order", async () => {
    const numbers = Array.from({ length: 20 }, (_, i) => i + 1);
    // Asked together, round after round, as several API processes would: each round
    // authorizes at least the next missing number and never one out of sequence.
    let rounds = 0;
    while ((await authority.lastAuthorized(bill(1))) < numbers.length && rounds < 40) {
      rounds += 1;
      const answers = await Promise.all(
        [...numbers]
          .reverse()
          .flatMap((n) => [authority.authorize(bill(n)), authority.authorize(bill(n))]),
      );
      expect(answers.filter((a) => a.status === "AUTHORIZED").length).toBeGreaterThan(0);
    }
    expect(await authority.lastAuthorized(bill(1))).toBe(20);
    const caes = await Promise.all(numbers.map((n) => authority.lookup(bill(n))));
    expect(caes.every((found) => found !== null && isCae(found.cae))).toBe(true);
    expect(new Set(caes.map((found) => found?.cae)).size).toBe(20);
  });
});
