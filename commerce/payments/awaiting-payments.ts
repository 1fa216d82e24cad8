// The caller's purchases that are owed: tried and not paid (refused, called off, given back)
// or still being decided, while their clock runs. My orders lists them with the way to the
// payment change page, on any device (the session knows only its own purchase). A purchase
// paid or whose time ran out meanwhile is not one of them.
import { and, desc, eq, exists, gt } from "drizzle-orm";
import type { PaymentChangeResponse } from "../contract/index.ts";
import { payments, purchaseProcesses } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import type { Language } from "../i18n.ts";
import { loadProcessView } from "../purchase/view.ts";
import { mayPayAgain } from "./payment-follow-up.ts";

/** More would be a customer holding places on many devices at once: the newest suffice. */
const MAX_LISTED = 20;

export async function awaitingPayments(
  deps: CommerceDeps,
  customerId: number,
  language: Language,
): Promise<PaymentChangeResponse[]> {
  const tried = await deps.db
    .select()
    .from(purchaseProcesses)
    .where(
      and(
        eq(purchaseProcesses.customerId, customerId),
        // The box office's processes are paid at its counter, not by this customer online.
        eq(purchaseProcesses.kind, "CART"),
        eq(purchaseProcesses.status, "ACTIVE"),
        gt(purchaseProcesses.deadline, deps.now()),
        exists(
          deps.db
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.processId, purchaseProcesses.id)),
        ),
      ),
    )
    .orderBy(desc(purchaseProcesses.startedAt), desc(purchaseProcesses.id))
    .limit(MAX_LISTED);
  const views = await Promise.all(
    tried.map((process) => loadProcessView(deps, process, language, { withPayment: true })),
  );
  return views
    .filter((view) => view.cEstado === "ACTIVE" && view.oPago && view.oPago.cEstado !== "APROBADO")
    .map((view) => ({
      oProceso: view,
      lPuedePagar: mayPayAgain(view.cEstado, view.oPago ?? null),
    }));
}
