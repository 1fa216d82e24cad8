// What a route module needs to talk to the commerce API on behalf of the current buyer:
// the request's language and the logged-in user's token, bound once per call site.
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  type CommerceFailure,
  type CommerceResult,
  callCommerce,
  fetchCommerceFile,
  transportFailureCode,
} from "./commerce.server";
import { getLocale } from "./i18n.server";
import type { SessionData } from "./session.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export function shopApi({ request, context }: Args, user?: SessionData["user"] | null) {
  const locale = getLocale(context);
  const base = { request, locale, token: user?.token };
  return {
    locale,
    get<S extends z.ZodType>(path: string, schema: S): Promise<CommerceResult<z.output<S>>> {
      return callCommerce({ ...base, path, schema });
    },
    post<S extends z.ZodType>(
      path: string,
      body: unknown,
      schema: S,
      idempotencyKey?: string,
    ): Promise<CommerceResult<z.output<S>>> {
      return callCommerce({ ...base, path, method: "POST", body, schema, idempotencyKey });
    },
    file(path: string) {
      return fetchCommerceFile({ ...base, path });
    },
  };
}

/** What the error boundary shows for a failed API call. */
export type FailureView = { nCode: number; message: string };

/**
 * In a loader: a failure the page cannot render around becomes an error response
 * (404 for unknown ids; 503 with nCode 555 for transport failures: the 'Attention' dialog).
 */
export function failureResponse(failure: CommerceFailure) {
  const view: FailureView = { nCode: failure.nCode, message: failure.message };
  if (failure.code === "NOT_FOUND") return data(view, { status: 404 });
  if (failure.nCode === transportFailureCode) return data(view, { status: 503 });
  return data(view, { status: failure.nCode >= 400 && failure.nCode < 500 ? failure.nCode : 502 });
}

/** Unwraps a result in a loader, throwing the matching error response on failure. */
export function orThrow<T>(result: CommerceResult<T>): T {
  if (!result.ok) throw failureResponse(result);
  return result.data;
}
