// /funcionTienda?idFuncion=…: a logged-in customer chooses how many units of a product to
// buy (1 … its stock, at most 10) and holds them in the purchase process, the same way the
// performance page holds general-admission places (services/purchase.server.ts).
import { endpoints, type PerformanceDetail } from "@contract";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { VenueDetails } from "~/components/browse/venue-details";
import { posterOf } from "~/components/show-card";
import { isProduct, landingPath } from "~/lib/browse-paths";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { maxPlacesPerPurchase } from "~/lib/purchase-limits";
import { notFound } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import {
  holdFailureStatus,
  holdPlacesAndCheckout,
  performanceIdOf,
} from "~/services/purchase.server";
import { tabIdOf } from "~/services/purchase-timer.server";
import { passQueueGate } from "~/services/queue-gate.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/shop-performance";

/** The product's stock: its general-admission sector. */
function stockOf(performance: PerformanceDetail) {
  const sector = performance.listaSectores.find((s) => s.cTipo === "GENERAL");
  const onSale = performance.cEstado === "ON_SALE";
  const available = sector && onSale ? sector.nDisponibles : 0;
  return { sector, available, max: Math.min(maxPlacesPerPurchase, available) };
}

/** The loader passes the queue gate first (spec §2); the action's holds are checked by the API. */
async function loadProduct(args: Route.LoaderArgs | Route.ActionArgs, gated = false) {
  const shop = requireUser(args);
  const id = performanceIdOf(args.request);
  if (id === null) throw notFound();
  if (gated) await passQueueGate(shop, args.request, id);
  const performance = orThrow(await shop.commerce.call(endpoints.performance, { params: { id } }));
  // Tickets are chosen on the performance page.
  if (!isProduct(performance.oEspectaculo)) throw redirect(`/funcion?idFuncion=${id}`);
  return { shop, performance };
}

export async function loader(args: Route.LoaderArgs) {
  const { performance } = await loadProduct(args, true);
  const product = performance.oEspectaculo;
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: product.cEspectaculoCartelNombre,
    description: t("browse:meta.shopPerformance.description", {
      product: product.cEspectaculoCartelNombre,
    }),
    path: `/funcionTienda?idFuncion=${performance.idFuncion}`,
    image: posterOf(product),
    noindex: true,
  });
  return { performance, seo };
}

export async function action(args: Route.ActionArgs) {
  const { shop, performance } = await loadProduct(args);
  const t = getT(args.context);
  const { sector, available, max } = stockOf(performance);
  const form = await args.request.formData();
  const raw = String(form.get("nCantidad") ?? "");
  if (!sector || max < 1) {
    return data({ error: t("browse:show.outOfStock"), quantity: raw }, { status: 409 });
  }
  const quantity = z.coerce
    .number()
    .int()
    .min(1)
    .safeParse(raw === "" ? undefined : raw);
  if (!quantity.success) {
    return data({ error: t("validation:quantityInvalid"), quantity: raw }, { status: 400 });
  }
  if (quantity.data > max) {
    const message =
      quantity.data > available
        ? t("browse:shopPerformance.notEnoughStock", { count: available })
        : t("validation:quantityTooMany", { max: maxPlacesPerPurchase });
    return data({ error: message, quantity: raw }, { status: 400 });
  }
  const failure = await holdPlacesAndCheckout(
    shop,
    {
      idFuncion: performance.idFuncion,
      listaSectores: [{ idSector: sector.idSector, nCantidad: quantity.data }],
    },
    tabIdOf(form),
  );
  return data({ error: failure.message, quantity: raw }, { status: holdFailureStatus(failure) });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ShopPerformance({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { performance } = loaderData;
  const product = performance.oEspectaculo;
  const { sector, available, max } = stockOf(performance);
  const poster = posterOf(product);
  const busy = useNavigation().state === "submitting";
  const chosen =
    actionData?.quantity && /^[0-9]+$/.test(actionData.quantity) ? actionData.quantity : "1";
  return (
    <div className="grid md:grid-cols-[minmax(0,1fr)_2fr] gap-6">
      {poster ? (
        <img
          src={poster}
          alt=""
          width="300"
          height="400"
          className="w-full max-w-60 md:max-w-none mx-auto rounded-xl aspect-[3/4] object-cover bg-stone-200"
        />
      ) : null}
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-sm uppercase tracking-wide text-stone-600">
            {product.cEspectaculoCartelTipoNombre}
          </p>
          <h1>{product.cEspectaculoCartelNombre}</h1>
          <p>{product.cResumen}</p>
          <p className="mt-2">
            <Link to={landingPath(product.cSeo)}>{t("browse:shopPerformance.details")}</Link>
          </p>
        </div>
        <Form
          method="post"
          className="panel flex flex-col gap-3"
          aria-describedby={actionData?.error ? "quantity-error" : undefined}
        >
          {actionData?.error ? (
            <p id="quantity-error" role="alert" className="form-error mb-0">
              {actionData.error}
            </p>
          ) : null}
          <p className="font-semibold text-lg mb-0">
            {sector ? `${sector.cNombre} · ${formatPrice(sector.fPrecio)}` : null}
          </p>
          {max >= 1 && sector ? (
            <>
              <p className="mb-0">{t("browse:landing.stock", { count: available })}</p>
              <div className="field max-w-48 mb-0">
                <label htmlFor="nCantidad">{t("browse:shopPerformance.quantity")}</label>
                <select
                  id="nCantidad"
                  name="nCantidad"
                  defaultValue={Number(chosen) <= max ? chosen : "1"}
                  key={chosen}
                >
                  {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <p className="text-sm text-stone-600 mb-0">
                {t("browse:shopPerformance.limit", { max: maxPlacesPerPurchase })}
              </p>
              <div>
                <button type="submit" className="button-primary" disabled={busy}>
                  {t("browse:shopPerformance.add")}
                </button>
              </div>
            </>
          ) : (
            <p className="mb-0">
              <span className="state-badge state-badge-alert">{t("browse:show.outOfStock")}</span>
            </p>
          )}
        </Form>
        <section aria-labelledby="pickup-heading">
          <h2 id="pickup-heading">{t("browse:landing.pickUp")}</h2>
          <p className="font-semibold mb-1">{performance.oEstablecimiento.cNombre}</p>
          <VenueDetails venue={performance.oEstablecimiento} />
        </section>
      </div>
    </div>
  );
}
