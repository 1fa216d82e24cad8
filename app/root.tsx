import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { Route } from "./+types/root";
import { AttentionDialog } from "./components/attention-dialog";
import { revalidateUnlessTabClaim, useBuyingTabField } from "./components/buying-tab";
import { Greeting } from "./components/greeting";
import { headerCategories } from "./components/header/show-types.server";
import { LoadingOverlay } from "./components/loading-overlay";
import { RouteAnnouncer } from "./components/route-announcer";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Splash } from "./components/splash";
import { BrandData } from "./config/brand";
import { leavesBoxSale } from "./lib/box-office";
import { defaultLocale } from "./lib/locales";
import { unreadableFormCode } from "./lib/responses";
import { resetBoxSaleLeftFor } from "./services/box-office.server";
import { currentCart } from "./services/cart.server";
import { config } from "./services/config.server";
import { loginView } from "./services/external-login.server";
import { formBodyMiddleware } from "./services/form-body.server";
import { replaceAfterSubmissionMiddleware } from "./services/history.server";
import { i18nMiddleware } from "./services/i18n.server";
import { headerCartReadOf, nameTokenOf, pageCopiesMiddleware } from "./services/page-copies.server";
import { getRequestContext, requestContextMiddleware } from "./services/request-context.server";
import { routePatternMiddleware } from "./services/request-info.server";
import stylesheet from "./styles.css?url";

// The language first: the request context binds the commerce client to it. A body that is not
// a form is answered before any action reads it. Shared pages' copies need the visitor's
// session and header, and go before any loader (decision 0058). An action's redirect replaces
// the form's history entry, whichever layer answered it (decision 0071).
export const middleware: Route.MiddlewareFunction[] = [
  routePatternMiddleware,
  replaceAfterSubmissionMiddleware,
  i18nMiddleware,
  formBodyMiddleware,
  requestContextMiddleware,
  pageCopiesMiddleware({ ttlMs: config.production ? config.pageCacheMs : 0 }),
];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // The brand's colours, after the stylesheet's (brand.server.ts chose the brand at start).
  { rel: "stylesheet", href: "/brand.css" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader(args: Route.LoaderArgs) {
  const shop = getRequestContext(args);
  const { locale, user, session } = shop;
  // Reading a flash consumes it: the middleware writes the session back.
  const notice = session.get("notice") ?? null;
  const greeting = session.get("greeting") ?? null;
  // A clerk who left the pages of a counter sale: it is let go before the header reads it.
  await resetBoxSaleLeftFor(shop, new URL(args.request.url).pathname);
  const cartRead = headerCartReadOf(args.context);
  const [cart, categories] = await Promise.all([
    cartRead ? cartRead.cart : currentCart(shop),
    headerCategories(shop.commerce),
  ]);
  return {
    locale,
    user: user
      ? {
          // A render kept as a copy shows a token, filled in with each visitor's name.
          name: nameTokenOf(args.context) ?? user.cNombre,
          hasAlias: user.lAlias,
          boxOffice: user.lTaquilla === true,
          door: user.lPuerta === true,
        }
      : null,
    cart,
    categories,
    notice,
    greeting,
    now: Date.now(),
    login: loginView(args.request),
  };
}

/**
 * A page the API could not answer carries the Retry-After its loader set (failureResponse):
 * the error's headers reach the answer only through the boundary's route, this one.
 */
export const headers: Route.HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  if (!retryAfter) return parentHeaders;
  const headers = new Headers(parentHeaders);
  headers.set("Retry-After", retryAfter);
  return headers;
};

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  return (
    <html lang={root?.locale ?? defaultLocale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Stylesheets need no nonce ('self'); an explicit "" keeps the render's nonce off
            them, as the browser hides it before hydration (else a mismatch in development). */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen flex flex-col bg-stone-50 text-stone-900">
        <a href="#main" className="skip-link">
          {t("layout:a11y.skipToContent")}
        </a>
        <SiteHeader
          user={root?.user ?? null}
          cart={root?.cart ?? null}
          now={root?.now}
          categories={root?.categories ?? []}
        />
        {root?.notice ? (
          <p role="status" className="notice">
            {t(root.notice)}
          </p>
        ) : null}
        <Greeting name={root?.greeting ?? null} />
        <main id="main" className="flex-1 w-full max-w-6xl mx-auto px-4 py-6">
          {children}
        </main>
        <SiteFooter />
        <LoadingOverlay />
        <Splash />
        <RouteAnnouncer />
        <BrandData />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * As the routes on screen during a tab claim; and the header is read again when a page of a
 * counter sale is left for one that is not (its loader resets the sale for a clerk).
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (leavesBoxSale(args.currentUrl.pathname, args.nextUrl.pathname)) return true;
  return revalidateUnlessTabClaim(args);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useBuyingTabField(Boolean(loaderData?.cart));
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  // In the browser's console only: the server logged it already, scrubbed (entry.server).
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  // The API could not answer (unreachable, its database down or damaged): try again soon.
  if (isRouteErrorResponse(error) && error.status === 503) return <AttentionDialog />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const unreadableForm = isRouteErrorResponse(error) && error.data?.code === unreadableFormCode;
  const doorOnly = isRouteErrorResponse(error) && error.data?.staff === "door";
  const title = unreadableForm
    ? t("layout:errors.unreadableFormTitle")
    : status === 404
      ? t("layout:errors.notFoundTitle")
      : status === 403
        ? t(doorOnly ? "layout:errors.doorForbiddenTitle" : "layout:errors.forbiddenTitle")
        : t("layout:errors.genericTitle");
  const detail = unreadableForm
    ? t("layout:errors.unreadableFormText")
    : status === 404
      ? t("layout:errors.notFoundText")
      : status === 403
        ? t(doorOnly ? "layout:errors.doorForbiddenText" : "layout:errors.forbiddenText")
        : t("layout:errors.genericText");
  return (
    <section className="prose-page">
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/" className="button-primary">
          {t("layout:errors.backToBillboard")}
        </a>
      </p>
    </section>
  );
}
