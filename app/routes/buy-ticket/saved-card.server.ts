// Paying the checkout with a saved card (issue 32): Cobrar2 TARJETA_GUARDADA by its alias,
// under the attempt's idempotency key. Approved: the success page; 3-D Secure: Bancard's page,
// which sends the buyer back to the bank-return route (Confirmar3DS); refused: said on the form.
import { endpoints } from "@contract";
import { z } from "zod";
import { bankReturnPath } from "~/lib/pay-result";
import type { CommerceFailure } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";
import { chargeOutcome, type refusalOf } from "./payment-outcome.server";
import { savedCardField, savedCardInstallmentsField } from "./saved-card-fields";

const choice = z.object({
  alias: z.string().trim().min(1).max(200),
  installments: z.coerce.number().int().min(1).max(99).catch(1),
});

/** The saved card the form chose (null: a new card, or none offered). */
export function savedCardChoiceOf(form: FormData) {
  const chosen = choice.safeParse({
    alias: form.get(savedCardField),
    installments: form.get(savedCardInstallmentsField) ?? "1",
  });
  return chosen.success ? chosen.data : null;
}

export async function payBySavedCard(
  shop: RequestContext,
  t: (key: string) => string,
  processId: number,
  attempt: {
    card: { alias: string; installments: number };
    origin: string;
    key: string;
    refused: ReturnType<typeof refusalOf>;
  },
) {
  const { card, key, refused } = attempt;
  const charged = await shop.commerce.call(endpoints.charge2, {
    params: { id: processId },
    body: {
      cTipo: "TARJETA_GUARDADA",
      cAliasToken: card.alias,
      nCuotas: card.installments,
      cUrlRetorno: `${attempt.origin}${bankReturnPath(processId)}`,
      cClaveIdempotencia: key,
    },
    idempotencyKey: key,
  });
  if (!charged.ok) return refused(namedRefusal(charged, t));
  return chargeOutcome(shop, processId, {
    cEstado: charged.data.cEstado,
    cUrlDesafio: charged.data.cUrlRedireccion,
  });
}

/** A card not the buyer's (deleted meanwhile) is said in words, on the saved cards' choice. */
function namedRefusal(failure: CommerceFailure, t: (key: string) => string): CommerceFailure {
  const unknown = failure.fieldErrors?.cAliasToken?.includes("savedCardUnknown");
  if (!unknown) return failure;
  const message = t("validation:savedCardUnknown");
  return { ...failure, message, fieldErrors: { [savedCardField]: [message] } };
}
