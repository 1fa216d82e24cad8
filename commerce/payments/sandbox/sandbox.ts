// The offline card acquirer: deterministic outcomes by card number, so the whole purchase
// (approve, decline, processing failure, a 3-D Secure challenge, a decision taken later and
// notified by a signed webhook) can be exercised without a real acquirer. Like a real one it
// keeps its own ledger, in a table of its own (sandbox_acquirer_charges): every API process
// on the database is then one acquirer, and one insert decides each key once. What each test
// card does is sandbox-cards.ts; its bank's challenge page sandbox-issuer-page.ts; its
// notifications are signed by sandbox-signature.ts and sent by sandbox-notifier.ts.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, lte } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { sandboxAcquirerCharges } from "../../db/schema.ts";
import { DEVELOPMENT_NOTIFICATION_SECRET } from "../../installation-secrets.ts";
import { log } from "../../log.ts";
import type {
  AcquirerNotification,
  CardProfile,
  ChargeInput,
  ChargeOutcome,
  PaymentProvider,
  PreValidation,
} from "../provider.ts";
import {
  digitsOf,
  invalidReason,
  SANDBOX_CHALLENGE_CODE,
  scriptedOutcomes,
} from "./sandbox-cards.ts";
import { sandboxCardProfile } from "./sandbox-issuers.ts";
import {
  notificationSignatureHeader,
  signNotification,
  verifiedNotification,
} from "./sandbox-signature.ts";

export {
  SANDBOX_CHALLENGE_CODE,
  type SandboxReason,
  sandboxTestCards,
} from "./sandbox-cards.ts";
export { notificationSignatureHeader } from "./sandbox-signature.ts";

/** A challenge nobody completes ends declined after this long. */
const CHALLENGE_LIFETIME_MS = 15 * 60_000;

export type SandboxCharge = {
  reference: string;
  idempotencyKey: string;
  amount: number;
  installments: number;
  last4: string;
  refunded: boolean;
};

type ChargeRow = typeof sandboxAcquirerCharges.$inferSelect;

const int32OrZero = (value: number) =>
  Number.isInteger(value) && Math.abs(value) <= 2_147_483_647 ? value : 0;

type Decision = {
  status: ChargeRow["status"];
  reference?: string;
  reason?: string;
  last4: string;
  challengeToken?: string;
  laterStatus?: "APPROVED" | "DECLINED";
};

const newReference = () => `SBX-${randomBytes(9).toString("base64url")}`;

export type SandboxOptions = {
  /** Where its ledger lives: the API's database. */
  db: Executor;
  /** The clock that judges card expiry, challenges and decisions taken later. */
  now?: () => Date;
  /**
   * Fault tests: hold each answer this long after deciding (and say so on stdout), as an
   * acquirer whose answer is slow to come back. The charge is already made meanwhile.
   */
  answerDelayMs?: number;
  /** How long the issuer takes to decide a pending charge (default 8 s). */
  decisionDelayMs?: number;
  /** Where browsers reach the sandbox issuer's pages ("" : the shop's own origin). */
  publicUrl?: string;
  /** The secret notifications are signed with, shared with whoever verifies them. */
  notificationSecret?: string;
};

/** Development only (decision 0059): a production API runs on SANDBOX_NOTIFICATION_SECRET's. */
export { DEVELOPMENT_NOTIFICATION_SECRET };

export class SandboxAcquirer implements PaymentProvider {
  readonly notificationHeader = notificationSignatureHeader;
  private readonly db: Executor;
  private readonly now: () => Date;
  private readonly answerDelayMs: number;
  private readonly decisionDelayMs: number;
  private readonly publicUrl: string;
  private readonly notificationSecret: string;

  constructor(options: SandboxOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.answerDelayMs = options.answerDelayMs ?? 0;
    this.decisionDelayMs = options.decisionDelayMs ?? 8_000;
    this.publicUrl = (options.publicUrl ?? "").replace(/\/+$/, "");
    this.notificationSecret = options.notificationSecret ?? DEVELOPMENT_NOTIFICATION_SECRET;
  }

  async cardProfile(bin: string): Promise<CardProfile | null> {
    return sandboxCardProfile(bin);
  }

  async preValidate(input: Omit<ChargeInput, "idempotencyKey">): Promise<PreValidation> {
    const number = digitsOf(input.card.number);
    // A card reported lost is blocked at the issuer: it shows before any charge. Funds only
    // show when charging.
    const reason =
      invalidReason(input, number, this.now()) ??
      (number === "4000000000009995" ? "card_reported_lost" : null);
    if (reason) return { valid: false, reason };
    return { valid: true, challenge: scriptedOutcomes[number]?.status === "CHALLENGE" };
  }

