// payFinish (§2): where an ended purchase lands; the root shows the one-time notice. A tab
// sent here because another tab is buying (§4) is told that the purchase goes on there:
// a running purchase is never called ended.

import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { isRunning } from "~/lib/purchase-timer";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { timerOf } from "~/services/purchase-timer.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/pay-finish";

export function loader(args: Route.LoaderArgs) {
  const t = getT(args.context);
  const shop = getRequestContext(args);
  const elsewhere = shop.user !== null && isRunning(timerOf(shop), new Date());
  return {
    elsewhere,
    seo: seoFor(args, {
      title: t(elsewhere ? "checkout:payFinish.elsewhereTitle" : "checkout:payFinish.title"),
      description: t("browse:meta.payFinish.description"),
      noindex: true,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PayFinish({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { elsewhere } = loaderData;
  return (
    <section className="prose-page">
      <h1>{t(elsewhere ? "checkout:payFinish.elsewhereTitle" : "checkout:payFinish.title")}</h1>
      <p>{t(elsewhere ? "checkout:payFinish.elsewhereText" : "checkout:payFinish.text")}</p>
      <Link to="/" className="button-primary">
        {t("layout:errors.backToBillboard")}
      </Link>
    </section>
  );
}
