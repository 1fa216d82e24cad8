// The header's cart: what the current purchase process holds and its deadline.
import { endpoints, PRODUCT_TYPE_ID, type PurchaseProcess } from "@contract";
import type { RequestContext } from "./request-context.server";

export type CartSummary = {
  processId: number;
  deadline: string;
  quantity: number;
  processType: PurchaseProcess["ctProcess"];
  lines: Array<{
    performanceId: number;
    title: string;
    quantity: number;
    total: number;
    venue: string;
    /** The performance's date; null for shop products (they show no date). */
    date: string | null;
    isProduct: boolean;
  }>;
};

export function summarize(process: PurchaseProcess): CartSummary {
  return {
    processId: process.idProcesoDeCompra,
    deadline: process.dMaxima,
    quantity: process.oCantidadTotal.nCantidadTotal,
    processType: process.ctProcess,
    lines: process.listaFuncion.map((line) => {
      const isProduct = line.oEspectaculo.idEspectaculoCartelTipo === PRODUCT_TYPE_ID;
      return {
        performanceId: line.idFuncion,
        title: line.oEspectaculo.cEspectaculoCartelNombre,
        quantity: line.nCantidadPosiciones,
        total: line.fPrecioTotalFinal,
        venue: line.oEspectaculo.cEstablecimientoNombre,
        date: isProduct ? null : line.oFuncionFecha.dFecha,
        isProduct,
      };
    }),
  };
}

/** The running process of the session, or null when there is none or it has ended. */
export async function currentCart({
  session,
  user,
  commerce,
}: RequestContext): Promise<CartSummary | null> {
  const processId = session.get("processId");
  if (!processId || !user) return null;
  const result = await commerce.call(endpoints.process, { params: { id: processId } });
  if (!result.ok) return null;
  const process = result.data;
  // A process with nothing held is no purchase to show (no "0" badge, no clock).
  if (process.cEstado !== "ACTIVE" || process.oCantidadTotal.nCantidadTotal === 0) return null;
  return summarize(process);
}
