// The sandbox issuer's 3-D Secure challenge page (/sandbox/3ds/{token}): the bank's own page
// a challenged cardholder is sent to, in plain HTML that works without JavaScript. The code
// 1234 approves; any other declines; "Cancel" calls the payment off. Either way the
// cardholder goes back to the shop's return address given with the charge.
import { Hono } from "hono";
import { html } from "hono/html";
import { languageFromHeader, translate } from "../i18n.ts";
import type { SandboxAcquirer } from "./sandbox.ts";

const pesos = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 0 });

/** Its own form may post, and the redirect after it may reach the shop's return address. */
function pagePolicy(returnUrl: string | null) {
  const back = returnUrl ? ` ${new URL(returnUrl).origin}` : "";
  return (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; " +
    `frame-ancestors 'none'; form-action 'self'${back}`
  );
}

export function sandboxIssuerPages(sandbox: SandboxAcquirer) {
  const pages = new Hono().basePath("/sandbox");

  pages.get("/3ds/:token", async (c) => {
    const language = languageFromHeader(c.req.header("accept-language"));
    const t = translate(language);
    const challenge = await sandbox.openChallenge(c.req.param("token"));
    c.header("Cache-Control", "no-store");
    c.header("Content-Security-Policy", pagePolicy(challenge?.returnUrl ?? null));
    const title = t("commerce:sandboxIssuer.title");
    const page = (body: unknown) =>
      html`<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1c1917}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{font-size:1.25rem;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #57534e}
button{font-size:1rem;padding:.6rem 1rem;margin-top:1rem;border:2px solid #1e3a8a;background:#1e3a8a;color:#fff}
button.secondary{background:#fff;color:#1e3a8a}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
    if (!challenge) return c.html(page(html`<p>${t("commerce:sandboxIssuer.gone")}</p>`), 404);
    return c.html(
      page(html`<p>${t("commerce:sandboxIssuer.purchase", {
        amount: `$ ${pesos.format(challenge.amount)}`,
        last4: challenge.last4,
      })}</p>
<form method="post">
<label for="code">${t("commerce:sandboxIssuer.code")}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" aria-describedby="code-hint" required>
<p id="code-hint">${t("commerce:sandboxIssuer.codeHint")}</p>
<button type="submit" name="decision" value="authenticate">${t("commerce:sandboxIssuer.confirm")}</button>
<button type="submit" name="decision" value="cancel" class="secondary" formnovalidate>${t("commerce:sandboxIssuer.cancel")}</button>
</form>`),
    );
  });

  pages.post("/3ds/:token", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const code = typeof form.code === "string" ? form.code.slice(0, 20) : "";
    const answer = form.decision === "cancel" ? ("cancel" as const) : { code };
    const answered = await sandbox.answerChallenge(c.req.param("token"), answer);
    c.header("Cache-Control", "no-store");
    c.header("Content-Security-Policy", pagePolicy(answered?.returnUrl ?? null));
    if (!answered?.returnUrl) {
      const t = translate(languageFromHeader(c.req.header("accept-language")));
      return c.text(t("commerce:sandboxIssuer.gone"), 404);
    }
    return c.redirect(answered.returnUrl, 303);
  });

  return pages;
}
