// The e-ticket PDF of one of the buyer's orders, fetched from the API with the session's token.
import { endpoints, idPath } from "@contract";
import { notFound } from "~/lib/responses";
import { failureResponse } from "~/services/commerce.server";
import { requireUser } from "~/services/request-context.server";
import type { Route } from "./+types/eticket-download";

export async function loader(args: Route.LoaderArgs) {
  const { commerce } = requireUser(args);
  const id = idPath.safeParse(args.params.idPedido);
  if (!id.success) throw notFound();
  const { response, failure } = await commerce.file(endpoints.eticket, {
    params: { id: id.data },
  });
  if (failure) throw failureResponse(failure);
  if (!response.ok || !response.headers.get("content-type")?.includes("application/pdf")) {
    throw notFound();
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="eticket-${id.data}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
