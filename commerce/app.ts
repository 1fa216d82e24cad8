// The /v2 commerce API as a Hono app. Embedded, the storefront's server mounts it and the
// storefront calls `api.fetch` in-process; standalone, commerce/server.ts serves it.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { browseRoutes } from "./http/browse.ts";
import { catalogRoutes } from "./http/catalog.ts";
import { customerRoutes } from "./http/customers.ts";
import { imageRoutes } from "./http/images.ts";
import { orderRoutes } from "./http/orders.ts";
import { processRoutes } from "./http/process.ts";
import {
  ApiError,
  type CommerceDeps,
  type CommerceEnv,
  errorResponse,
  languageMiddleware,
} from "./http/support.ts";

export const maxBodyBytes = 64 * 1024;

export function createCommerceApi(deps: CommerceDeps) {
  const api = new Hono<CommerceEnv>().basePath("/v2");
  api.use(languageMiddleware);
  // No request of this API needs more than a few kilobytes; refuse floods before parsing.
  api.use(
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) =>
        errorResponse(c, new ApiError("VALIDATION", 413, 413, { _: ["bodyTooLarge"] })),
    }),
  );
  api.route("/", catalogRoutes(deps));
  api.route("/", browseRoutes(deps));
  api.route("/", customerRoutes(deps));
  api.route("/", processRoutes(deps));
  api.route("/", orderRoutes(deps));
  api.route("/", imageRoutes(deps));
  api.notFound((c) => errorResponse(c, new ApiError("NOT_FOUND", 404, 404)));
  api.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    console.error("commerce API error", error);
    return errorResponse(c, new ApiError("INTERNAL", 500, 500));
  });
  return api;
}

export type CommerceApi = ReturnType<typeof createCommerceApi>;
