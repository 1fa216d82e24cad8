// Reconciliation of payments left PENDING. A payment is stored PENDING before the acquirer
// is called; a crash (or a lost connection) between the acquirer's answer and the database
// leaves it so, maybe with the card charged. A PENDING payment may also be waiting on purpose:
// for the cardholder's 3-D Secure challenge, or for an issuer that decides later and
// notifies (payment-follow-up.ts); each pass asks about those too, in case a notification
// was lost. Asking the acquirer by the idempotency key
// tells what happened: an approved charge is settled (or refunded when the places are
// gone), a declined or failed one recorded, and one the acquirer never received is marked
// FAILED. Runs at start and periodically (startPaymentReconciler), and for the one process
// a new charge is about to pay (charge.ts), so a retry with a new key never pays twice.
//
// Only payments older than a grace period are judged "never received": a younger one may
// still be on its way to the acquirer from another request or API process.
import { and, asc, eq, lte } from "drizzle-orm";
import { payments } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import type { BusinessErrorCode } from "../errors.ts";
import { invoicePending } from "../invoicing/issuer.ts";
import { log } from "../log.ts";
import { startPeriodicJob } from "../periodic-job.ts";
import { followUpOf, paymentRefOf } from "./payment-providers.ts";
import type { ChargeOutcome, FinalOutcome } from "./provider.ts";
import { recordStage, recordUnpaid, settleApprovedCharge } from "./settlement.ts";

/** How long a PENDING payment may be in flight before it is reconciled (2 minutes). */
export const DEFAULT_PENDING_GRACE_MS = 2 * 60_000;

/** What the acquirer's answer about a PENDING payment calls for. */
export type PendingAction =
  | { do: "settle"; outcome: Extract<ChargeOutcome, { status: "APPROVED" }> }
  | { do: "record"; outcome: Exclude<FinalOutcome, { status: "APPROVED" }> }
  /** Not decided yet: the cardholder authenticates, or the issuer decides later. */
  | { do: "follow"; outcome: Extract<ChargeOutcome, { status: "CHALLENGE" | "AWAITING" }> }
  /** The acquirer never received it, and it is too old to be on its way: nothing was charged. */
  | { do: "mark-failed" }
  /** Not received yet, but young enough to be in flight: leave it. */
  | { do: "wait" };

export function pendingPaymentAction(
  outcome: ChargeOutcome | null,
  age: { createdAt: Date; now: Date; graceMs: number },
): PendingAction {
  if (outcome?.status === "APPROVED") return { do: "settle", outcome };
  if (outcome?.status === "CHALLENGE" || outcome?.status === "AWAITING") {
    return { do: "follow", outcome };
  }
  if (outcome) return { do: "record", outcome };
  const pastGrace = age.now.getTime() - age.createdAt.getTime() >= age.graceMs;
  return pastGrace ? { do: "mark-failed" } : { do: "wait" };
}

export type PendingResolution =
  | { kind: "settled"; orderId: number }
  /** Approved, but the places were gone: given back (or the refund failed). */
  | { kind: "refunded"; reason: BusinessErrorCode }
  | { kind: "unpaid"; status: "DECLINED" | "FAILED"; reason: string }
  /** The cardholder is asked to authenticate (3-D Secure) at this address. */
  | { kind: "challenge"; challengeUrl: string }
  /** On its way to the acquirer, or taken and decided later by the issuer. */
  | { kind: "in-flight" }
  /** The acquirer could not be asked; the payment stays PENDING for the next pass. */
  | { kind: "unreachable" };

type PendingPayment = Pick<
  typeof payments.$inferSelect,
  "id" | "idempotencyKey" | "createdAt" | "provider" | "providerReference" | "amount"
>;

/** The reason kept on a payment the acquirer never received. */
export const NOT_RECEIVED = "not_received";

const graceOf = (deps: CommerceDeps) => deps.pendingPaymentGraceMs ?? DEFAULT_PENDING_GRACE_MS;

