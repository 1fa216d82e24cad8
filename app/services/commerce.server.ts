// The storefront's client of the /v2 commerce API. It only speaks the contract: embedded,
// it calls the API's fetch handler in-process (no loopback HTTP); with COMMERCE_API_URL it
// calls a remote API. Every call carries the Bearer token, a device fingerprint and a
// country code; responses are checked with the contract's zod schemas.
import { createHash } from "node:crypto";
import type { ErrorCode } from "@contract";
import { errorData } from "@contract";
import { apiHeaders } from "@contract/paths.ts";
import { redirect } from "react-router";
import type { z } from "zod";
import type { Locale } from "~/lib/locales";
import { config } from "./config.server";
import { countryCodeOf } from "./geo.server";
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
};
export type CommerceResult<T> = { ok: true; data: T } | CommerceFailure;

export type CallOptions<S extends z.ZodType> = {
  /** The incoming request: where to come back after a 401, and its device fingerprint. */
  request: Request;
  locale: Locale;
  path: string;
  method?: "GET" | "POST";
  body?: unknown;
  token?: string;
  idempotencyKey?: string;
  schema: S;
};

/** A stable, non-identifying fingerprint of the buyer's device (browser and languages). */
export function deviceFingerprint(request: Request): string {
  return createHash("sha256")
    .update(
      `${request.headers.get("user-agent") ?? ""}|${request.headers.get("accept-language") ?? ""}`,
    )
    .digest("base64url")
    .slice(0, 22);
}

/** What is sent; the schema only checks what comes back. */
type Outgoing = Omit<CallOptions<z.ZodType>, "schema">;

function headersFor(options: Outgoing): Headers {
  const headers = new Headers({ Accept: "application/json" });
  headers.set("Accept-Language", options.locale);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  headers.set(apiHeaders.fingerprint, deviceFingerprint(options.request));
  headers.set(apiHeaders.countryCode, countryCodeOf(options.request));
  if (options.idempotencyKey) headers.set(apiHeaders.idempotencyKey, options.idempotencyKey);
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

async function send(options: Outgoing): Promise<Sent> {
  const { base, send } = transport();
  try {
    const response = await send(
      new Request(`${base}${options.path}`, {
        method: options.method ?? "GET",
        headers: headersFor(options),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    );
    return { response };
  } catch (error) {
    return {
      failure: {
        ok: false,
        nCode: transportFailureCode,
        code: "TRANSPORT",
        message: error instanceof Error ? error.message : String(error),
      },
    };
  }
}

/**
 * Calls the API. nCode > 299 is handed back as a failure; HTTP 401 (missing or expired
 * token) redirects to /login carrying the wanted path.
 */
export async function callCommerce<S extends z.ZodType>(
  options: CallOptions<S>,
): Promise<CommerceResult<z.output<S>>> {
  const { response, failure } = await send(options);
  if (failure) return failure;
  if (response.status === 401) throw redirect(loginUrlFor(options.request));
  let body: { nCode?: unknown; cMensaje?: unknown; oData?: unknown };
  try {
    body = await response.json();
  } catch {
    return {
      ok: false,
      nCode: transportFailureCode,
      code: "TRANSPORT",
      message: `HTTP ${response.status}`,
    };
  }
  const nCode = typeof body.nCode === "number" ? body.nCode : response.status;
  if (nCode > 299) {
    const details = errorData.safeParse(body.oData);
    return {
      ok: false,
      nCode,
      message: typeof body.cMensaje === "string" ? body.cMensaje : `Error ${nCode}`,
      code: details.success ? details.data.cCodigo : "INTERNAL",
      fieldErrors: details.success ? details.data.oErrores : undefined,
    };
  }
  const parsed = options.schema.safeParse(body.oData);
  if (!parsed.success) {
    console.error("commerce API answered outside the contract", options.path, parsed.error);
    return {
      ok: false,
      nCode: 502,
      code: "INTERNAL",
      message: "Unexpected answer from the commerce API",
    };
  }
  return { ok: true, data: parsed.data };
}

/** Fetches a binary resource (the e-ticket PDF) with the same headers. */
export async function fetchCommerceFile(options: Outgoing): Promise<Sent> {
  const sent = await send(options);
  if (sent.response?.status === 401) throw redirect(loginUrlFor(options.request));
  return sent;
}
