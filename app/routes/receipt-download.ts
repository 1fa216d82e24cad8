// The bill (bill.pdf) or credit note (credit-note.pdf) of one of the buyer's orders, fetched
// from the API with the session's token. A file, not a page: when there is none to give (not
// one of the buyer's orders, no such receipt yet, an API out of reach) the buyer goes back to
// My orders, told why once — as with the e-ticket.
import { endpoints, idPath } from "@contract";
import { backToOrders } from "~/services/back-to-orders.server";
import { requireUser } from "~/services/request-context.server";
import type { Route } from "./+types/receipt-download";

/** The file names of an order's receipts, and the API's name of each. */
export const receiptFiles = {
  "bill.pdf": { kind: "FACTURA", name: "factura" },
  "credit-note.pdf": { kind: "NOTA_DE_CREDITO", name: "nota-de-credito" },
} as const;

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const id = idPath.safeParse(args.params.idPedido);
  const file = Object.hasOwn(receiptFiles, args.params.receiptFile)
    ? receiptFiles[args.params.receiptFile as keyof typeof receiptFiles]
    : null;
  if (!id.success || !file) throw backToOrders(shop, "layout:notices.receiptNotFound");
  const { response, failure } = await shop.commerce.file(endpoints.receiptPdf, {
    params: { id: id.data, cTipo: file.kind },
  });
  if (failure) throw backToOrders(shop, "layout:notices.receiptUnavailable");
  if (!response.ok || !response.headers.get("content-type")?.includes("application/pdf")) {
    // Unknown and other customers' orders are the same 404 to the API.
    const missing = response.status === 404 || response.status === 400;
    throw backToOrders(
      shop,
      missing ? "layout:notices.receiptNotFound" : "layout:notices.receiptUnavailable",
    );
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.name}-${id.data}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
