// /payConfirm (and /payConfirmPool): the payment is being verified (§4). The page asks again
// up to 5 times, 1000 ms apart (§9): by script with JavaScript, by a meta refresh without
// it. Then 'We found delays in the verification of your purchase', with Retry and My orders.
// A payment waiting on the buyer's bank (3-D Secure) links back to the bank's page, unless the
// buyer is back from Bancard's card form (?vuelta=1): then it is being confirmed. The tab's
// title says what the heading says, in every state.
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { useTranslation } from "~/lib/i18n";
import {
  backFromProviderParam,
  payChangePath,
  payConfirmPath,
  verificationAttempts,
  verificationStepMs,
} from "~/lib/pay-result";
import { pageTitle, seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/confirm";
import { leaveWhenEnded, processIdOfQuery, processWithPayment } from "./pay-result.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const processId = processIdOfQuery(args.request);
  const process = await processWithPayment(shop, processId);
  leaveWhenEnded(shop, process);
  const asked = Number(new URL(args.request.url).searchParams.get("intento"));
  const attempt = Number.isInteger(asked) ? Math.min(Math.max(asked, 0), verificationAttempts) : 0;
  const t = getT(args.context);
  const back = new URL(args.request.url).searchParams.get(backFromProviderParam) === "1";
  const challengeUrl =
    process.oPago?.cEstado === "DESAFIO_3DS" && !back ? process.oPago.cUrlDesafio : null;
  // A wallet's page waits for the payer as a bank's 3-D Secure page does: named as such.
  const wallet = process.oPago?.cBilletera ?? null;
  const title = challengeUrl
    ? wallet
      ? t("checkout:payResult.walletTitle", { wallet })
      : t("checkout:payResult.challengeTitle")
    : attempt >= verificationAttempts
      ? t("checkout:payResult.pendingTitle")
      : t("checkout:payResult.verifyingTitle");
  return {
    processId,
    attempt,
    back,
    challengeUrl,
    wallet,
    seo: seoFor(args, {
      title,
      description: t("checkout:payResult.verifyingText"),
      noindex: true,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** With JavaScript: asks again every step, `verificationAttempts` times, then stops. */
function useVerification(active: boolean) {
  const revalidator = useRevalidator();
  // The page re-renders as the header's clock ticks: the timer must not restart with it.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [asked, setAsked] = useState(0);
  const done = asked >= verificationAttempts;
  useEffect(() => {
    if (!active || done) return;
    const next = setTimeout(() => {
      void revalidate.current();
      setAsked(asked + 1);
    }, verificationStepMs);
    return () => clearTimeout(next);
  }, [active, done, asked]);
  return { delayed: done, retry: () => setAsked(0) };
}

/**
 * With JavaScript the page stops asking on its own, after the loader named the tab
 * "Verifying": the title then follows the heading, and goes back when the buyer retries.
 */
function useTitleWhile(active: boolean, title: string) {
  useEffect(() => {
    if (!active) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [active, title]);
}

export default function PayConfirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { processId, attempt, back, challengeUrl, wallet } = loaderData;
  const verification = useVerification(challengeUrl === null);
  useTitleWhile(
    verification.delayed && attempt < verificationAttempts,
    pageTitle(t("checkout:payResult.pendingTitle"), loaderData.seo.siteName),
  );

  if (challengeUrl) {
    return (
      <section className="prose-page">
        <h1>
          {wallet
            ? t("checkout:payResult.walletTitle", { wallet })
            : t("checkout:payResult.challengeTitle")}
        </h1>
        <p>
          {wallet
            ? t("checkout:payResult.walletText", { wallet })
            : t("checkout:payResult.challengeText")}
        </p>
        <p className="flex flex-wrap gap-3">
          <a href={challengeUrl} className="button-primary">
            {wallet ? t("checkout:payResult.toWallet", { wallet }) : t("checkout:payResult.toBank")}
          </a>
          <Link to={`/BuyTicket/${processId}`} className="button-secondary">
            {t("checkout:payResult.backToCheckout")}
          </Link>
        </p>
      </section>
    );
  }

  // Without JavaScript the address counts the attempts; with it, the hook does.
  const delayed = verification.delayed || attempt >= verificationAttempts;
  if (delayed) {
    return (
      <section className="prose-page">
        <h1>{t("checkout:payResult.pendingTitle")}</h1>
        <p role="status">{t("checkout:payResult.delays")}</p>
        <p>{t("checkout:payResult.delaysHint")}</p>
        <p className="flex flex-wrap gap-3">
          <Link
            to={payConfirmPath(processId, 0, back)}
            className="button-primary"
            onClick={verification.retry}
          >
            {t("checkout:payResult.retry")}
          </Link>
          <Link to={payChangePath(processId)} className="button-secondary">
            {t("checkout:payChange.open")}
          </Link>
          <Link to="/myOrders" className="button-secondary">
            {t("checkout:success.toOrders")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="prose-page" aria-busy="true">
      <noscript>
        <meta
          httpEquiv="refresh"
          content={`1;url=${payConfirmPath(processId, attempt + 1, back)}`}
        />
      </noscript>
      <h1>{t("checkout:payResult.verifyingTitle")}</h1>
      <p role="status">{t("checkout:payResult.verifyingText")}</p>
    </section>
  );
}
