// Server rendering with the request's i18next instance (one shared instance per language),
// its scripts carrying the nonce the server's Content-Security-Policy names for this request.
import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceProvider } from "./components/nonce";
import { BrandProvider } from "./config/brand";
import { brand } from "./config/brand.server";
import { TranslatorContext } from "./lib/i18n";
import { paymentProvidersOf } from "./lib/payment-provider-pages";
import { getLocale, translatorFor } from "./services/i18n.server";
import { log } from "./services/log.server";
import { requestInfoOf } from "./services/request-info.server";

export const streamTimeout = 5_000;

/**
 * React writes its HTML in pieces of about 2 kB (the billboard: ~40), and each piece went on
 * alone through the web stream, the compression and the socket, which cost more than the
 * bytes (a fifth of the billboard's CPU was streams and zlib, piece by piece). The pieces
 * React writes in one go are handed on as one chunk, at the next turn of the event loop: a
 * part React holds back (a suspended boundary) still goes out as soon as React writes it.
 */
class CoalescedChunks extends Transform {
  #pieces: Buffer[] = [];
  #scheduled = false;

  constructor(onEnd: () => void) {
    super({
      final(callback) {
        onEnd();
        callback();
      },
    });
  }

  override _transform(piece: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pieces.push(piece);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.#release());
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.#release();
    callback();
  }

  #release() {
    this.#scheduled = false;
    if (this.#pieces.length === 0) return;
    const chunk = this.#pieces.length === 1 ? this.#pieces[0] : Buffer.concat(this.#pieces);
    this.#pieces = [];
    this.push(chunk);
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const info = requestInfoOf(loadContext);
  // Only a document's render reaches here: its route may widen its policy (server/app.ts).
  if (info) info.paymentProviders = paymentProvidersOf(routerContext);
  if (request.method.toUpperCase() === "HEAD") {
    // The headers a GET would get, the page's policy included (the server goes by the type).
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const translator = translatorFor(getLocale(loadContext));
  // Unset when rendered without the server around it (tests): no CSP then either.
  const nonce = info?.nonce || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <TranslatorContext value={translator}>
        <BrandProvider value={brand}>
          <NonceProvider value={nonce}>
            {/* Its nonce is the default of <Links>, <Scripts> and <ScrollRestoration>. */}
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </NonceProvider>
        </BrandProvider>
      </TranslatorContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new CoalescedChunks(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            log.error({ err: error, requestId: info?.requestId }, "rendering failed");
          }
        },
      },
    );
  });
}

/**
 * Errors of loaders, actions and rendering, in place of React Router's console.error (which
 * would print whatever an error carries): scrubbed, with the request's id.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const requestId = context ? requestInfoOf(context)?.requestId : undefined;
  if (isRouteErrorResponse(error)) {
    log.warn({ requestId, status: error.status }, "route error response");
    return;
  }
  log.error({ err: error, requestId }, "request failed");
};

// The server registers the embedded commerce API, and finds the key it hands request
// details under, through the build's entry module.
export { registerEmbeddedCommerce } from "./services/commerce.server";
export { requestInfoContext } from "./services/request-info.server";
