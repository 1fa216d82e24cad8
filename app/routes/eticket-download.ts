// The e-ticket PDF of one of the buyer's orders, fetched from the API with the session's token.
import { apiPaths } from "@contract/paths.ts";
import { data } from "react-router";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { failureResponse, shopApi } from "~/services/shop.server";
import type { Route } from "./+types/eticket-download";

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireUser(args.request);
  const id = z.coerce.number().int().positive().max(2_147_483_647).safeParse(args.params.idPedido);
  if (!id.success) throw data({ nCode: 404, message: "" }, { status: 404 });
  const { response, failure } = await shopApi(args, user).file(apiPaths.eticket(id.data));
  if (failure) throw failureResponse(failure);
  if (!response.ok || !response.headers.get("content-type")?.includes("application/pdf")) {
    throw data({ nCode: 404, message: "" }, { status: 404 });
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="eticket-${id.data}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