  async charge(input: ChargeInput): Promise<ChargeOutcome> {
    const decided = this.decide(input);
    const now = this.now();
    // The primary key decides: of simultaneous calls with one key (from any process), one
    // insert wins and every call answers what it recorded.
    const [inserted] = await this.db
      .insert(sandboxAcquirerCharges)
      .values({
        idempotencyKey: input.idempotencyKey,
        status: decided.status,
        reference: decided.reference ?? null,
        reason: decided.reason ?? null,
        last4: decided.last4,
        // What a declined request carried may not even fit the column.
        amount: int32OrZero(input.amount),
        installments: int32OrZero(input.installments),
        challengeToken: decided.challengeToken ?? null,
        returnUrl: decided.challengeToken ? (input.returnUrl ?? null) : null,
        decideAt:
          decided.status === "AWAITING" ? new Date(now.getTime() + this.decisionDelayMs) : null,
        laterStatus: decided.laterStatus ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: sandboxAcquirerCharges.idempotencyKey })
      .returning();
    const row = inserted ?? (await this.row(input.idempotencyKey));
    if (!row) throw new Error("Sandbox acquirer: a recorded charge disappeared");
    if (this.answerDelayMs > 0) {
      log.info(
        `sandbox acquirer: charge decided (${row.status}), answering in ${this.answerDelayMs} ms`,
      );
      await sleep(this.answerDelayMs);
    }
    return this.outcomeOf(row);
  }

  async lookup(idempotencyKey: string): Promise<ChargeOutcome | null> {
    const row = await this.row(idempotencyKey);
    return row ? this.outcomeOf(await this.settleDue(row)) : null;
  }

  async cancel(idempotencyKey: string): Promise<ChargeOutcome | null> {
    await this.db
      .update(sandboxAcquirerCharges)
      .set({ status: "DECLINED", reason: "authentication_cancelled" })
      .where(
        and(
          eq(sandboxAcquirerCharges.idempotencyKey, idempotencyKey),
          eq(sandboxAcquirerCharges.status, "CHALLENGE"),
        ),
      );
    return this.lookup(idempotencyKey);
  }

  /**
   * The issuer's challenge page's answer (sandbox-issuer-page.ts): the right code approves,
   * any other declines, "cancel" calls it off. Answers where to send the cardholder back,
   * or null for a challenge that is unknown or already answered.
   */
  async answerChallenge(
    token: string,
    answer: { code: string } | "cancel",
  ): Promise<{ returnUrl: string | null } | null> {
    const approved = answer !== "cancel" && answer.code.trim() === SANDBOX_CHALLENGE_CODE;
    const reason =
      answer === "cancel" ? "authentication_cancelled" : approved ? null : "authentication_failed";
    const [row] = await this.db
      .update(sandboxAcquirerCharges)
      .set({
        status: approved ? "APPROVED" : "DECLINED",
        reference: approved ? newReference() : null,
        reason,
      })
      .where(
        and(
          eq(sandboxAcquirerCharges.challengeToken, token),
          eq(sandboxAcquirerCharges.status, "CHALLENGE"),
        ),
      )
      .returning();
    return row ? { returnUrl: row.returnUrl } : null;
  }

  /** The challenge a token names, while it waits for the cardholder (for its page). */
  async openChallenge(
    token: string,
  ): Promise<{ amount: number; last4: string; returnUrl: string | null } | null> {
    const [row] = await this.db
      .select()
      .from(sandboxAcquirerCharges)
      .where(eq(sandboxAcquirerCharges.challengeToken, token))
      .limit(1);
    if (!row) return null;
    const current = await this.settleDue(row);
    if (current.status !== "CHALLENGE") return null;
    return { amount: row.amount, last4: row.last4, returnUrl: row.returnUrl };
  }

  verifyNotification(rawBody: string, signature: string | null): AcquirerNotification | null {
    return verifiedNotification(this.notificationSecret, rawBody, signature, this.now());
  }

  /**
   * Decides the pending charges that are due and sends each one's signed notification with
   * `send` (the shop's webhook). A notification that could not be sent goes again next time.
   */
  async notifyDue(send: (body: string, signature: string) => Promise<boolean>): Promise<number> {
    const due = await this.db
      .select()
      .from(sandboxAcquirerCharges)
      .where(
        and(
          eq(sandboxAcquirerCharges.notified, false),
          lte(sandboxAcquirerCharges.decideAt, this.now()),
        ),
      )
      .limit(100);
    let sent = 0;
    for (const row of due) {
      await this.settleDue(row);
      const body = JSON.stringify({
        id: `ntf-${randomBytes(9).toString("base64url")}`,
        idempotencyKey: row.idempotencyKey,
      });
      const signature = signNotification(this.notificationSecret, body, this.now());
      if (!(await send(body, signature).catch(() => false))) continue;
      await this.db
        .update(sandboxAcquirerCharges)
        .set({ notified: true })
        .where(eq(sandboxAcquirerCharges.idempotencyKey, row.idempotencyKey));
      sent += 1;
    }
    return sent;
  }

