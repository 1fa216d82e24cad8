// The card's installment plans on the checkout (GET …/FormaDePago/{n}/Tarjetas2/{cardBin}).
// With JavaScript the form asks for them as the buyer types the card (cardPlansAction); the
// pay action makes them a step of their own when the buyer has not seen them yet for this
// card (without JavaScript, or before the lookup came back): it answers the plans with
// everything typed kept, instead of charging.
import { type CardPlans, endpoints } from "@contract";
import { data } from "react-router";
import { z } from "zod";
import type { CommerceClient } from "~/services/commerce.server";

/** The plans of one card under one payment method, or why there are none. */
export type PlansAnswer = {
  bin: string;
  methodId: number;
  plans: CardPlans | null;
  /** Translated: the card is not taken, or is the wrong kind for the method. */
  refusal: string | null;
};

export async function lookUpPlans(
  commerce: CommerceClient,
  t: (key: string) => string,
  processId: number,
  request: { bin: string; methodId: number },
): Promise<PlansAnswer> {
  const found = await commerce.call(endpoints.cardPlans, {
    params: { id: processId, nFormaDePago: request.methodId, cardBin: request.bin },
  });
  if (found.ok) return { ...request, plans: found.data, refusal: null };
  const onCard = found.fieldErrors?.cardBin?.[0];
  return {
    ...request,
    plans: null,
    refusal: onCard ? t(`validation:${onCard}`) : found.message,
  };
}

const lookupForm = z.object({
  cBin: z.string().regex(/^[0-9]{6,8}$/),
  nFormaDePago: z.coerce.number().int().positive(),
  idEntregaTipo: z.coerce.number().int().positive().optional(),
});

/**
 * The form's lookup as the card is typed. The delivery chosen on the form is set first: the
 * plans finance the total with its fee.
 */
export async function cardPlansAction(
  commerce: CommerceClient,
  t: (key: string) => string,
  processId: number,
  form: FormData,
) {
  const lookup = lookupForm.safeParse({
    cBin: form.get("cBin"),
    nFormaDePago: form.get("nFormaDePago"),
    idEntregaTipo: form.get("idEntregaTipo") || undefined,
  });
  if (!lookup.success) return data({ cardPlans: null }, { status: 400 });
  const { cBin, nFormaDePago, idEntregaTipo } = lookup.data;
  const params = { id: processId };
  if (idEntregaTipo)
    await commerce.call(endpoints.selectDelivery, { params, body: { idEntregaTipo } });
  const answer = await lookUpPlans(commerce, t, processId, { bin: cBin, methodId: nFormaDePago });
  return data({ cardPlans: answer }, { status: answer.plans ? 200 : 400 });
}
