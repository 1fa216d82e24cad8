// /promocion (login, no queue; spec §2): choose a promotion for each ticket of the running
// purchase. Multi-promotion (brand flag, on): every ticket has its own choice; off, one per
// performance. The single-promotion dialog is skipped (brand flag): the page is the choice. A code the buyer types unlocks the promotions that ask for it. Plain forms:
// it works without JavaScript. Saving goes back to the checkout, which shows each ticket's
// promotion and discount.
import type { PromotionView, PurchaseProcess } from "@contract";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { useBrand } from "~/config/brand";
import { isProduct } from "~/lib/browse-paths";
import { distinctParts } from "~/lib/distinct-parts";
import { formatDateTime, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { ruleText } from "~/lib/promotion-text";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { claimTab, tabIdOf } from "~/services/purchase-timer.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/route";
import { lineField, placeField } from "./place-field";
import type { PromotionOffer, PromotionsActionData } from "./promotions.server";
import { loadPromotions, promotionsAction } from "./promotions.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const processId = shop.session.get("processId");
  if (!processId) throw redirect("/");
  const t = getT(args.context);
  return {
    ...(await loadPromotions(shop, processId)),
    seo: seoFor(args, {
      title: t("checkout:promotions.title"),
      description: t("checkout:promotions.intro"),
      noindex: true,
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const shop = requireUser(args);
  const processId = shop.session.get("processId");
  if (!processId) throw redirect("/");
  const form = await args.request.formData();
  // Choosing promotions goes on with the purchase: for the buying tab only.
  claimTab(shop, tabIdOf(form));
  return promotionsAction(shop, getT(args.context), processId, form);
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

type Line = PurchaseProcess["listaFuncion"][number];
type Place = Line["listaPosiciones"][number];

function PromotionList({ promotions }: { promotions: PromotionView[] }) {
  const { t } = useTranslation();
  if (promotions.length === 0) return <p>{t("checkout:promotions.noneOffered")}</p>;
  return (
    <ul className="my-2 space-y-2">
      {promotions.map((promotion) => (
        <li key={promotion.idPromocion}>
          {/* A promotion named as its rule ("2×1") is not followed by "— 2×1". */}
          {distinctParts([promotion.cNombre, ruleText(promotion.oRegla, t)]).map((part, index) =>
            index === 0 ? <strong key={part}>{part}</strong> : ` — ${part}`,
          )}
          <br />
          <span>{promotion.cDescripcion}</span>
          {promotion.nCupoRestante !== null ? (
            <>
              {" "}
              <span>{t("checkout:promotions.left", { count: promotion.nCupoRestante })}</span>
            </>
          ) : null}
          {promotion.cMotivoTexto ? (
            <>
              <br />
              <em>{promotion.cMotivoTexto}</em>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * One promotion select: "No promotion" and the promotions the buyer may have now, plus the
 * one already carried (it stays a choice even if it could not be given anew now).
 */
function PromotionSelect({
  id,
  label,
  promotions,
  carried,
  chosen,
}: {
  id: string;
  label: string;
  promotions: PromotionView[];
  carried: number | null;
  chosen: string;
}) {
  const { t } = useTranslation();
  const choosable = promotions.filter(
    (promotion) => promotion.lDisponible || promotion.idPromocion === carried,
  );
  return (
    <div className="my-2">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <select id={id} name={id} defaultValue={chosen} className="w-full max-w-md">
        <option value="">{t("checkout:promotions.none")}</option>
        {choosable.map((promotion) => (
          <option key={promotion.idPromocion} value={promotion.idPromocion}>
            {distinctParts([promotion.cNombre, ruleText(promotion.oRegla, t)]).join(" — ")}
          </option>
        ))}
      </select>
    </div>
  );
}

function PlaceChoice({
  place,
  promotions,
  chosen,
}: {
  place: Place;
  promotions: PromotionView[];
  chosen: string;
}) {
  const { t } = useTranslation();
  const where =
    place.cTipo === "NUMBERED"
      ? t("checkout:seat", { row: place.cFila, number: place.nNumero })
      : t("checkout:performance.generalAdmission");
  return (
    <PromotionSelect
      id={placeField(place.idPosicion)}
      label={`${place.cSectorNombre} · ${where} · ${formatPrice(place.fPrecio)}`}
      promotions={promotions}
      carried={place.idPromocion}
      chosen={chosen}
    />
  );
}

/** Multi-promotion off (brand flag): one promotion for all the performance's tickets. */
function LineChoice({
  line,
  promotions,
  chosen,
}: {
  line: Line;
  promotions: PromotionView[];
  chosen: string | undefined;
}) {
  const { t } = useTranslation();
  const carried = new Set(line.listaPosiciones.map((place) => place.idPromocion));
  const shared = carried.size === 1 ? [...carried][0] : null;
  return (
    <PromotionSelect
      id={lineField(line.idFuncion)}
      label={t("checkout:promotions.forAll", { count: line.listaPosiciones.length })}
      promotions={promotions}
      carried={shared}
      chosen={chosen ?? (shared === null ? "" : String(shared))}
    />
  );
}

function LineChoices({
  line,
  offer,
  choices,
}: {
  line: Line;
  offer: PromotionOffer | undefined;
  choices: Record<string, string> | undefined;
}) {
  const { i18n } = useTranslation();
  const brand = useBrand();
  const promotions = offer?.promotions ?? [];
  const headingId = `promotions-line-${line.idFuncion}`;
  return (
    <section
      aria-labelledby={headingId}
      className="bg-white border border-stone-200 rounded-xl p-4 mb-3"
    >
      <h2 id={headingId} className="mb-1">
        {line.oEspectaculo.cEspectaculoCartelNombre}
      </h2>
      {isProduct(line.oEspectaculo) ? null : (
        <p>
          {formatDateTime(line.oFuncionFecha.dFecha, i18n.language as Locale)} —{" "}
          {line.oEspectaculo.cEstablecimientoNombre}
        </p>
      )}
      <PromotionList promotions={promotions} />
      {promotions.length > 0 && brand.flags.multiPromotion
        ? line.listaPosiciones.map((place) => (
            <PlaceChoice
              key={place.idPosicion}
              place={place}
              promotions={promotions}
              chosen={
                choices?.[placeField(place.idPosicion)] ??
                (place.idPromocion === null ? "" : String(place.idPromocion))
              }
            />
          ))
        : null}
      {promotions.length > 0 && !brand.flags.multiPromotion ? (
        <LineChoice
          line={line}
          promotions={promotions}
          chosen={choices?.[lineField(line.idFuncion)]}
        />
      ) : null}
    </section>
  );
}

export default function Promotions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { process, code, offers } = loaderData;
  const answer = actionData as PromotionsActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const anyOffered = offers.some((offer) => offer.promotions.length > 0);
  return (
    <div className="max-w-3xl">
      <h1 id="promotions-heading">{t("checkout:promotions.title")}</h1>
      <p>{t("checkout:promotions.intro")}</p>
      {answer?.error ? (
        <ErrorSummary id="promotions-error" messages={[answer.error]} attempt={answer} />
      ) : null}

      <section aria-labelledby="promotion-code-heading" className="my-4">
        <h2 id="promotion-code-heading">{t("checkout:promotions.codeHeading")}</h2>
        {code ? (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <p className="m-0">{t("checkout:promotions.codeActive", { code })}</p>
            <button type="submit" name="intent" value="clearCode" className="button-link">
              {t("checkout:promotions.clearCode")}
            </button>
          </Form>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="promotion-code" className="block">
                {t("checkout:promotions.codeLabel")}
              </label>
              <input
                id="promotion-code"
                name="cCodigo"
                type="text"
                defaultValue={answer?.code ?? ""}
                maxLength={40}
                autoComplete="off"
                autoCapitalize="characters"
                aria-invalid={answer?.code !== undefined ? true : undefined}
              />
            </div>
            <button
              type="submit"
              name="intent"
              value="code"
              className="button-secondary"
              disabled={busy}
            >
              {t("checkout:promotions.applyCode")}
            </button>
          </Form>
        )}
      </section>

      <Form method="post">
        {/* Products carry no promotions: only the tickets' performances are listed. */}
        {process.listaFuncion
          .filter((line) => !isProduct(line.oEspectaculo))
          .map((line) => (
            <LineChoices
              key={line.idFuncion}
              line={line}
              offer={offers.find((offer) => offer.idFuncion === line.idFuncion)}
              choices={answer?.choices}
            />
          ))}
        <div className="flex flex-wrap gap-3 mt-4">
          {anyOffered ? (
            <button
              type="submit"
              name="intent"
              value="choose"
              className="button-primary"
              disabled={busy}
            >
              {t("checkout:promotions.save")}
            </button>
          ) : null}
          <Link to={`/BuyTicket/${process.idProcesoDeCompra}`} className="button-secondary">
            {t("checkout:promotions.back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
