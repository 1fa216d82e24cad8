// GET /funcion/{cSeo}/{id}/disponibilidad?sector=…&version=…: the seat map's refresh while the
// page is open — the API's availability of one sector (a delta since `version`, or
// unchanged), as JSON for the map island. Login as for the page (seat-viewer); asked as nobody
// while the session runs no purchase, as the page does (sector-places.server.ts).
import { endpoints, idPath } from "@contract";
import { notFound } from "~/lib/responses";
import { orThrow } from "~/services/commerce.server";
import { performanceIdOf } from "~/services/purchase.server";
import type { Route } from "./+types/availability";
import { seatViewer } from "./seat-viewer.server";

export async function loader(args: Route.LoaderArgs) {
  const { commerce, session } = seatViewer(args);
  const id = performanceIdOf(args.request, args.params);
  const query = new URL(args.request.url).searchParams;
  const sector = idPath.safeParse(query.get("sector"));
  const version = query.get("version");
  if (id === null || !sector.success) throw notFound();
  const availability = orThrow(
    await commerce.call(endpoints.availability, {
      params: { id },
      query: { idSector: sector.data, ...(version ? { cVersion: version } : {}) },
      anonymous: session.get("processId") === undefined,
    }),
  );
  return Response.json(availability, { headers: { "Cache-Control": "no-store" } });
}
