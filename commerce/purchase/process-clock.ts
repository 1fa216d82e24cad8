// The purchase clock's two ends a buyer can reach (spec §4): cancelling an abandoned process
// (its places freed) and adding the configured minutes to it once (WCAG 2.2.1). Both lock
// the process's row first, as every change of its places does (process.ts).
import { and, eq, gt, isNull } from "drizzle-orm";
import { positions, purchaseProcesses } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound } from "../errors.ts";
import { isCancelKeyOf } from "./cancel-key.ts";
import { extensionMinutesOf, extensionOffered, processState } from "./clock.ts";
import { releaseHolds } from "./holds.ts";
import { changeAvailability } from "./inventory.ts";
import { ensureOpen, lockOwnProcess, type ProcessRow } from "./process.ts";

/**
 * Cancels an abandoned process and frees its places. No login is needed (spec §7: a closing
 * tab may send it), but the process's cancel key is, which only its owner is shown. An
 * unknown id, a wrong key and a paid process get the same 404: walking the ids tells nothing.
 * A process whose time ran out is not cancelled: it stays expired (§4: the clock FINISHED,
 * and its buyer is told the time ran out, not that they cancelled).
 */
export async function invalidateProcess(
  deps: CommerceDeps,
  input: { processId: number; key: string },
): Promise<"CANCELLED" | "EXPIRED"> {
  return changeAvailability(deps, async (tx) => {
    const [process] = await tx
      .select()
      .from(purchaseProcesses)
      .where(eq(purchaseProcesses.id, input.processId))
      .for("update");
    if (
      !process ||
      !isCancelKeyOf(deps.ticketSecret, process, input.key) ||
      process.status === "PAID"
    ) {
      throw notFound();
    }
    const state = processState(process.status, process.deadline, deps.now());
    if (state === "EXPIRED") return state;
    if (state === "ACTIVE") {
      await tx
        .update(purchaseProcesses)
        .set({ status: "CANCELLED" })
        .where(eq(purchaseProcesses.id, process.id));
      await releaseHolds(tx, [process.id]);
    }
    return "CANCELLED" as const;
  });
}

/**
 * Adds the configured minutes to a running process's clock and to the places it holds, once
 * (WCAG 2.2.1). The row is locked, so two requests racing for it extend it once; the other
 * is refused like any second try.
 */
export async function extendProcess(
  deps: CommerceDeps,
  input: { processId: number; customerId: number },
): Promise<ProcessRow> {
  return changeAvailability(deps, async (tx) => {
    const now = deps.now();
    const process = await lockOwnProcess(tx, input.processId, input.customerId);
    ensureOpen(process, now);
    const state = processState(process.status, process.deadline, now);
    const minutes = extensionOffered(extensionMinutesOf(deps), process, state);
    if (minutes === 0) throw businessError("EXTENSION_REFUSED");
    const deadline = new Date(process.deadline.getTime() + minutes * 60_000);
    const [extended] = await tx
      .update(purchaseProcesses)
      .set({ deadline, extendedAt: now })
      .where(and(eq(purchaseProcesses.id, process.id), isNull(purchaseProcesses.extendedAt)))
      .returning();
    if (!extended) throw businessError("EXTENSION_REFUSED");
    // Only live holds move with the clock: one past its deadline is already free for others.
    await tx
      .update(positions)
      .set({ heldUntil: deadline })
      .where(and(eq(positions.heldByProcessId, process.id), gt(positions.heldUntil, now)));
    return extended;
  });
}
