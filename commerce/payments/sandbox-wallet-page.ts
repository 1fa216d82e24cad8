// The sandbox wallet's hosted payment page (/sandbox/wallet/{token}): the wallet's own page
// the payer is sent to, in plain HTML that works without JavaScript. Its four buttons are
// the sandbox's scripted cases (sandbox-wallet.ts); each sends the payer back to the shop's
// return address given when the payment started.
import { Hono } from "hono";
import { html } from "hono/html";
import { languageFromHeader, translate } from "../i18n.ts";
import { type SandboxWallet, type WalletPageChoice, walletPageChoices } from "./sandbox-wallet.ts";

const pesos = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 0 });

/** Its own form may post, and the redirect after it may reach the shop's return address. */
function pagePolicy(returnUrl: string | null) {
  const back = returnUrl ? ` ${new URL(returnUrl).origin}` : "";
  return (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; " +
    `frame-ancestors 'none'; form-action 'self'${back}`
  );
}

const isChoice = (value: unknown): value is WalletPageChoice =>
  walletPageChoices.some((choice) => choice === value);

export function sandboxWalletPages(wallet: SandboxWallet) {
  const pages = new Hono().basePath("/sandbox/wallet");

  pages.get("/:token", async (c) => {
    const language = languageFromHeader(c.req.header("accept-language"));
    const t = translate(language);
    const payment = await wallet.openPage(c.req.param("token"));
    c.header("Cache-Control", "no-store");
    c.header("Content-Security-Policy", pagePolicy(payment?.returnUrl ?? null));
    const title = t(`commerce:sandboxWallet.title.${payment?.brand ?? "APAY"}`);
    const page = (body: unknown) =>
      html`<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1c1917}
button{display:block;width:100%;font-size:1rem;padding:.6rem 1rem;margin-top:.75rem;border:2px solid #14532d;background:#14532d;color:#fff}
button.secondary{background:#fff;color:#14532d}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
    if (!payment) return c.html(page(html`<p>${t("commerce:sandboxWallet.gone")}</p>`), 404);
    return c.html(
      page(html`<p>${t("commerce:sandboxWallet.purchase", {
        amount: `$ ${pesos.format(payment.amount)}`,
      })}</p>
<p>${t("commerce:sandboxWallet.hint")}</p>
<form method="post">
<button type="submit" name="choice" value="approve">${t("commerce:sandboxWallet.approve")}</button>
<button type="submit" name="choice" value="insufficient" class="secondary">${t("commerce:sandboxWallet.insufficient")}</button>
<button type="submit" name="choice" value="later" class="secondary">${t("commerce:sandboxWallet.later")}</button>
<button type="submit" name="choice" value="cancel" class="secondary">${t("commerce:sandboxWallet.cancel")}</button>
</form>`),
    );
  });

  pages.post("/:token", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const t = translate(languageFromHeader(c.req.header("accept-language")));
    c.header("Cache-Control", "no-store");
    if (!isChoice(form.choice)) return c.text(t("commerce:sandboxWallet.gone"), 400);
    const answered = await wallet.answerPage(c.req.param("token"), form.choice);
    c.header("Content-Security-Policy", pagePolicy(answered?.returnUrl ?? null));
    if (!answered) return c.text(t("commerce:sandboxWallet.gone"), 404);
    return c.redirect(answered.returnUrl, 303);
  });

  return pages;
}
