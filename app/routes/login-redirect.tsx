// The return from the city's login (§2 /loginRedirect): the code is exchanged, the API
// answers the session, and the customer goes on to the wanted path, or first to
// /additionalData when the shop still lacks some of their data. A login that cannot be
// finished says so here, with a way to try again.
import { data, Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { seoMeta } from "~/lib/seo";
import { config } from "~/services/config.server";
import {
  clearFlowCookie,
  clearLoggedOutCookie,
  ExternalLoginFailed,
  externalAuthenticator,
  readFlowChecks,
} from "~/services/external-login.server";
import { getT } from "~/services/i18n.server";
import {
  additionalDataPath,
  getRequestContext,
  startUserSession,
} from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import { safeRedirectPath } from "~/services/session.server";
import type { Route } from "./+types/login-redirect";

export async function loader(args: Route.LoaderArgs) {
  if (config.loginMode !== "external") throw data(null, { status: 404 });
  const t = getT(args.context);
  const seo = seoFor(args, { title: t("account:external.failedTitle"), noindex: true });
  const url = new URL(args.request.url);
  if (url.searchParams.has("unavailable")) {
    const retryTo = safeRedirectPath(url.searchParams.get("redirectTo"));
    return data({ seo, message: t("account:external.unavailable"), retryTo }, { status: 503 });
  }
  const retryTo = (await readFlowChecks(args.request))?.redirectTo ?? "/";
  const headers = { "Set-Cookie": await clearFlowCookie() };
  try {
    const login = await externalAuthenticator.authenticate("oidc", args.request);
    const pending = login.session.aDatosFaltantes;
    const next =
      pending.length > 0
        ? `${additionalDataPath}?redirectTo=${encodeURIComponent(login.redirectTo)}`
        : login.redirectTo;
    const response = startUserSession(args, login.session, next);
    getRequestContext(args).session.set("external", { pending });
    response.headers.append("Set-Cookie", headers["Set-Cookie"]);
    // Logged in again: the next login after this one may be silent.
    response.headers.append("Set-Cookie", await clearLoggedOutCookie());
    return response;
  } catch (error) {
    if (!(error instanceof ExternalLoginFailed)) throw error;
    const message =
      error.reason === "provider" || error.failure?.code === "TRANSPORT"
        ? t("account:external.unavailable")
        : error.reason === "flow"
          ? t("account:external.expired")
          : t("account:external.refused");
    const status = error.reason === "provider" ? 503 : 401;
    return data({ seo, message, retryTo }, { status, headers });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta(loaderData && "seo" in loaderData ? loaderData.seo : undefined);

export default function LoginRedirect({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="max-w-md">
      <h1>{t("account:external.failedTitle")}</h1>
      <p role="alert">{loaderData.message}</p>
      <p className="mt-4">
        <Link
          to={`/login?redirectTo=${encodeURIComponent(loaderData.retryTo)}`}
          className="button-primary"
        >
          {t("account:external.tryAgain")}
        </Link>
      </p>
    </section>
  );
}
