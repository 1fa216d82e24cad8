// The card's installment plans on the checkout (GET …/FormaDePago/{n}/Tarjetas2/{cardBin}).
// With JavaScript the form asks for them as the buyer types the card (cardPlansAction); the
// pay action makes them a step of their own when the buyer has not seen them yet for this
// card (without JavaScript, or before the lookup came back): it answers the plans with
// everything typed kept, instead of charging.
import { endpoints } from "@contract";
import { data } from "react-router";
import { z } from "zod";
import type { PlansAnswer } from "~/lib/card-plans";
import { plansAnswerOf } from "~/lib/card-plans.server";
import type { CommerceClient } from "~/services/commerce.server";

export async function lookUpPlans(
  commerce: CommerceClient,
  t: (key: string) => string,
  processId: number,
  request: { bin: string; methodId: number },
): Promise<PlansAnswer> {
  const found = await commerce.call(endpoints.cardPlans, {
    params: { id: processId, nFormaDePago: request.methodId, cardBin: request.bin },
  });
  return plansAnswerOf(found, request, t);
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
