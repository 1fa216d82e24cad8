// Whose address a request comes from, for the rate limits. The API never takes a caller's
// word for it unless it knows the caller:
// - an in-process call from the embedded storefront (marked in Hono's env by the server
//   around both, which no network caller can reach): its X-Client-Address header, which the
//   storefront sets from the buyer's request;
// - a network call: the address the server around the API resolved (the storefront's
//   server, also for /v2 mounted there), else the socket's (standalone, @hono/node-server);
//   X-Client-Address is believed only from the addresses in TRUST_CLIENT_ADDRESS_FROM
//   (the storefronts of a standalone API), since anyone else could write any address in it.
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { Context } from "hono";
import { apiHeaders } from "../contract/index.ts";

/** What the server around the API tells it about a request (Hono's env). */
export type CommerceCaller = {
  /** The client's address, as that server resolved it. */
  address?: string | null;
  /** An in-process call from the storefront: its X-Client-Address names the buyer. */
  storefront?: boolean;
};

export type CommerceBindings = {
  commerceCaller?: CommerceCaller;
  /** Set by @hono/node-server when the API is served on its own. */
  incoming?: Pick<IncomingMessage, "socket">;
};

/** An IP address as written, IPv4-mapped IPv6 as IPv4; null for anything else. */
export function normalizeAddress(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped && isIP(mapped[1]) === 4) return mapped[1];
  return isIP(text) ? text.toLowerCase() : null;
}

export function clientAddressResolver(trustedSources: readonly string[] = []) {
  const trusted = new Set(trustedSources.map(normalizeAddress).filter(Boolean));
  return (c: Context): string | null => {
    const env = (c.env ?? {}) as CommerceBindings;
    const claimed = normalizeAddress(c.req.header(apiHeaders.clientAddress));
    if (env.commerceCaller?.storefront) return claimed;
    const source = normalizeAddress(
      env.commerceCaller?.address ?? env.incoming?.socket?.remoteAddress,
    );
    if (source && claimed && trusted.has(source)) return claimed;
    return source;
  };
}

const storefrontCaller: CommerceBindings = { commerceCaller: { storefront: true } };

/** How the embedded storefront calls the API in-process: a caller whose header is believed. */
export function storefrontFetch(
  fetch: (request: Request, env: CommerceBindings) => Response | Promise<Response>,
) {
  return (request: Request) => fetch(request, storefrontCaller);
}
