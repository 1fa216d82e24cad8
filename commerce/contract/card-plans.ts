// Installment plans by card (spec §7: GET FormaDePago/{nFormaDePago}/Tarjetas2/{cardBin}): the
// card's network and bank from its first digits, and each plan its bank offers for what the
// process costs now, with the installment, the total and the interest.
import { z } from "zod";
import { cardPlanErrors } from "./business-errors.ts";
import { defineEndpoint } from "./endpoint.ts";
import { idPath } from "./shared.ts";
import { plainText } from "./text.ts";

export const cardPlansParams = z.object({
  id: idPath,
  nFormaDePago: idPath,
  /** The card's first 6 to 8 digits: never more, so the number itself never travels here. */
  cardBin: plainText({ trim: false }).regex(/^[0-9]{6,8}$/, { error: "cardBinInvalid" }),
});

export const cardPlanSchema = z.object({
  nCuotas: z.number().int(),
  /** Each installment, first to last (without interest the first ones carry the odd pesos). */
  listaImportes: z.array(z.number().int()),
  fTotal: z.number().int(),
  fInteres: z.number().int(),
  /** Annual nominal rate, in percent. */
  fTNA: z.number(),
  lSinInteres: z.boolean(),
});
export type CardPlan = z.infer<typeof cardPlanSchema>;

export const cardPlansResponse = z.object({
  cMarca: z.enum(["VISA", "MASTERCARD", "AMEX", "CABAL"]),
  cEmisor: z.string(),
  cTipo: z.enum(["CREDITO", "DEBITO"]),
  /** The amount the plans finance: the process's total now. */
  fMonto: z.number().int(),
  Lista: z.array(cardPlanSchema),
});
export type CardPlans = z.infer<typeof cardPlansResponse>;

export const cardPlansEndpoint = defineEndpoint({
  id: "cardPlans",
  method: "GET",
  path: "/Proceso/{id}/FormaDePago/{nFormaDePago}/Tarjetas2/{cardBin}",
  area: "purchase",
  summary:
    "The card behind a BIN (network, bank, credit or debit) and the installment plans its " +
    "bank offers under the payment method, priced for the process's total. A network the " +
    "shop does not accept, or a debit card under the credit method (or the other way " +
    "round), is a 400 on cardBin.",
  access: "customer",
  errors: cardPlanErrors,
  params: cardPlansParams,
  response: cardPlansResponse,
});
