// My orders and the box office's sales list many orders, each with its receipts section: a
// screen reader's list of landmarks must tell them apart (WCAG 1.3.1, 2.4.6).
import type { Order } from "@contract";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TranslatorContext } from "~/lib/i18n";
import { translatorFor } from "~/services/i18n.server";
import { OrderReceipts } from "./order-receipts";

function orderWithBill(idPedido: number): Order {
  return {
    idPedido,
    listaComprobantes: [
      {
        idComprobante: idPedido * 10,
        cTipo: "FACTURA",
        nTipoComprobante: 6,
        cTipoNombre: "Factura B",
        nPuntoDeVenta: 3,
        nNumero: idPedido,
        cNumero: `00003-${String(idPedido).padStart(8, "0")}`,
        cReferencia: null,
        dFecha: "2026-11-28",
        fImporte: 11_000,
        cCae: "76123456789012",
        dVencimientoCae: "2026-12-08",
      },
    ],
  } as unknown as Order;
}

/** Each region's accessible name: the text of the heading its aria-labelledby names. */
function regionNames(html: string): string[] {
  return [...html.matchAll(/<section aria-labelledby="([^"]+)"/g)].map(([, id]) => {
    const heading = html.match(new RegExp(`<h3 id="${id}"[^>]*>([\\s\\S]*?)</h3>`));
    return (heading?.[1] ?? "").replace(/<[^>]+>/g, "").trim();
  });
}

describe("the receipts of several orders on one page", () => {
  it("name each section after its order, in every language", () => {
    for (const language of ["es", "en", "pt"] as const) {
      const html = renderToStaticMarkup(
        <TranslatorContext value={translatorFor(language)}>
          <OrderReceipts order={orderWithBill(41)} />
          <OrderReceipts order={orderWithBill(42)} />
        </TranslatorContext>,
      );
      const names = regionNames(html);
      expect(names).toHaveLength(2);
      expect(new Set(names).size, `${language}: ${names.join(" | ")}`).toBe(2);
      expect(names[1]).toContain("42");
    }
  });
});
