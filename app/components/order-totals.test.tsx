// An order's first totals line names what it holds: a mug bought in the shop is no ticket.
import { PRODUCT_TYPE_ID } from "@contract/constants.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OrderTotalsFigures } from "~/lib/checkout-amounts";
import { TranslatorContext } from "~/lib/i18n";
import { translatorFor } from "~/services/i18n.server";
import { OrderTotals } from "./order-totals";

const figures = {
  fTotalTickets: 18_000,
  fDescuento: 0,
  fCargoEntrega: 0,
  fCargoQr: 0,
  fCargoServicio: 1_800,
  fTotal: 19_800,
  fTotalPagado: 19_800,
  fPendiente: 0,
} as OrderTotalsFigures;
const show = { idEspectaculoCartelTipo: 1 };
const product = { idEspectaculoCartelTipo: PRODUCT_TYPE_ID };

function firstLine(shows: Array<{ idEspectaculoCartelTipo: number }>) {
  const html = renderToStaticMarkup(
    <TranslatorContext value={translatorFor("es")}>
      <OrderTotals totals={figures} id="order-1" shows={shows} />
    </TranslatorContext>,
  );
  return html.match(/<dt[^>]*>([^<]*)<\/dt>/)?.[1];
}

describe("the totals' first line", () => {
  it("says tickets, products or both, as the order holds them", () => {
    expect(firstLine([show])).toBe("Entradas");
    expect(firstLine([product])).toBe("Productos");
    expect(firstLine([show, product])).toBe("Entradas y productos");
    expect(firstLine([])).toBe("Entradas");
  });
});
