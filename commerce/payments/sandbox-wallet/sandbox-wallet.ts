// The offline wallet: a stand-in for Apay and Tigo Money with a hosted payment page of its own
// (sandbox-wallet-page.ts) where the payer chooses what happens, as the test cards script the
// card acquirer: "Pay" approves, "Insufficient balance" declines, "Decide later" leaves the
// payment waiting (the wallet approves it after decisionDelayMs and notifies), "Cancel" calls
// it off; a page nobody answers declines after 15 minutes. Like the sandbox acquirer it keeps
// its own ledger (sandbox_wallet_payments), so every API process on the database is one
// wallet, and signs its notifications with sandbox-signature.ts.
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, lte, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { sandboxWalletPayments } from "../../db/schema-operations.ts";
import type { WalletBrand } from "../../purchase/catalogues.ts";
import type { AcquirerNotification, ChargeOutcome } from "../provider.ts";
import { DEVELOPMENT_NOTIFICATION_SECRET } from "../sandbox/sandbox.ts";
import { signNotification, verifiedNotification } from "../sandbox/sandbox-signature.ts";
import type { WalletPaymentInput, WalletProvider } from "../wallet.ts";

export const walletSignatureHeader = "x-sandbox-wallet-signature";

/** What the payer may choose on the hosted page (documented like the test cards). */
export const walletPageChoices = ["approve", "insufficient", "later", "cancel"] as const;
export type WalletPageChoice = (typeof walletPageChoices)[number];

/** A hosted page nobody answers ends declined after this long. */
const PAGE_LIFETIME_MS = 15 * 60_000;

type WalletRow = typeof sandboxWalletPayments.$inferSelect;

const newReference = () => `WLT-${randomBytes(9).toString("base64url")}`;
const int32OrZero = (value: number) =>
  Number.isInteger(value) && Math.abs(value) <= 2_147_483_647 ? value : 0;

export type SandboxWalletOptions = {
  db: Executor;
  now?: () => Date;
  /** How long a payment the payer left to "decide later" waits (default 8 s). */
  decisionDelayMs?: number;
  /** Where browsers reach the hosted page ("": the shop's own origin). */
  publicUrl?: string;
  notificationSecret?: string;
};

export class SandboxWallet implements WalletProvider {
  readonly brands: readonly WalletBrand[] = ["APAY", "TIGO_MONEY"];
  readonly notificationHeader = walletSignatureHeader;
  private readonly db: Executor;
  private readonly now: () => Date;
  private readonly decisionDelayMs: number;
  private readonly publicUrl: string;
  private readonly secret: string;

  constructor(options: SandboxWalletOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.decisionDelayMs = options.decisionDelayMs ?? 8_000;
    this.publicUrl = (options.publicUrl ?? "").replace(/\/+$/, "");
    this.secret = options.notificationSecret ?? DEVELOPMENT_NOTIFICATION_SECRET;
  }

  async start(input: WalletPaymentInput): Promise<ChargeOutcome> {
    // The primary key decides: simultaneous starts with one key open one payment.
    const [inserted] = await this.db
      .insert(sandboxWalletPayments)
      .values({
        idempotencyKey: input.idempotencyKey,
        brand: input.brand,
        status: "WAITING_PAYER",
        amount: int32OrZero(input.amount),
        pageToken: randomBytes(18).toString("base64url"),
        returnUrl: input.returnUrl,
        createdAt: this.now(),
      })
      .onConflictDoNothing({ target: sandboxWalletPayments.idempotencyKey })
      .returning();
    const row = inserted ?? (await this.row(input.idempotencyKey));
    if (!row) throw new Error("Sandbox wallet: a recorded payment disappeared");
    return this.outcomeOf(await this.settleDue(row));
  }

  async lookup(idempotencyKey: string): Promise<ChargeOutcome | null> {
    const row = await this.row(idempotencyKey);
    return row ? this.outcomeOf(await this.settleDue(row)) : null;
  }

  async cancel(idempotencyKey: string): Promise<ChargeOutcome | null> {
    await this.db
      .update(sandboxWalletPayments)
      .set({ status: "DECLINED", reason: "wallet_cancelled", notified: false })
      .where(
        and(
          eq(sandboxWalletPayments.idempotencyKey, idempotencyKey),
          eq(sandboxWalletPayments.status, "WAITING_PAYER"),
        ),
      );
    return this.lookup(idempotencyKey);
  }

  async refund(reference: string): Promise<void> {
    const refunded = await this.db
      .update(sandboxWalletPayments)
      .set({ refunded: true })
      .where(eq(sandboxWalletPayments.reference, reference))
      .returning({ reference: sandboxWalletPayments.reference });
    if (refunded.length === 0) throw new Error(`Sandbox wallet: unknown reference ${reference}`);
  }

  verifyNotification(rawBody: string, signature: string | null): AcquirerNotification | null {
    return verifiedNotification(this.secret, rawBody, signature, this.now());
  }

