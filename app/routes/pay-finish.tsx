// payFinish (§2): where an ended purchase lands; the root shows the one-time notice.

import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/pay-finish";

export function loader(args: Route.LoaderArgs) {
  const t = getT(args.context);
  return {
    seo: seoFor(args, {
      title: t("checkout:payFinish.title"),
      description: t("browse:meta.payFinish.description"),
      noindex: true,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PayFinish() {
  const { t } = useTranslation();
  return (
    <section className="prose-page">
      <h1>{t("checkout:payFinish.title")}</h1>
      <p>{t("checkout:payFinish.text")}</p>
      <Link to="/" className="button-primary">
        {t("layout:errors.backToBillboard")}
      </Link>
    </section>
  );
}
