// The storefront's client of the /v2 commerce API. It only speaks the contract: it calls an
// endpoint object (commerce/contract), builds the path from it and parses the answer with
// its response schema. Embedded, it calls the API's fetch handler in-process (no loopback
// HTTP); with COMMERCE_API_URL it calls a remote API. Every call carries the Bearer token, a
// device fingerprint, a country code and the buyer's address (for the API's rate limits).
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import {
  apiHeaders,
  type EndpointData,
  type EndpointDefinition,
  type EndpointInput,
  type ErrorCode,
  errorData,
  urlOf,
} from "@contract";
import { data, redirect } from "react-router";
import type { Locale } from "~/lib/locales";
import { config } from "./config.server";
import { countryCodeOf } from "./geo.server";
import { i18nFor } from "./i18n.server";
import { log } from "./log.server";
import { loginUrlFor } from "./session.server";

type Transport = (request: Request) => Response | Promise<Response>;

let embeddedTransport: Transport | null = null;

/** The server registers the embedded API here at start (see server.ts). */
export function registerEmbeddedCommerce(fetchHandler: Transport) {
  embeddedTransport = fetchHandler;
}

function transport(): { base: string; send: Transport } {
  if (config.commerceApiUrl) {
    return { base: config.commerceApiUrl.replace(/\/$/, ""), send: (r) => fetch(r) };
  }
  if (!embeddedTransport) throw new Error("commerce API is not configured");
  return { base: "http://commerce.internal/v2", send: embeddedTransport };
}

/** nCode 555: the API could not be reached (spec §8). */
export const transportFailureCode = 555;

export type CommerceFailure = {
  ok: false;
  nCode: number;
  message: string;
  code: ErrorCode | "TRANSPORT";
  fieldErrors?: Record<string, string[]>;
  /** Too many attempts (RATE_LIMITED): seconds until the API takes them again. */
  retryAfterSeconds?: number;
};
export type CommerceResult<T> = { ok: true; data: T } | CommerceFailure;

/**
 * The API could not be reached: the buyer reads the spec's text (§8) in their language; the
 * underlying error (an address, a socket code) is for the server's log only.
 */
function transportFailure(caller: Caller): CommerceFailure {
  return {
    ok: false,
    nCode: transportFailureCode,
    code: "TRANSPORT",
    message: i18nFor(caller.locale).t("layout:errors.communication"),
  };
}

/** On whose behalf calls are made: the incoming request, its language, the user's token. */
export type Caller = {
  /** Where to come back after a 401, and the source of the device fingerprint. */
  request: Request;
  locale: Locale;
  token?: string;
  /** The buyer's country, looked up once per request (geo.server.ts). */
  countryCode?: Promise<string>;
  /** The incoming request's id (server/app.ts): the API's log lines for it carry it too. */
  requestId?: string;
  /** Told when the API refuses the token (revoked or expired): the user is logged out. */
  onUnauthorized?: () => void;
};

type Extras = {
  idempotencyKey?: string;
  /**
   * What an HTTP 401 does: "redirect" (default) throws the redirect to /login; "fail" hands
   * it back as a failure (code UNAUTHORIZED), for callers that are not behind a login.
   */
  unauthorized?: "redirect" | "fail";
  /**
   * Call as nobody (no Bearer token) though a user is logged in: for public reads whose
   * answer for the user would add nothing the page needs, sparing the API its token lookup.
   */
  anonymous?: boolean;
};
/** The input is optional only for endpoints that take no params and no body. */
type CallArgs<E extends EndpointDefinition> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E> & Extras]
    : [input: EndpointInput<E> & Extras];

/** A stable, non-identifying fingerprint of the buyer's device (browser and languages). */
export function deviceFingerprint(request: Request): string {
  return createHash("sha256")
    .update(
      `${request.headers.get("user-agent") ?? ""}|${request.headers.get("accept-language") ?? ""}`,
    )
    .digest("base64url")
    .slice(0, 22);
}

async function headersFor(
  caller: Caller,
  hasBody: boolean,
  { idempotencyKey, anonymous }: Extras = {},
): Promise<Headers> {
  const headers = new Headers({ Accept: "application/json" });
  headers.set("Accept-Language", caller.locale);
  if (hasBody) headers.set("Content-Type", "application/json");
  if (caller.token && !anonymous) headers.set("Authorization", `Bearer ${caller.token}`);
  headers.set(apiHeaders.fingerprint, deviceFingerprint(caller.request));
  // The buyer's address, set on the request by the storefront's server (server/app.ts).
  const address = caller.request.headers.get(apiHeaders.clientAddress);
  if (address && isIP(address)) headers.set(apiHeaders.clientAddress, address);
  headers.set(apiHeaders.countryCode, await (caller.countryCode ?? countryCodeOf(caller.request)));
  if (idempotencyKey) headers.set(apiHeaders.idempotencyKey, idempotencyKey);
  if (caller.requestId) headers.set(apiHeaders.requestId, caller.requestId);
  return headers;
}

/**
 * Either the API's response or a transport failure. Not told apart with `instanceof
 * Response`: @hono/node-server replaces the global Response, so fetch's responses are not
 * instances of it.
 */
type Sent =
  | { response: Response; failure?: never }
  | { failure: CommerceFailure; response?: never };

/** A call's input once its types have done their work. */
type SendInput = Extras & {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
};

