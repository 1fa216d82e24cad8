// /funcion/{cSeo}/{id} (and /funcion?idFuncion=…): choosing places for a performance. The
// whole hall drawn with its stage and sectors coloured by price, a legend and the sectors
// with their prices; for the chosen numbered sector (or the only one, spec §2) the best
// available form and the seat form, every seat a real checkbox named with row, seat, price
// and state; ?vista=lista is the list alternative (sector → row → seat). All of it plain
// forms and links: JavaScript only replaces the seat form with the map island.

import { bookingDeadline } from "@contract";
import { redirect } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { useSeatMapSector } from "~/components/seat-map/use-seat-map-sector";
import { posterOf } from "~/components/show-card";
import { brand } from "~/config/brand.server";
import { isProduct, performancePath, shopPerformancePath } from "~/lib/browse-paths";
import { formatDateTime, formatShortDate, formatTime } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { notFound } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { getLocale, getT } from "~/services/i18n.server";
import { performanceIdOf } from "~/services/purchase.server";
import { passQueueGate } from "~/services/queue-gate.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/route";
import { performanceAction } from "./actions.server";
import { performanceOf } from "./hall-cache.server";
import { MapView } from "./map-view";
import { OfferedProducts } from "./offered-products";
import { loadPerformancePage } from "./page.server";
import { afterOpening, rememberedSectorOf, rememberedSectorsOf } from "./remembered-sectors";
import { listRowOf, SeatList } from "./seat-list";
import { seatViewer } from "./seat-viewer.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = seatViewer(args);
  const id = performanceIdOf(args.request, args.params);
  if (id === null) throw notFound();
  // Before anything is read for the performance: a queued sale waits its turn (spec §4).
  await passQueueGate(shop, args.request, id);
  const performance = await performanceOf(shop.commerce, id, shop.locale);
  const show = performance.oEspectaculo;
  // Products are chosen by quantity on their own page.
  if (isProduct(show)) throw redirect(shopPerformancePath(performance.idFuncion));
  const url = new URL(args.request.url);
  // /funcion?idFuncion=… moves to the performance's own address, where the page's links
  // (?sector=…, ?vista=lista) keep naming the performance.
  if (args.params.id === undefined) {
    url.searchParams.delete("idFuncion");
    const query = url.searchParams.size > 0 ? `?${url.searchParams}` : "";
    throw redirect(`${performancePath(show.cSeo, performance.idFuncion)}${query}`);
  }
  // Under another slug (an old or mistyped link) it moves for good to the show's own, so one
  // address names the performance (spec §2); the query (?sector=, ?vista=) goes along.
  if (args.params.cSeo !== show.cSeo) {
    throw redirect(`${performancePath(show.cSeo, performance.idFuncion)}${url.search}`, 301);
  }
  const t = getT(args.context);
  const remembered = rememberedSectorsOf(shop.session.get("sectors"));
  const page = await loadPerformancePage(shop, performance, {
    url,
    rememberedSectorId: rememberedSectorOf(remembered, performance.idFuncion),
  });
  // A sector asked for is remembered, the whole hall asked for forgets it (seatMapAutoShow).
  if (brand.flags.seatMapAutoShow && url.searchParams.has("sector")) {
    const sectorId = page.chosen?.sectorId ?? null;
    shop.session.set("sectors", afterOpening(remembered, performance.idFuncion, sectorId));
  }
  const locale = getLocale(args.context);
  const startsAt = performance.oFuncionFecha.dFecha;
  const when = formatDateTime(startsAt, locale);
  const seo = seoFor(args, {
    // The short date ("mié, 16 dic, 20:30"): a tab or a search result shows about 70 characters.
    title: `${show.cEspectaculoCartelNombre} — ${formatShortDate(startsAt, locale)}, ${formatTime(startsAt, locale)}`,
    description: t("browse:meta.performance.description", {
      show: show.cEspectaculoCartelNombre,
      date: when,
      venue: performance.oEstablecimiento.cNombre,
    }),
    path: `/funcion/${show.cSeo}/${performance.idFuncion}`,
    image: posterOf(show),
    noindex: true,
  });
  return { ...page, listRow: listRowOf(url, page), bookable: bookableNow(page.startsAt), seo };
}

/** Booking is offered only where the API would take it (contract/booking-rule.ts). */
function bookableNow(startsAt: string): boolean {
  return (
    brand.flags.reservationWithSeat && bookingDeadline(new Date(), new Date(startsAt)) !== null
  );
}

export async function action(args: Route.ActionArgs) {
  const shop = requireUser(args);
  const id = performanceIdOf(args.request, args.params);
  if (id === null) throw notFound();
  return performanceAction(shop, getT(args.context), id, await args.request.formData());
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Performance({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  const page = loaderData;
  const values = actionData?.values;
  // The island and the seat form start from what the buyer had ticked before a refusal.
  const chosen = useSeatMapSector(page.chosen, values?.seats);
  return (
    <>
      <h1>{page.showName}</h1>
      <p className="mb-4">
        {formatDateTime(page.startsAt, i18n.language as Locale)} — {page.venueName}
      </p>
      <ErrorSummary
        id="selection-error"
        messages={actionData?.error ? [actionData.error] : []}
        attempt={actionData}
      />
      {page.view === "list" ? (
        <SeatList page={page} sector={chosen} row={page.listRow} quantities={values?.quantities} />
      ) : (
        <MapView page={page} sector={chosen} values={values} />
      )}
      <OfferedProducts products={page.products} />
    </>
  );
}
