// /cancelPurchase: "Cancel purchase" asks first (the header's cart and the checkout link
// here). Yes cancels the running process (its places freed for others) and goes to the
// billboard saying so; No goes back to the purchase. Plain form and link: no JavaScript
// needed. Without a running purchase there is nothing to ask: to the billboard.
import { Form, Link, redirect } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { cancelPurchase } from "~/routes/buy-ticket/checkout.server";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/cancel-purchase";

export function loader(args: Route.LoaderArgs) {
  const { session } = requireUser(args);
  const processId = session.get("processId");
  if (!processId) throw redirect("/");
  const t = getT(args.context);
  return {
    processId,
    seo: seoFor(args, {
      title: t("checkout:cancelConfirm.title"),
      description: t("checkout:cancelConfirm.text"),
      noindex: true,
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const shop = requireUser(args);
  const processId = shop.session.get("processId");
  if (!processId) throw redirect("/");
  return cancelPurchase(shop, processId, "cancelled");
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function CancelPurchase({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="prose-page" aria-labelledby="cancel-heading">
      <h1 id="cancel-heading">{t("checkout:cancelConfirm.title")}</h1>
      <p>{t("checkout:cancelConfirm.text")}</p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <button type="submit" className="button-primary">
            {t("checkout:cancelConfirm.confirm")}
          </button>
        </Form>
        <Link to={`/BuyTicket/${loaderData.processId}`} className="button-secondary">
          {t("checkout:cancelConfirm.keep")}
        </Link>
      </div>
    </section>
  );
}
