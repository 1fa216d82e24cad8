// Contract of the promotion calls (spec §7 "Functions and promotions"): what a performance
// offers to this buyer, and the promotion of each held place. Multi-promotion: every place
// carries its own (or none).
import { z } from "zod";
import { promotionErrors } from "./business-errors.ts";
import { defineEndpoint } from "./endpoint.ts";
import { purchaseProcessSchema } from "./purchase.ts";
import { idParam, idParams, listOf } from "./shared.ts";
import { plainText } from "./text.ts";

/** A code as the buyer typed it: short, printable, compared without case or spaces. */
const promotionCode = plainText().max(40).optional().nullable();

export const promotionRuleSchema = z.discriminatedUnion("cTipo", [
  z.object({ cTipo: z.literal("PERCENT_OFF"), nPorcentaje: z.number().int() }),
  z.object({ cTipo: z.literal("FIXED_PRICE"), fPrecio: z.number().int() }),
  z.object({ cTipo: z.literal("N_FOR_M"), nLleva: z.number().int(), nPaga: z.number().int() }),
]);
export type PromotionRuleView = z.infer<typeof promotionRuleSchema>;

export const promotionRefusals = [
  "NOT_STARTED",
  "ENDED",
  "CODE_REQUIRED",
  "CODE_WRONG",
  "NOT_ELIGIBLE",
  "QUOTA_EXHAUSTED",
] as const;

export const promotionSchema = z.object({
  idPromocion: z.number().int(),
  cNombre: z.string(),
  cDescripcion: z.string(),
  oRegla: promotionRuleSchema,
  /** The buyer must type its code (promotions with a code are listed once it is given). */
  lRequiereCodigo: z.boolean(),
  /** The customer attribute it is for (RESIDENT, RETIREE…); null: anyone. */
  cParaAtributo: z.string().nullable(),
  dDesde: z.string().nullable(),
  dHasta: z.string().nullable(),
  /** Tickets it can still be given to; null: no limit. */
  nCupoRestante: z.number().int().nullable(),
  /** Whether this buyer can choose it now for one more ticket; if not, cMotivo says why. */
  lDisponible: z.boolean(),
  cMotivo: z.enum(promotionRefusals).nullable(),
  /** cMotivo in the request's language. */
  cMotivoTexto: z.string().nullable(),
});
export type PromotionView = z.infer<typeof promotionSchema>;

export const performancePromotionsRequest = z.object({
  /** The buyer's process, so its own choices do not count against the quotas shown. */
  idProcesoDeCompra: idParam.optional(),
  /** A code the buyer typed: promotions with that code are listed too. */
  cCodigo: promotionCode,
});
export const performancePromotionsResponse = listOf(promotionSchema).extend({
  /** Whether cCodigo matched a promotion of this performance; null when none was given. */
  lCodigoValido: z.boolean().nullable(),
});

const promotionChoice = z.object({
  idPosicion: idParam,
  /** null: the place goes without a promotion. */
  idPromocion: idParam.nullable(),
  cCodigo: promotionCode,
});

const promotionChoices = z
  .array(promotionChoice)
  .min(1)
  .max(40)
  .refine((list) => new Set(list.map((choice) => choice.idPosicion)).size === list.length, {
    error: "promotionChoiceRepeated",
  });

export const choosePromotionsRequest = z.object({ listaPosiciones: promotionChoices });
export type ChoosePromotionsRequest = z.infer<typeof choosePromotionsRequest>;

export const chooseGroupPromotionsRequest = choosePromotionsRequest.extend({
  idProcesoDeCompra: idParam,
});

export const performancePromotionsEndpoint = defineEndpoint({
  id: "performancePromotions",
  method: "POST",
  path: "/Funcion/{id}/Promociones",
  area: "purchase",
  summary:
    "The promotions of a performance for the caller: each with its rule, dates, what is left " +
    "of its quota and whether the caller may choose it (if not, why). Promotions with a code " +
    "appear only when cCodigo matches.",
  access: "customer",
  params: idParams,
  body: performancePromotionsRequest,
  response: performancePromotionsResponse,
});

export const chooseGroupPromotionsEndpoint = defineEndpoint({
  id: "chooseGroupPromotions",
  method: "POST",
  path: "/Funcion/{id}/Promociones/Grupo",
  area: "purchase",
  summary:
    "Sets the promotion of places the process holds for this performance, all or nothing. A " +
    "quota is never exceeded, however many buyers choose at once.",
  access: "customer",
  errors: promotionErrors,
  params: idParams,
  body: chooseGroupPromotionsRequest,
  response: purchaseProcessSchema,
});

export const chooseProcessPromotionsEndpoint = defineEndpoint({
  id: "chooseProcessPromotions",
  method: "POST",
  path: "/Reserva/{id}/Promociones",
  area: "purchase",
  summary:
    "Sets the promotion of places held by process {id} (purchase or booking), of any of its " +
    "performances, all or nothing; the same rules as Funcion/{id}/Promociones/Grupo.",
  access: "customer",
  errors: promotionErrors,
  params: idParams,
  body: choosePromotionsRequest,
  response: purchaseProcessSchema,
});
