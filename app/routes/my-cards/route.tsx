// My cards (login required; issue 32): the cards Bancard keeps for the buyer, added on
// Bancard's own registration form (framed by its script with JavaScript, its full page
// without) and deleted after a confirmation. The page frames Bancard's form, so its policy
// names Bancard (decision 0078) and it is entered by a document load.
import { data, redirect } from "react-router";
import { z } from "zod";
import { useTranslation } from "~/lib/i18n";
import { paymentProviderPage } from "~/lib/payment-provider-pages";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { getRequestContext, requireUser } from "~/services/request-context.server";
import {
  deleteCard,
  myCardsPath,
  openCardRegistration,
  registrationNotice,
  savedCardsOf,
} from "~/services/saved-cards.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/route";
import { AddCard } from "./add-card";
import { CardList } from "./card-list";

export const handle = paymentProviderPage("bancard");

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  // Back from Bancard's form: said once, and the address made plain again.
  const status = new URL(args.request.url).searchParams.get("status");
  if (status !== null) {
    const notice = registrationNotice(status);
    if (notice) getRequestContext(args).session.flash("notice", notice);
    throw redirect(myCardsPath);
  }
  const { cards, error } = await savedCardsOf(shop);
  const t = getT(args.context);
  const title = t("account:cards.title");
  return {
    title,
    seo: seoFor(args, { title, description: title, noindex: true }),
    cards,
    error,
  };
}

const aliasField = z.string().trim().min(1).max(200);

export async function action(args: Route.ActionArgs) {
  const shop = requireUser(args);
  const form = await args.request.formData();
  const t = getT(args.context);
  const intent = form.get("intent");

  if (intent === "add") {
    const opened = await openCardRegistration(shop, args.request);
    if ("error" in opened) return data({ error: opened.error }, { status: 502 });
    // JavaScript on: the page frames Bancard's form; off: the buyer goes to its page.
    if (form.get("framed") === "1") return { registration: opened };
    return redirect(opened.pageUrl);
  }

  const alias = aliasField.safeParse(form.get("card"));
  if (!alias.success) return data({ error: t("account:cards.unknown") }, { status: 400 });

  if (intent === "ask-delete") {
    // The confirmation step without JavaScript: the card named as the list names it.
    const { cards, error } = await savedCardsOf(shop);
    if (error) return data({ error }, { status: 502 });
    const card = cards.find((own) => own.aliasToken === alias.data);
    if (!card) return data({ error: t("account:cards.unknown") }, { status: 404 });
    return { confirm: card };
  }

  if (intent === "delete") {
    const failed = await deleteCard(shop, alias.data);
    if (failed && failed !== "gone") return data({ error: failed }, { status: 502 });
    shop.session.flash("notice", failed ? "account:cards.gone" : "account:cards.deleted");
    return redirect(myCardsPath);
  }
  return data({ error: t("account:cards.unknown") }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function MyCards({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const error = actionData && "error" in actionData ? actionData.error : loaderData.error;
  return (
    <section className="max-w-xl">
      <h1>{t("account:cards.title")}</h1>
      <p>{t("account:cards.intro")}</p>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <CardList
        cards={loaderData.cards}
        confirm={(actionData && "confirm" in actionData && actionData.confirm) || null}
      />
      <AddCard
        registration={
          (actionData && "registration" in actionData && actionData.registration) || null
        }
      />
    </section>
  );
}