/** Asks the acquirer about one PENDING payment and brings the database in line with it. */
export async function resolvePendingPayment(
  deps: CommerceDeps,
  payment: PendingPayment,
): Promise<PendingResolution> {
  let outcome: ChargeOutcome | null;
  try {
    outcome = await followUpOf(deps, payment.provider).lookup(paymentRefOf(payment));
  } catch (error) {
    log.warn({ err: error, paymentId: payment.id }, "payment lookup failed");
    return { kind: "unreachable" };
  }
  const action = pendingPaymentAction(outcome, {
    createdAt: payment.createdAt,
    now: deps.now(),
    graceMs: graceOf(deps),
  });
  switch (action.do) {
    case "settle": {
      const settled = await settleApprovedCharge(deps, payment.id, action.outcome);
      return "orderId" in settled
        ? { kind: "settled", orderId: settled.orderId }
        : { kind: "refunded", reason: settled.lost };
    }
    case "record":
      await recordUnpaid(deps.db, payment.id, action.outcome);
      return { kind: "unpaid", status: action.outcome.status, reason: action.outcome.reason };
    case "follow":
      await recordStage(deps.db, payment.id, action.outcome);
      return action.outcome.status === "CHALLENGE"
        ? { kind: "challenge", challengeUrl: action.outcome.challengeUrl }
        : { kind: "in-flight" };
    case "mark-failed":
      await recordUnpaid(deps.db, payment.id, {
        status: "FAILED",
        reason: NOT_RECEIVED,
        last4: "",
      });
      return { kind: "unpaid", status: "FAILED", reason: NOT_RECEIVED };
    case "wait":
      return { kind: "in-flight" };
  }
}

/**
 * A payment still on the provider's page (Bancard's form, PayPal's approval, the issuer's
 * 3-D Secure page) long after its purchase could last: the buyer left. Its clock (and the one
 * extension) and the grace period are over, so its places are no longer held for it.
 */
function isAbandoned(deps: CommerceDeps, payment: PendingPayment): boolean {
  const purchaseMs = (deps.purchaseMinutes + (deps.extensionMinutes ?? 0)) * 60_000;
  return deps.now().getTime() - payment.createdAt.getTime() > purchaseMs + graceOf(deps);
}

/**
 * Calls an abandoned payment off at its provider (Bancard's rollback; PayPal's order is never
 * captured), then records what that leaves: declined, or what the buyer did meanwhile.
 */
async function callOff(deps: CommerceDeps, payment: PendingPayment): Promise<PendingResolution> {
  try {
    await followUpOf(deps, payment.provider).cancel(paymentRefOf(payment));
  } catch (error) {
    log.warn({ err: error, paymentId: payment.id }, "calling off an abandoned payment failed");
    return { kind: "unreachable" };
  }
  return resolvePendingPayment(deps, payment);
}

/**
 * One pass over the PENDING payments older than the grace period (oldest first, at most
 * `limit`). Several API processes may run it at once: settling locks the payment, and every
 * status change is conditional on PENDING, so a payment is settled or refunded once.
 */
export async function reconcilePendingPayments(
  deps: CommerceDeps,
  limit = 100,
): Promise<PendingResolution[]> {
  const cutoff = new Date(deps.now().getTime() - graceOf(deps));
  const pending = await deps.db
    .select({
      id: payments.id,
      idempotencyKey: payments.idempotencyKey,
      createdAt: payments.createdAt,
      provider: payments.provider,
      providerReference: payments.providerReference,
      amount: payments.amount,
    })
    .from(payments)
    .where(and(eq(payments.status, "PENDING"), lte(payments.createdAt, cutoff)))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
  const resolutions: PendingResolution[] = [];
  for (const payment of pending) {
    try {
      const resolution = await resolvePendingPayment(deps, payment);
      resolutions.push(
        resolution.kind === "challenge" && isAbandoned(deps, payment)
          ? await callOff(deps, payment)
          : resolution,
      );
    } catch (error) {
      log.error({ err: error, paymentId: payment.id }, "reconciling a payment failed");
      resolutions.push({ kind: "unreachable" });
    }
  }
  if (resolutions.length > 0) {
    const count = (kind: PendingResolution["kind"]) =>
      resolutions.filter((r) => r.kind === kind).length;
    log.info(
      `payments reconciled: ${count("settled")} settled, ${count("refunded")} refunded, ` +
        `${count("unpaid")} not paid, ${count("unreachable")} left for later`,
    );
  }
  return resolutions;
}

export type PaymentReconciler = {
  /** Stops the timer and waits for a pass under way (before the database closes). */
  stop: () => Promise<void>;
};

/**
 * Reconciles once now (awaited: a restarted server settles what its crash left before it
 * takes requests), then every interval. A pass never overlaps the previous one. Each pass
 * then finishes the invoicing left undone (bills, credit notes, CAEs: invoicing/issuer.ts).
 */
export async function startPaymentReconciler(
  deps: CommerceDeps,
  options: { intervalMs: number },
): Promise<PaymentReconciler> {
  const job = startPeriodicJob(
    "invoicing pass",
    async () => {
      await reconcilePendingPayments(deps).catch((error) =>
        log.error({ err: error }, "payment reconciliation failed"),
      );
      await invoicePending(deps);
    },
    options.intervalMs,
  );
  await job.runNow();
  return { stop: job.stop };
}