  /** A pending charge whose time came is decided now (once, whoever asks first). */
  private async settleDue(row: ChargeRow): Promise<ChargeRow> {
    const now = this.now();
    let change: Partial<ChargeRow> | null = null;
    if (row.status === "AWAITING" && row.decideAt && row.decideAt <= now) {
      const approved = row.laterStatus === "APPROVED";
      change = {
        status: approved ? "APPROVED" : "DECLINED",
        reference: approved ? newReference() : null,
        reason: approved ? null : "issuer_rejected",
      };
    } else if (
      row.status === "CHALLENGE" &&
      now.getTime() - row.createdAt.getTime() > CHALLENGE_LIFETIME_MS
    ) {
      change = { status: "DECLINED", reason: "authentication_timeout" };
    }
    if (!change) return row;
    const [updated] = await this.db
      .update(sandboxAcquirerCharges)
      .set(change)
      .where(
        and(
          eq(sandboxAcquirerCharges.idempotencyKey, row.idempotencyKey),
          eq(sandboxAcquirerCharges.status, row.status),
        ),
      )
      .returning();
    return updated ?? (await this.row(row.idempotencyKey)) ?? row;
  }

  private outcomeOf(row: ChargeRow): ChargeOutcome {
    const { last4 } = row;
    switch (row.status) {
      case "APPROVED":
        if (row.reference) return { status: "APPROVED", reference: row.reference, last4 };
        break;
      case "DECLINED":
        return { status: "DECLINED", reason: row.reason ?? "processing_error", last4 };
      case "CHALLENGE":
        return {
          status: "CHALLENGE",
          challengeUrl: `${this.publicUrl}/sandbox/3ds/${row.challengeToken}`,
          last4,
        };
      case "AWAITING":
        return { status: "AWAITING", last4 };
    }
    return { status: "FAILED", reason: row.reason ?? "processing_error", last4 };
  }

  async refund(reference: string): Promise<void> {
    // Refunding twice is a no-op: the money went back once.
    const refunded = await this.db
      .update(sandboxAcquirerCharges)
      .set({ refunded: true })
      .where(eq(sandboxAcquirerCharges.reference, reference))
      .returning({ reference: sandboxAcquirerCharges.reference });
    if (refunded.length === 0) {
      throw new Error(`Sandbox acquirer: unknown charge reference ${reference}`);
    }
  }

  /** Approved charges so far (for tests and the demo): one entry per money movement. */
  async charges(): Promise<SandboxCharge[]> {
    const rows = await this.db
      .select()
      .from(sandboxAcquirerCharges)
      .where(eq(sandboxAcquirerCharges.status, "APPROVED"))
      .orderBy(asc(sandboxAcquirerCharges.createdAt), asc(sandboxAcquirerCharges.reference));
    return rows.map((row) => ({
      reference: row.reference ?? "",
      idempotencyKey: row.idempotencyKey,
      amount: row.amount,
      installments: row.installments,
      last4: row.last4,
      refunded: row.refunded,
    }));
  }

  private async row(idempotencyKey: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxAcquirerCharges)
      .where(eq(sandboxAcquirerCharges.idempotencyKey, idempotencyKey))
      .limit(1);
    return row;
  }

  private decide(input: ChargeInput): Decision {
    const number = digitsOf(input.card.number);
    const last4 = /^[0-9]{4,}$/.test(number) ? number.slice(-4) : "";
    const reason = invalidReason(input, number, this.now());
    if (reason) return { status: "DECLINED", reason, last4 };
    const scripted = scriptedOutcomes[number];
    if (scripted?.status === "CHALLENGE") {
      // Without a way back the cardholder could never answer: declined at once.
      if (!input.returnUrl) return { status: "DECLINED", reason: "authentication_failed", last4 };
      return { status: "CHALLENGE", last4, challengeToken: randomBytes(18).toString("base64url") };
    }
    if (scripted?.status === "AWAITING") {
      return { status: "AWAITING", last4, laterStatus: scripted.later };
    }
    if (scripted) return { status: scripted.status, reason: scripted.reason, last4 };
    return { status: "APPROVED", reference: newReference(), last4 };
  }
}
