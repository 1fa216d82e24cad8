// Which installment counts the checkout offers (§5: card with installments): those of the
// chosen payment method (a debit card pays at once), or every method's while none is chosen.
import type { PaymentMethod } from "@contract";

export function installmentsOffered(
  methods: Pick<PaymentMethod, "nFormaDePago" | "listaCuotas">[],
  chosen: unknown,
): number[] {
  const method = methods.find((m) => String(m.nFormaDePago) === String(chosen));
  const counts = method ? method.listaCuotas : methods.flatMap((m) => m.listaCuotas);
  return [...new Set(counts)].sort((a, b) => a - b);
}
