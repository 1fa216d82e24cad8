// After a logout with the city's login, its session ends too (§4): with JavaScript the
// provider's end-session page loads in a hidden frame and then the billboard follows;
// without, the page refreshes into the provider's end-session endpoint, which sends the
// browser back here (state=done) and on to the billboard, saying the session was
// disconnected. Both ask the provider with the same parameters (decision 0065).
import { useEffect, useRef, useState } from "react";
import { redirect } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { config } from "~/services/config.server";
import { endSessionUrl } from "~/services/external-login.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/end-session";

/** The hidden frame's last stop: an empty answer (end-session-frame.ts). */
const frameEndPath = "/endSession/frame";

/** A frame's page that has stayed this long without loading another is taken as finished. */
const settleMs = 800;
/** The billboard follows at the latest after this, whatever the frame did. */
const giveUpMs = 8000;

export async function loader(args: Route.LoaderArgs) {
  if (config.loginMode !== "external") throw redirect("/");
  const shop = getRequestContext(args);
  if (new URL(args.request.url).searchParams.get("state") === "done") {
    // The hidden frame comes back here too: it ends on an empty answer (a page of the shop
    // may not be framed), and the notice is for the window's own return.
    if (args.request.headers.get("Sec-Fetch-Dest") === "iframe") throw redirect(frameEndPath);
    if (!shop.user) shop.session.flash("notice", "layout:notices.sessionDisconnected");
    throw redirect("/");
  }
  if (!shop.session.get("endSession")) throw redirect("/");
  const endUrl = await endSessionUrl(args.request);
  // The provider cannot be reached: the shop's session is over all the same.
  if (!endUrl) throw redirect("/");
  const t = getT(args.context);
  const seo = seoFor(args, { title: t("account:external.endingTitle"), noindex: true });
  return { endUrl, seo };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function EndSession({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [loads, setLoads] = useState(0);
  const done = useRef(false);
  useEffect(() => {
    if (!hydrated) return;
    const finish = () => {
      if (done.current) return;
      done.current = true;
      // The same return as the redirect chain's: it says the session was disconnected and
      // goes on to the billboard, read anew without the user.
      window.location.replace(`${window.location.pathname}?state=done`);
    };
    const timer = setTimeout(finish, loads > 0 ? settleMs : giveUpMs);
    return () => clearTimeout(timer);
  }, [hydrated, loads]);
  return (
    <section className="max-w-md">
      {hydrated ? null : <meta httpEquiv="refresh" content={`0;url=${loaderData.endUrl}`} />}
      <h1>{t("account:external.endingTitle")}</h1>
      <p role="status">{t("account:external.ending")}</p>
      {hydrated ? (
        <iframe
          src={loaderData.endUrl}
          title={t("account:external.endingFrame")}
          hidden
          onLoad={() => setLoads((count) => count + 1)}
        />
      ) : (
        <p className="mt-4">
          <a href={loaderData.endUrl}>{t("account:external.endingLink")}</a>
        </p>
      )}
    </section>
  );
}
