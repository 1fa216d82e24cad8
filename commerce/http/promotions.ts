// Promotion handlers: what a performance offers the caller, and choosing the promotion of
// each held place (per performance or for the whole process).
import {
  chooseGroupPromotionsEndpoint,
  chooseProcessPromotionsEndpoint,
  type PromotionRuleView,
  performancePromotionsEndpoint,
} from "../contract/index.ts";
import type { PromotionRuleJson } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { localized } from "../domain/localized.ts";
import type { Language } from "../i18n.ts";
import { translate } from "../i18n.ts";
import { choosePromotions, offeredPromotions } from "../purchase/promotion-choice.ts";
import { refusalCodes } from "../purchase/promotion-store.ts";
import { loadProcessView } from "../purchase/view.ts";
import { implement } from "./register.ts";

function ruleView(rule: PromotionRuleJson): PromotionRuleView {
  if (rule.kind === "PERCENT_OFF") return { cTipo: rule.kind, nPorcentaje: rule.percent };
  if (rule.kind === "FIXED_PRICE") return { cTipo: rule.kind, fPrecio: rule.price };
  return { cTipo: rule.kind, nLleva: rule.take, nPaga: rule.pay };
}

export function promotionHandlers(deps: CommerceDeps) {
  const choices = (
    list: { idPosicion: number; idPromocion: number | null; cCodigo?: string | null }[],
  ) =>
    list.map((choice) => ({
      positionId: choice.idPosicion,
      promotionId: choice.idPromocion,
      code: choice.cCodigo ?? null,
    }));
  const view = (process: Parameters<typeof loadProcessView>[1], language: Language) =>
    loadProcessView(deps, process, language);

  return [
    implement(
      performancePromotionsEndpoint,
      async ({ params, body, customerId, language, clientAddress }) => {
        const { offered, codeMatched } = await offeredPromotions(deps, {
          performanceId: params.id,
          customerId,
          processId: body.idProcesoDeCompra,
          code: body.cCodigo,
          clientAddress,
        });
        const t = translate(language);
        return {
          lCodigoValido: codeMatched,
          Lista: offered.map(({ row, left, refusal }) => ({
            idPromocion: row.id,
            cNombre: localized(row.name, language),
            cDescripcion: localized(row.description, language),
            oRegla: ruleView(row.rule),
            lRequiereCodigo: row.code !== null,
            cParaAtributo: row.forAttribute,
            dDesde: row.validFrom?.toISOString() ?? null,
            dHasta: row.validUntil?.toISOString() ?? null,
            nCupoRestante: left,
            lDisponible: refusal === null,
            cMotivo: refusal,
            cMotivoTexto:
              refusal === null
                ? null
                : t(`errors:${refusalCodes[refusal]}`, { name: localized(row.name, language) }),
          })),
        };
      },
    ),

    implement(
      chooseGroupPromotionsEndpoint,
      async ({ params, body, customerId, language, clientAddress }) =>
        view(
          await choosePromotions(deps, {
            processId: body.idProcesoDeCompra,
            customerId,
            performanceId: params.id,
            choices: choices(body.listaPosiciones),
            clientAddress,
            language,
          }),
          language,
        ),
    ),

    implement(
      chooseProcessPromotionsEndpoint,
      async ({ params, body, customerId, language, clientAddress }) =>
        view(
          await choosePromotions(deps, {
            processId: params.id,
            customerId,
            choices: choices(body.listaPosiciones),
            clientAddress,
            language,
          }),
          language,
        ),
    ),
  ];
}
