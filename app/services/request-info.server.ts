// What the server around the storefront (server/app.ts) and the storefront tell each other
// about one request, through the load context: the server hands in the request's id and the
// nonce its Content-Security-Policy allows scripts by; the storefront hands back the route
// pattern that answered, for the request's log line, and the payment providers the rendered
// page declared, for its policy.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { PaymentProvider } from "../lib/payment-provider-pages";

export type RequestInfo = {
  requestId: string;
  /** The page's scripts carry it; the response's CSP names it. */
  nonce: string;
  /**
   * A single-fetch data request (`….data`): React Router hands its middleware the page's
   * address, so the server tells. Unset when not known.
   */
  dataRequest?: boolean;
  /** "/funcion/:cSeo/:id": set by the storefront once a route matched. */
  route?: string;
  /** Set by the document's render from its route's handle (app/lib/payment-provider-pages.ts). */
  paymentProviders?: readonly PaymentProvider[];
};

/**
 * The key the server sets it under. The server takes it from the entry module of the build
 * it renders with (Vite's module instances in development are not the server's).
 */
export const requestInfoContext = createContext<RequestInfo | null>(null);

export function requestInfoOf(context: Readonly<RouterContextProvider>): RequestInfo | null {
  return context.get(requestInfoContext);
}

/** Root middleware: names the matched route (its pattern, never the path) for the log. */
export const routePatternMiddleware: MiddlewareFunction<Response> = ({ context, pattern }) => {
  const info = context.get(requestInfoContext);
  // React Router joins the matched paths without a leading slash ("funcion/:cSeo/:id").
  if (info) info.route = pattern.startsWith("/") ? pattern : `/${pattern}`;
};
