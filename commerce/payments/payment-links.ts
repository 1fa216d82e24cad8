// Payment links (contract/payment-links.ts): a clerk's BOX process paid online by a buyer
// who is not at the counter. The key is 256 random bits shown once; only its SHA-256 is kept,
// so the database alone cannot pay anything. The link lives while the process holds its
// places (its deadline); a new link for the process replaces the old one.
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type {
  CreatePaymentLinkRequest,
  PayByLinkRequest,
  PaymentLinkView,
} from "../contract/index.ts";
import { requireBoxClerk } from "../customers/staff.ts";
import { paymentLinks, purchaseProcesses } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { deliveryTypeRules } from "../purchase/catalogues.ts";
import { selectDelivery } from "../purchase/delivery.ts";
import { ensureOpen, ownProcess, type ProcessRow } from "../purchase/process.ts";
import { loadProcessView } from "../purchase/view.ts";
import { type ChargeResult, charge } from "./charge.ts";
import { linkSaleOf } from "./link-sale.ts";
import { BANCARD_PROVIDER } from "./payment-providers.ts";
import { latestPayment } from "./payment-state.ts";
import { resolvePendingPayment } from "./reconcile.ts";

const keyHashOf = (key: string) => createHash("sha256").update(key).digest("base64url");

/** The URL the buyer gets: the shop's page with the process and the key. */
export function paymentLinkUrl(page: string, processId: number, key: string): string {
  return `${page}/${processId}?clave=${key}`;
}

export async function createPaymentLink(
  deps: CommerceDeps,
  input: { processId: number; customerId: number; request: CreatePaymentLinkRequest },
) {
  await requireBoxClerk(deps.db, input.customerId);
  const process = await ownProcess(deps.db, input.processId, input.customerId);
  if (process.kind !== "BOX") throw notFound();
  ensureOpen(process, deps.now());
  // The buyer pays for e-tickets, mailed to them.
  const eticket = deliveryTypeRules.find((type) => type.code === "ETICKET");
  if (eticket && process.deliveryTypeId !== eticket.id) {
    await selectDelivery(deps, { ...input, deliveryTypeId: eticket.id });
  }
  const key = randomBytes(32).toString("base64url");
  const row = {
    processId: process.id,
    keyHash: keyHashOf(key),
    buyerName: input.request.oComprador.cNombre,
    buyerEmail: input.request.oComprador.cEmail,
    createdAt: deps.now(),
  };
  await deps.db
    .insert(paymentLinks)
    .values(row)
    .onConflictDoUpdate({ target: paymentLinks.processId, set: row });
  return {
    process,
    key,
    url: paymentLinkUrl(input.request.cUrlPago, process.id, key),
  };
}

/** The process a link pays; anything else (unknown key, another process's) is a 404. */
export async function linkedProcess(deps: CommerceDeps, processId: number, key: string) {
  const [found] = await deps.db
    .select({ process: purchaseProcesses, buyerName: paymentLinks.buyerName })
    .from(paymentLinks)
    .innerJoin(purchaseProcesses, eq(purchaseProcesses.id, paymentLinks.processId))
    .where(and(eq(paymentLinks.processId, processId), eq(paymentLinks.keyHash, keyHashOf(key))));
  if (!found) throw notFound();
  return found;
}

export async function paymentLinkView(
  deps: CommerceDeps,
  input: { processId: number; key: string },
  language: Language,
): Promise<PaymentLinkView> {
  const { process, buyerName } = await linkedProcess(deps, input.processId, input.key);
  // A payment the bank was deciding is followed up here: the buyer's page polls this view.
  const pending = await latestPayment(deps.db, process.id);
  if (pending?.status === "PENDING" && pending.stage !== null) {
    await resolvePendingPayment(deps, pending).catch(() => undefined);
  }
  const view = await loadProcessView(deps, process, language, { withPayment: true });
  const payment = view.oPago;
  return {
    idProcesoDeCompra: process.id,
    cEstado: view.cEstado,
    cComprador: buyerName,
    dVence: process.deadline.toISOString(),
    fTotal: view.fTotal,
    idPedido: view.idPedido,
    listaFuncion: view.listaFuncion.map((line) => ({
      idFuncion: line.idFuncion,
      cEspectaculo: line.oEspectaculo.cEspectaculoCartelNombre,
      cEstablecimiento: line.oEspectaculo.cEstablecimientoNombre,
      dFecha: line.oFuncionFecha.dFecha,
      listaPosiciones: line.listaPosiciones.map((place) => ({
        idPosicion: place.idPosicion,
        cSector: place.cSectorNombre,
        cFila: place.cFila,
        nNumero: place.nNumero,
        fPrecio: place.fPrecioFinal,
      })),
    })),
    oPago: payment ? { cEstado: payment.cEstado, cMotivo: payment.cMotivo } : null,
  };
}

/** The link's process and the sale it hands to its buyer (a 404 for an unknown key). */
async function linkToPay(deps: CommerceDeps, processId: number, key: string) {
  const { process } = await linkedProcess(deps, processId, key);
  const sale = await linkSaleOf(deps.db, process.id);
  if (!sale) throw notFound();
  return { process, sale };
}

/**
 * Opens a link's payment on Bancard's card form, as the clerk's counter sale to the buyer it
 * names: the buyer types the card there and comes back to the link's own page.
 */
export async function openLinkPaymentForm(
  deps: CommerceDeps,
  input: {
    processId: number;
    key: string;
    request: { cClaveIdempotencia: string; cUrlRetorno: string; cUrlCancelacion: string };
    language: Language;
  },
): Promise<{ process: ProcessRow; result: ChargeResult }> {
  const { process, sale } = await linkToPay(deps, input.processId, input.key);
  const result = await charge(deps, {
    processId: process.id,
    customerId: process.customerId,
    key: input.request.cClaveIdempotencia,
    installments: 1,
    hosted: { provider: BANCARD_PROVIDER, cancelUrl: input.request.cUrlCancelacion },
    returnUrl: input.request.cUrlRetorno,
    language: input.language,
    counter: sale,
  });
  return { process, result };
}

/** Pays a link by card, as the clerk's counter sale to the buyer it names. */
export async function payByLink(
  deps: CommerceDeps,
  input: { processId: number; key: string; request: PayByLinkRequest; language: Language },
): Promise<{ process: ProcessRow; result: ChargeResult }> {
  const { process, sale } = await linkToPay(deps, input.processId, input.key);
  const result = await charge(deps, {
    processId: process.id,
    customerId: process.customerId,
    key: input.request.cClaveIdempotencia,
    installments: input.request.nCuotas,
    card: input.request.oTarjeta,
    returnUrl: input.request.cUrlRetorno,
    language: input.language,
    counter: sale,
  });
  return { process, result };
}
