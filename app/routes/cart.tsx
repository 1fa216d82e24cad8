// /cart: the header's cart dropdown posts here to take one performance's places out of the
// purchase (spec §7: SoltarGrupo with its idFuncion, then the process read again and its
// nCode checked). The buyer comes back to the page they were on, or, with nothing left in
// the purchase, to the billboard (never to an empty payment form). GET /cart goes to the
// running checkout, or to the billboard. A refused removal is shown here, with the way back.
import { endpoints, releaseGroupRequest } from "@contract";
import { data, Link, redirect } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { isEmptied } from "~/routes/buy-ticket/checkout.server";
import { endPurchase } from "~/routes/buy-ticket/payment-outcome.server";
import { claimTab, tabIdOf } from "~/services/purchase-timer.server";
import { requireUser } from "~/services/request-context.server";
import { safeRedirectPath } from "~/services/session.server";
import type { Route } from "./+types/cart";

export function loader(args: Route.LoaderArgs) {
  const { session } = requireUser(args);
  const processId = session.get("processId");
  throw redirect(processId ? `/BuyTicket/${processId}` : "/");
}

export async function action(args: Route.ActionArgs) {
  const shop = requireUser(args);
  const form = await args.request.formData();
  const processId = shop.session.get("processId");
  // Nothing running (ended meanwhile, another tab paid): nothing to take out.
  if (!processId) throw redirect("/");
  const body = releaseGroupRequest.safeParse({ idFuncion: form.get("idFuncion") });
  if (form.get("intent") !== "remove" || !body.success) {
    return data({ processId }, { status: 400 });
  }
  claimTab(shop, tabIdOf(form));
  const params = { id: processId };
  const released = await shop.commerce.call(endpoints.releaseGroup, { params, body: body.data });
  const after = await shop.commerce.call(endpoints.process, { params });
  if (after.ok && after.data.cEstado === "EXPIRED") {
    return endPurchase(shop, "layout:notices.purchaseExpired", "/");
  }
  if (!after.ok || isEmptied(after.data) || after.data.cEstado !== "ACTIVE") {
    return endPurchase(shop, "layout:notices.purchaseEmptied", "/");
  }
  if (!released.ok) return data({ processId }, { status: released.nCode === 404 ? 404 : 409 });
  throw redirect(safeRedirectPath(form.get("redirectTo")));
}

export default function CartRemovalRefused({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="prose-page">
      <h1>{t("layout:cart.removeRefusedTitle")}</h1>
      <p>{t("layout:cart.removeRefusedText")}</p>
      <Link to={actionData ? `/BuyTicket/${actionData.processId}` : "/"} className="button-primary">
        {t("layout:cart.goToCheckout")}
      </Link>
    </section>
  );
}
