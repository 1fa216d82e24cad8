// /door/cancelled-tickets.json?idFuncion=…: the tickets of a performance whose order was
// cancelled or refunded (decision 0064), as a file door staff load into scanners that check
// codes without network; a signature alone cannot tell a cancelled ticket. Door staff only,
// like the API's Acceso/Funcion/{id}/Anuladas it is read from; never kept by a cache.
import { endpoints, idParam } from "@contract";
import { forbidden, notFound } from "~/lib/responses";
import { failureResponse } from "~/services/commerce.server";
import type { Route } from "./+types/cancelled-tickets";
import { requireDoorStaff } from "./door.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireDoorStaff(args);
  const id = idParam.safeParse(new URL(args.request.url).searchParams.get("idFuncion"));
  if (!id.success) throw notFound();
  const result = await shop.commerce.call(endpoints.doorCancelledTickets, {
    params: { id: String(id.data) },
  });
  if (!result.ok) {
    if (result.code === "FORBIDDEN") throw forbidden("door");
    throw failureResponse(result);
  }
  return new Response(`${JSON.stringify(result.data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="cancelled-tickets-${id.data}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