async function send(
  caller: Caller,
  endpoint: EndpointDefinition,
  input: SendInput | undefined,
): Promise<Sent> {
  const { base, send } = transport();
  const body = input?.body;
  let response: Response;
  try {
    response = await send(
      new Request(`${base}${urlOf(endpoint, input?.params, input?.query)}`, {
        method: endpoint.method,
        headers: await headersFor(caller, body !== undefined, input),
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  } catch (error) {
    log.warn(
      {
        endpoint: endpoint.id,
        requestId: caller.requestId,
        reason: error instanceof Error ? error.message : String(error),
      },
      "commerce API unreachable",
    );
    return { failure: transportFailure(caller) };
  }
  if (response.status === 401) {
    // The token was revoked or ran out: whoever sent it is logged out from now on.
    if (caller.token) caller.onUnauthorized?.();
    // To /login carrying the wanted path, unless the caller reads the failure itself.
    if (input?.unauthorized !== "fail") throw redirect(loginUrlFor(caller.request));
  }
  return { response };
}

/** Calls a JSON endpoint. nCode > 299 is handed back as a failure, never thrown. */
export async function callEndpoint<E extends EndpointDefinition>(
  caller: Caller,
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<CommerceResult<EndpointData<E>>> {
  const { response, failure } = await send(caller, endpoint, input as SendInput | undefined);
  if (failure) return failure;
  let body: { nCode?: unknown; cMensaje?: unknown; oData?: unknown };
  try {
    body = await response.json();
  } catch {
    // Not the API's envelope (a proxy's error page, a cut answer): nothing usable came back.
    log.warn(
      { endpoint: endpoint.id, requestId: caller.requestId, status: response.status },
      "commerce API answered no JSON",
    );
    return transportFailure(caller);
  }
  const nCode = typeof body.nCode === "number" ? body.nCode : response.status;
  if (nCode > 299) {
    const details = errorData.safeParse(body.oData);
    const retryAfter = Number(response.headers.get("Retry-After"));
    return {
      ok: false,
      nCode,
      message: typeof body.cMensaje === "string" ? body.cMensaje : `Error ${nCode}`,
      code: details.success ? details.data.cCodigo : "INTERNAL",
      fieldErrors: details.success ? details.data.oErrores : undefined,
      ...(retryAfter > 0 ? { retryAfterSeconds: Math.ceil(retryAfter) } : {}),
    };
  }
  if (!("safeParse" in endpoint.response)) throw new Error(`${endpoint.id} answers a file`);
  const parsed = endpoint.response.safeParse(body.oData);
  if (!parsed.success) {
    // Where and which rule, never the values (they may be the buyer's data).
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.code}`);
    log.error(
      { endpoint: endpoint.id, issues, requestId: caller.requestId },
      "commerce API answered outside the contract",
    );
    return {
      ok: false,
      nCode: 502,
      code: "INTERNAL",
      message: "Unexpected answer from the commerce API",
    };
  }
  return { ok: true, data: parsed.data as EndpointData<E> };
}

/** Calls an endpoint that answers a file (the e-ticket PDF): the raw response. */
export function fetchEndpointFile<E extends EndpointDefinition>(
  caller: Caller,
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<Sent> {
  return send(caller, endpoint, input as SendInput | undefined);
}

/** The API bound to one caller: what the request context hands to loaders and actions. */
export function commerceClient(base: Caller) {
  let country: Promise<string> | undefined;
  // Looked up at the first call only: most pages of a request need it once or never.
  const caller: Caller = {
    ...base,
    get countryCode() {
      country ??= base.countryCode ?? countryCodeOf(base.request);
      return country;
    },
  };
  return {
    locale: caller.locale,
    call: <E extends EndpointDefinition>(endpoint: E, ...args: CallArgs<E>) =>
      callEndpoint(caller, endpoint, ...args),
    file: <E extends EndpointDefinition>(endpoint: E, ...args: CallArgs<E>) =>
      fetchEndpointFile(caller, endpoint, ...args),
  };
}

export type CommerceClient = ReturnType<typeof commerceClient>;

// ---------------------------------------------------------------- results in loaders

/** What the error boundary shows for a failed API call. */
export type FailureView = { nCode: number; message: string };

/** When a page that failed for the API's sake tells browsers and crawlers to try again. */
const retryAfterSeconds = 5;

/**
 * In a loader: a failure the page cannot render around becomes an error response: 404 for
 * unknown ids, the refusal's own 4xx; otherwise the API could not answer (unreachable, its
 * database down or damaged: UNAVAILABLE, or a 5xx of its own), and the buyer gets the
 * 'Attention' dialog with a 503 and Retry-After, never a bare 502 (decision 0061).
 */
export function failureResponse(failure: CommerceFailure) {
  const view: FailureView = { nCode: failure.nCode, message: failure.message };
  if (failure.code === "NOT_FOUND") return data(view, { status: 404 });
  if (failure.nCode >= 400 && failure.nCode < 500) return data(view, { status: failure.nCode });
  const retryAfter = String(failure.retryAfterSeconds ?? retryAfterSeconds);
  return data(view, { status: 503, headers: { "Retry-After": retryAfter } });
}

/**
 * For a form refused for too many attempts: 429 with Retry-After, so the page (with the
 * API's translated message in its error summary) tells browsers and scripts when to retry.
 */
export function tooManyAttempts(failure: CommerceFailure): ResponseInit | null {
  if (failure.code !== "RATE_LIMITED") return null;
  const headers = failure.retryAfterSeconds
    ? { "Retry-After": String(failure.retryAfterSeconds) }
    : undefined;
  return { status: 429, headers };
}

/** The API cannot be reached, or cannot reach its database: a 503, try again soon. */
export function unavailableNow(failure: { code: string }): boolean {
  return failure.code === "TRANSPORT" || failure.code === "UNAVAILABLE";
}

/** Unwraps a result in a loader, throwing the matching error response on failure. */
export function orThrow<T>(result: CommerceResult<T>): T {
  if (!result.ok) throw failureResponse(result);
  return result.data;
}
