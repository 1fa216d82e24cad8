// The /v2 commerce API as a Hono app. Embedded, the storefront's server mounts it and the
// storefront calls `api.fetch` in-process; standalone, commerce/server.ts serves it.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { apiHeaders, docsEndpoint, openApiEndpoint } from "./contract/index.ts";
import { callerOfToken } from "./customers/tokens.ts";
import type { Database } from "./db/client.ts";
import { databaseErrorOf, databaseFaultOf } from "./db/unavailable.ts";
import type { CommerceDeps } from "./deps.ts";
import { ApiError, validationError } from "./errors.ts";
import { accountSecurityHandlers } from "./http/account-security.ts";
import { bookingHandlers } from "./http/bookings.ts";
import { boxOfficeHandlers } from "./http/box-office.ts";
import { browseHandlers } from "./http/browse.ts";
import { catalogHandlers, posterImplementation } from "./http/catalog.ts";
import { clientAddressResolver } from "./http/client-address.ts";
import { contactHandlers } from "./http/contacts.ts";
import { customerHandlers } from "./http/customers.ts";
import { docsPage } from "./http/docs.ts";
import { doorHandlers } from "./http/door.ts";
import { externalLoginHandlers } from "./http/external-login.ts";
import { hostedPaymentHandlers } from "./http/hosted-payments.ts";
import { openApiDocument } from "./http/openapi.ts";
import { orderHandlers } from "./http/orders.ts";
import { paymentLinkHandlers } from "./http/payment-links.ts";
import { paymentV2Handlers } from "./http/payments-v2.ts";
import { positionHandlers } from "./http/positions.ts";
import { productHandlers } from "./http/products.ts";
import { promotionHandlers } from "./http/promotions.ts";
import { purchaseHandlers } from "./http/purchase.ts";
import { queueHandlers } from "./http/queue.ts";
import {
  type CommerceEnv,
  errorResponse,
  type Implementation,
  implement,
  languageMiddleware,
  type RegisterOptions,
  registerEndpoints,
} from "./http/register.ts";
import { wellFormedRequestId } from "./http/request-log.ts";
import { seatMapHandlers } from "./http/seat-map.ts";
import { apiSecurityHeaders, resourceContentSecurityPolicy } from "./http/security-headers.ts";
import { log } from "./log.ts";

export const maxBodyBytes = 64 * 1024;

export type ApiOptions = Pick<RegisterOptions, "checkResponses"> & {
  /** Callers whose X-Client-Address is believed (a standalone API's storefronts). */
  trustClientAddressFrom?: readonly string[];
};

/**
 * The API's frame around a set of handlers: security headers, language, body limit, errors,
 * 404/405.
 */
export function buildApi(implementations: readonly Implementation[], options: RegisterOptions) {
  const api = new Hono<CommerceEnv>().basePath("/v2");
  api.use(apiSecurityHeaders);
  api.use(languageMiddleware);
  // No request of this API needs more than a few kilobytes; refuse floods before parsing.
  api.use(
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => errorResponse(c, validationError({ _: ["bodyTooLarge"] }, 413)),
    }),
  );
  // The API describes itself from the same endpoint objects it serves.
  const document = openApiDocument([
    ...implementations.map((i) => i.endpoint),
    openApiEndpoint,
    docsEndpoint,
  ]);
  const html = docsPage(document);
  registerEndpoints(
    api,
    [
      ...implementations,
      implement(openApiEndpoint, ({ c }) => c.json(document)),
      implement(docsEndpoint, ({ c }) =>
        c.html(html, 200, {
          // The page's own styles, nothing else.
          "Content-Security-Policy": `${resourceContentSecurityPolicy}; style-src 'unsafe-inline'`,
        }),
      ),
    ],
    options,
  );
  api.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    const fault = databaseFaultOf(error);
    if (fault) {
      // Nothing happened: the caller may try again once the database is back (decision 0051),
      // or on another node while this one's is damaged (0061: its operator is told here).
      const requestId = wellFormedRequestId(c.req.header(apiHeaders.requestId));
      if (fault === "unreachable") log.warn({ requestId }, "database unavailable");
      else log.error({ requestId, database: databaseErrorOf(error) }, "database failing");
      c.header("Retry-After", "5");
      return errorResponse(c, new ApiError("UNAVAILABLE", 503, 503));
    }
    // The caller's request id (the storefront's, a proxy's), never its body or parameters.
    const requestId = wellFormedRequestId(c.req.header(apiHeaders.requestId));
    log.error({ err: error, requestId }, "commerce API error");
    return errorResponse(c, new ApiError("INTERNAL", 500, 500));
  });
  return api;
}

export function createCommerceApi(deps: CommerceDeps, options: ApiOptions = {}) {
  const { trustClientAddressFrom, ...registerOptions } = options;
  return buildApi(
    [
      ...catalogHandlers(deps),
      ...seatMapHandlers(deps),
      ...browseHandlers(deps),
      ...customerHandlers(deps),
      ...contactHandlers(deps),
      ...accountSecurityHandlers(deps),
      ...externalLoginHandlers(deps),
      ...purchaseHandlers(deps),
      ...paymentLinkHandlers(deps),
      ...paymentV2Handlers(deps),
      ...hostedPaymentHandlers(deps),
      ...positionHandlers(deps),
      ...bookingHandlers(deps),
      ...promotionHandlers(deps),
      ...productHandlers(deps),
      ...boxOfficeHandlers(deps),
      ...orderHandlers(deps),
      ...doorHandlers(deps),
      ...queueHandlers(deps),
    ],
    {
      ...registerOptions,
      resolveCaller: (token) => callerOfToken(deps.db, token, deps.now()),
      clientAddress: clientAddressResolver(trustClientAddressFrom),
    },
  );
}

export type CommerceApi = ReturnType<typeof createCommerceApi>;

/** Only the posters: what the seed's tests check without a whole API (or any database). */
export function createPosterApi(db?: Database) {
  return buildApi([posterImplementation({ db })], { resolveCaller: async () => null });
}