  /** The payment a page token names while it waits for the payer (for the hosted page). */
  async openPage(
    token: string,
  ): Promise<{ amount: number; brand: string; returnUrl: string } | null> {
    const [row] = await this.db
      .select()
      .from(sandboxWalletPayments)
      .where(eq(sandboxWalletPayments.pageToken, token))
      .limit(1);
    if (!row || (await this.settleDue(row)).status !== "WAITING_PAYER") return null;
    return { amount: row.amount, brand: row.brand, returnUrl: row.returnUrl };
  }

  /**
   * The payer's choice on the hosted page, once: answers where to send them back, or null
   * for a page that is unknown or already answered.
   */
  async answerPage(token: string, choice: WalletPageChoice): Promise<{ returnUrl: string } | null> {
    const now = this.now();
    const change: Partial<WalletRow> =
      choice === "approve"
        ? { status: "APPROVED", reference: newReference() }
        : choice === "later"
          ? { status: "AWAITING", decideAt: new Date(now.getTime() + this.decisionDelayMs) }
          : {
              status: "DECLINED",
              reason: choice === "cancel" ? "wallet_cancelled" : "insufficient_funds",
            };
    const [row] = await this.db
      .update(sandboxWalletPayments)
      .set({ ...change, notified: false })
      .where(
        and(
          eq(sandboxWalletPayments.pageToken, token),
          eq(sandboxWalletPayments.status, "WAITING_PAYER"),
        ),
      )
      .returning();
    return row ? { returnUrl: row.returnUrl } : null;
  }

  /**
   * Sends a signed notification, through `send` (the shop's webhook), for every payment
   * decided and not yet notified (those decided later once their time came). One that
   * could not be sent goes again next time.
   */
  async notifyDue(send: (body: string, signature: string) => Promise<boolean>): Promise<number> {
    const due = await this.db
      .select()
      .from(sandboxWalletPayments)
      .where(
        and(
          eq(sandboxWalletPayments.notified, false),
          or(
            inArray(sandboxWalletPayments.status, ["APPROVED", "DECLINED"]),
            and(
              eq(sandboxWalletPayments.status, "AWAITING"),
              lte(sandboxWalletPayments.decideAt, this.now()),
            ),
          ),
        ),
      )
      .orderBy(asc(sandboxWalletPayments.createdAt))
      .limit(100);
    let sent = 0;
    for (const row of due) {
      const decided = await this.settleDue(row);
      if (decided.status === "AWAITING") continue;
      const body = JSON.stringify({
        id: `wlt-${randomBytes(9).toString("base64url")}`,
        idempotencyKey: row.idempotencyKey,
      });
      if (!(await send(body, signNotification(this.secret, body, this.now())).catch(() => false)))
        continue;
      await this.db
        .update(sandboxWalletPayments)
        .set({ notified: true })
        .where(eq(sandboxWalletPayments.idempotencyKey, row.idempotencyKey));
      sent += 1;
    }
    return sent;
  }

  /** Approved payments so far (tests, demo): one entry per money movement. */
  async approved(): Promise<Array<{ reference: string; amount: number; refunded: boolean }>> {
    const rows = await this.db
      .select()
      .from(sandboxWalletPayments)
      .where(eq(sandboxWalletPayments.status, "APPROVED"))
      .orderBy(asc(sandboxWalletPayments.createdAt));
    return rows.map((row) => ({
      reference: row.reference ?? "",
      amount: row.amount,
      refunded: row.refunded,
    }));
  }

  /** A page whose time ran out is declined; a payment left for later is approved when due. */
  private async settleDue(row: WalletRow): Promise<WalletRow> {
    const now = this.now();
    let change: Partial<WalletRow> | null = null;
    if (row.status === "AWAITING" && row.decideAt && row.decideAt <= now) {
      change = { status: "APPROVED", reference: newReference() };
    } else if (
      row.status === "WAITING_PAYER" &&
      now.getTime() - row.createdAt.getTime() > PAGE_LIFETIME_MS
    ) {
      change = { status: "DECLINED", reason: "wallet_timeout", notified: true };
    }
    if (!change) return row;
    const [updated] = await this.db
      .update(sandboxWalletPayments)
      .set(change)
      .where(
        and(
          eq(sandboxWalletPayments.idempotencyKey, row.idempotencyKey),
          eq(sandboxWalletPayments.status, row.status),
        ),
      )
      .returning();
    return updated ?? (await this.row(row.idempotencyKey)) ?? row;
  }

  private outcomeOf(row: WalletRow): ChargeOutcome {
    const last4 = "";
    switch (row.status) {
      case "APPROVED":
        return { status: "APPROVED", reference: row.reference ?? "", last4 };
      case "DECLINED":
        return { status: "DECLINED", reason: row.reason ?? "processing_error", last4 };
      case "AWAITING":
        return { status: "AWAITING", last4 };
      default:
        return {
          status: "CHALLENGE",
          challengeUrl: `${this.publicUrl}/sandbox/wallet/${row.pageToken}`,
          last4,
        };
    }
  }

  private async row(idempotencyKey: string): Promise<WalletRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxWalletPayments)
      .where(eq(sandboxWalletPayments.idempotencyKey, idempotencyKey))
      .limit(1);
    return row;
  }
}
