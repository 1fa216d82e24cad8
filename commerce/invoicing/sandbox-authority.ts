// The sandbox fiscal authority: the offline stand-in for the tax office. It checks each
// receipt as the real one does (well formed, dated within ten days of today, and numbered
// exactly one after the last it authorized for that issuer, point of sale and type) and gives
// it a CAE of 14 digits valid for ten days. Its ledger is a table of the API's database, so
// every API process sharing the database is one authority.
import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { sandboxFiscalReceipts } from "../db/schema.ts";
import type { Authorization, FiscalAuthority, ReceiptRequest } from "./authority.ts";
import { CAE_VALID_DAYS, caeExpiry, fiscalDate, receiptProblem } from "./receipt-rules.ts";

const DAY_MS = 86_400_000;

/** 14 digits, the first not a zero. */
const newCae = () =>
  `${randomInt(1, 10)}${String(randomInt(0, 1_000_000)).padStart(6, "0")}${String(
    randomInt(0, 10_000_000),
  ).padStart(7, "0")}`;

export class SandboxFiscalAuthority implements FiscalAuthority {
  private readonly db: Executor;
  private readonly now: () => Date;

  constructor(options: { db: Executor; now?: () => Date }) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
  }

  async authorize(receipt: ReceiptRequest): Promise<Authorization> {
    const problem = receiptProblem(receipt);
    if (problem) return { status: "REFUSED", reason: "INVALID", detail: problem };
    const today = new Date(`${fiscalDate(this.now())}T00:00:00Z`).getTime();
    const day = new Date(`${receipt.issuedOn}T00:00:00Z`).getTime();
    if (Math.abs(day - today) > CAE_VALID_DAYS * DAY_MS) {
      return { status: "REFUSED", reason: "INVALID", detail: "date out of range" };
    }
    const cae = newCae();
    const expiresOn = caeExpiry(receipt.issuedOn);
    const key = this.sequenceOf(receipt);
    // Written only when it is the next number; a simultaneous request for the same number
    // waits on the primary key and then writes nothing.
    const written = await this.db.execute(sql`
      insert into ${sandboxFiscalReceipts}
        (issuer_tax_id, point_of_sale, receipt_type, number, issued_on, total, cae, cae_expires_on)
      select ${receipt.issuerTaxId}, ${receipt.pointOfSale}, ${receipt.receiptType},
        ${receipt.number}, ${receipt.issuedOn}, ${receipt.total}, ${cae}, ${expiresOn}
      where (select coalesce(max(number), 0) from ${sandboxFiscalReceipts} where ${key})
        = ${receipt.number - 1}
      on conflict do nothing
      returning cae`);
    // PGlite and node-postgres both answer { rows }.
    if ((written as unknown as { rows: unknown[] }).rows.length === 1) {
      return { status: "AUTHORIZED", cae, caeExpiresOn: expiresOn };
    }
    const known = await this.lookup(receipt);
    return known
      ? { status: "REFUSED", reason: "ALREADY_AUTHORIZED", detail: String(receipt.number) }
      : { status: "REFUSED", reason: "NOT_NEXT", detail: String(receipt.number) };
  }

  async lookup(
    receipt: Pick<ReceiptRequest, "issuerTaxId" | "pointOfSale" | "receiptType" | "number">,
  ) {
    const [row] = await this.db
      .select({ cae: sandboxFiscalReceipts.cae, caeExpiresOn: sandboxFiscalReceipts.caeExpiresOn })
      .from(sandboxFiscalReceipts)
      .where(and(this.sequenceOf(receipt), eq(sandboxFiscalReceipts.number, receipt.number)));
    return row ?? null;
  }

  async lastAuthorized(
    receipt: Pick<ReceiptRequest, "issuerTaxId" | "pointOfSale" | "receiptType">,
  ): Promise<number> {
    const [row] = await this.db
      .select({ last: sql<number>`coalesce(max(${sandboxFiscalReceipts.number}), 0)::int` })
      .from(sandboxFiscalReceipts)
      .where(this.sequenceOf(receipt));
    return row.last;
  }

  private sequenceOf(receipt: Pick<ReceiptRequest, "issuerTaxId" | "pointOfSale" | "receiptType">) {
    return and(
      eq(sandboxFiscalReceipts.issuerTaxId, receipt.issuerTaxId),
      eq(sandboxFiscalReceipts.pointOfSale, receipt.pointOfSale),
      eq(sandboxFiscalReceipts.receiptType, receipt.receiptType),
    );
  }
}
