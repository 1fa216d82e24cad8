// /door/public-key.pem: the public key that verifies ticket codes (decision 0042), as a file
// staff load into scanners that check codes without network. Public, like the API's
// Acceso/ClavePublica it is read from; its key id is in the file name.
import { endpoints } from "@contract";
import { orThrow } from "~/services/commerce.server";
import { getRequestContext } from "~/services/request-context.server";
import type { Route } from "./+types/public-key";

export async function loader(args: Route.LoaderArgs) {
  const { commerce } = getRequestContext(args);
  const key = orThrow(await commerce.call(endpoints.ticketKey, { anonymous: true }));
  return new Response(key.cPem, {
    headers: {
      "Content-Type": "application/x-pem-file",
      "Content-Disposition": `attachment; filename="ticket-key-${key.cKid.slice(0, 12)}.pem"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
