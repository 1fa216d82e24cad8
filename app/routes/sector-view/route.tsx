// /funcion/{cSeo}/{id}/vista/{idSector}: the view from a sector (spec §2 "360 view"), where
// its part of the hall has one. Without JavaScript a wide image scrolling in its own box, its
// description written out and as its alternative text; the map island's panorama takes the
// same props.

import { endpoints, idPath } from "@contract";
import { Link } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { PanoramaIsland } from "~/components/seat-map/panorama";
import { performancePath } from "~/lib/browse-paths";
import { useTranslation } from "~/lib/i18n";
import { notFound } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { performanceIdOf } from "~/services/purchase.server";
import { seoFor } from "~/services/seo.server";
import { seatViewer } from "../performance/seat-viewer.server";
import type { Route } from "./+types/route";
import { Panorama } from "./panorama";

export async function loader(args: Route.LoaderArgs) {
  const { commerce } = seatViewer(args);
  const id = performanceIdOf(args.request, args.params);
  const sectorId = idPath.safeParse(args.params.idSector);
  if (id === null || !sectorId.success) throw notFound();
  const performance = orThrow(await commerce.call(endpoints.performance, { params: { id } }));
  const sector = performance.listaSectores.find((s) => s.idSector === sectorId.data);
  if (!sector || !performance.idSala || !sector.idSectorSala) throw notFound();
  const hall = orThrow(await commerce.call(endpoints.hall, { params: { id: performance.idSala } }));
  const view = hall.listaSectores.find((s) => s.idSectorSala === sector.idSectorSala)?.oVista360;
  if (!view) throw notFound();
  const t = getT(args.context);
  const show = performance.oEspectaculo;
  const title = t("checkout:seatMap.view360Heading", { sector: sector.cNombre });
  return {
    showName: show.cEspectaculoCartelNombre,
    sectorName: sector.cNombre,
    image: view.cUri,
    description: view.cDescripcion,
    // Back to its seats (numbered) or to its quantity field (general admission).
    backPath:
      sector.cTipo === "NUMBERED"
        ? `${performancePath(show.cSeo, performance.idFuncion)}?sector=${sector.idSector}#seats`
        : `${performancePath(show.cSeo, performance.idFuncion)}#sector-${sector.idSector}`,
    seo: seoFor(args, {
      title: `${title} — ${show.cEspectaculoCartelNombre}`,
      description: view.cDescripcion,
      noindex: true,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function SectorView({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sectorName } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm text-stone-700 mb-1">{loaderData.showName}</p>
        <h1 className="mb-0">{t("checkout:seatMap.view360Heading", { sector: sectorName })}</h1>
      </div>
      <ClientOnly
        fallback={
          <Panorama
            src={loaderData.image}
            description={loaderData.description}
            label={t("checkout:seatMap.view360Label", { sector: sectorName })}
          />
        }
      >
        {() => (
          <PanoramaIsland
            imageUrl={loaderData.image}
            description={loaderData.description}
            title={t("checkout:seatMap.view360Label", { sector: sectorName })}
          />
        )}
      </ClientOnly>
      <p>
        <Link to={loaderData.backPath}>{t("checkout:seatMap.backToPerformance")}</Link>
      </p>
    </div>
  );
}
