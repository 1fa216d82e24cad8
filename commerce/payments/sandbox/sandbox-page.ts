// What the sandbox providers' own pages share (the issuer's 3-D Secure challenge, the wallet's
// hosted payment page): plain HTML that works without JavaScript, in the payer's language,
// never cached, allowed to post to itself and to be left for the shop's return address.
import type { Context } from "hono";
import { html, raw } from "hono/html";
import { type Language, languageFromHeader, translate } from "../../i18n.ts";

const pesos = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 0 });
export const formatSandboxAmount = (amount: number) => `$ ${pesos.format(amount)}`;

/** Its own form may post, and the redirect after it may reach the shop's return address. */
function pagePolicy(returnUrl: string | null) {
  const back = returnUrl ? ` ${new URL(returnUrl).origin}` : "";
  return (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; " +
    `frame-ancestors 'none'; form-action 'self'${back}`
  );
}

/** The caller's language and its translator, and the headers every answer of a page carries. */
export function sandboxPageContext(c: Context, returnUrl: string | null) {
  const language = languageFromHeader(c.req.header("accept-language"));
  c.header("Cache-Control", "no-store");
  c.header("Content-Security-Policy", pagePolicy(returnUrl));
  return { language, t: translate(language) };
}

/** The page around a provider's content, in its brand colour; `css` adds the page's own rules. */
export function sandboxPage(
  page: { language: Language; title: string; colour: string; css?: string },
  body: unknown,
) {
  const { language, title, css = "" } = page;
  // The colour and rules are the providers' own constants, never the payer's input.
  const colour = raw(page.colour);
  return html`<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1c1917}
button{font-size:1rem;padding:.6rem 1rem;margin-top:1rem;border:2px solid ${colour};background:${colour};color:#fff}
button.secondary{background:#fff;color:${colour}}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
${raw(css)}
</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
}
