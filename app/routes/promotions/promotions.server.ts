// /promocion's server side: the running purchase's places with what each performance offers
// this buyer, a promotion code kept for the purchase, and saving every place's choice in one
// call (Reserva/{id}/Promociones: all or nothing). The checkout handles a purchase that
// ended; this page only sends the buyer there.
import { endpoints, idParam, type PromotionView, type PurchaseProcess, plainText } from "@contract";
import { data, redirect } from "react-router";
import { brand } from "~/config/brand.server";
import { isProduct } from "~/lib/browse-paths";
import { isEmptied } from "~/routes/buy-ticket/checkout.server";
import { orThrow } from "~/services/commerce.server";
import { checkoutPath } from "~/services/purchase.server";
import type { RequestContext } from "~/services/request-context.server";
import { lineField, placeField, typedChoices } from "./place-field";

type T = (key: string) => string;

/** Promotions are for tickets: a shop product's line has none. */
const isTicketLine = (line: PurchaseProcess["listaFuncion"][number]) =>
  !isProduct(line.oEspectaculo);

/** The code applied to this purchase, if any (a code of an earlier purchase is forgotten). */
export function codeOf(shop: RequestContext, processId: number): string | null {
  const kept = shop.session.get("promotionCode");
  return kept?.processId === processId ? kept.code : null;
}

export type PromotionOffer = { idFuncion: number; promotions: PromotionView[] };

/** The running purchase (else to its checkout) with each performance's promotions. */
export async function loadPromotions(shop: RequestContext, processId: number) {
  const { commerce } = shop;
  const process = orThrow(await commerce.call(endpoints.process, { params: { id: processId } }));
  if (process.cEstado !== "ACTIVE" || isEmptied(process)) throw redirect(checkoutPath(processId));
  const code = codeOf(shop, processId);
  const offers: PromotionOffer[] = await Promise.all(
    process.listaFuncion.filter(isTicketLine).map(async (line) => ({
      idFuncion: line.idFuncion,
      promotions: orThrow(
        await commerce.call(endpoints.performancePromotions, {
          params: { id: line.idFuncion },
          body: { idProcesoDeCompra: processId, cCodigo: code },
        }),
      ).Lista,
    })),
  );
  return { process, code, offers };
}

const typedCode = plainText().min(1).max(40);

export type PromotionsActionData = {
  error: string;
  /** What the buyer had typed or chosen, given back so nothing is lost. */
  code?: string;
  choices?: Record<string, string>;
};

/** Applies a code: kept for the purchase when some performance in it has a promotion with it. */
async function applyCode(shop: RequestContext, t: T, process: PurchaseProcess, form: FormData) {
  const typed = String(form.get("cCodigo") ?? "");
  const code = typedCode.safeParse(typed);
  if (!code.success) {
    return data<PromotionsActionData>(
      { error: t("checkout:promotions.codeRequired"), code: typed },
      { status: 400 },
    );
  }
  const answers = await Promise.all(
    process.listaFuncion.filter(isTicketLine).map((line) =>
      shop.commerce.call(endpoints.performancePromotions, {
        params: { id: line.idFuncion },
        body: { idProcesoDeCompra: process.idProcesoDeCompra, cCodigo: code.data },
      }),
    ),
  );
  const refused = answers.find((answer) => !answer.ok);
  if (refused && !refused.ok) {
    return data<PromotionsActionData>(
      { error: refused.message, code: typed },
      { status: refused.nCode === 429 ? 429 : 409 },
    );
  }
  if (!answers.some((answer) => answer.ok && answer.data.lCodigoValido)) {
    return data<PromotionsActionData>(
      { error: t("checkout:promotions.codeUnknown"), code: typed },
      { status: 422 },
    );
  }
  shop.session.set("promotionCode", { processId: process.idProcesoDeCompra, code: code.data });
  shop.session.flash("notice", "checkout:promotions.codeApplied");
  return redirect("/promocion");
}

/** Saves the promotion chosen for every place of the purchase, then back to the checkout. */
async function saveChoices(shop: RequestContext, t: T, process: PurchaseProcess, form: FormData) {
  const lines = process.listaFuncion.filter(isTicketLine);
  const typed = typedChoices(lines, form, brand.flags.multiPromotion);
  // What the form showed, given back as typed on a refusal.
  const choices: Record<string, string> = {};
  for (const line of lines) {
    if (!brand.flags.multiPromotion) {
      choices[lineField(line.idFuncion)] = String(form.get(lineField(line.idFuncion)) ?? "");
    }
    for (const place of line.listaPosiciones) {
      if (brand.flags.multiPromotion) {
        choices[placeField(place.idPosicion)] = typed.get(place.idPosicion) ?? "";
      }
    }
  }
  const listaPosiciones = [];
  for (const [positionId, value] of typed) {
    const promotionId = value === "" ? null : idParam.safeParse(value);
    if (promotionId !== null && !promotionId.success) {
      return data<PromotionsActionData>(
        { error: t("validation:invalid"), choices },
        { status: 400 },
      );
    }
    listaPosiciones.push({
      idPosicion: positionId,
      idPromocion: promotionId === null ? null : promotionId.data,
      cCodigo: codeOf(shop, process.idProcesoDeCompra),
    });
  }
  if (listaPosiciones.length === 0) throw redirect(checkoutPath(process.idProcesoDeCompra));
  const saved = await shop.commerce.call(endpoints.chooseProcessPromotions, {
    params: { id: process.idProcesoDeCompra },
    body: { listaPosiciones },
  });
  if (!saved.ok) {
    // The purchase ended meanwhile: the checkout says so.
    if (
      saved.code === "PROCESS_EXPIRED" ||
      saved.code === "PROCESS_CANCELLED" ||
      saved.code === "PROCESS_PAID"
    ) {
      throw redirect(checkoutPath(process.idProcesoDeCompra));
    }
    const status = saved.nCode === 429 ? 429 : saved.code === "VALIDATION" ? 400 : 409;
    return data<PromotionsActionData>({ error: saved.message, choices }, { status });
  }
  shop.session.flash("notice", "checkout:promotions.saved");
  return redirect(checkoutPath(process.idProcesoDeCompra));
}

export async function promotionsAction(
  shop: RequestContext,
  t: T,
  processId: number,
  form: FormData,
) {
  const { commerce } = shop;
  const process = orThrow(await commerce.call(endpoints.process, { params: { id: processId } }));
  if (process.cEstado !== "ACTIVE" || isEmptied(process)) throw redirect(checkoutPath(processId));
  const intent = form.get("intent");
  if (intent === "code") return applyCode(shop, t, process, form);
  if (intent === "clearCode") {
    shop.session.unset("promotionCode");
    return redirect("/promocion");
  }
  if (intent === "choose") return saveChoices(shop, t, process, form);
  return data<PromotionsActionData>({ error: t("validation:invalid") }, { status: 400 });
}
