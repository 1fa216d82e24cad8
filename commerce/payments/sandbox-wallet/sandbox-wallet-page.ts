// The sandbox wallet's hosted payment page (/sandbox/wallet/{token}): the wallet's own page
// the payer is sent to, in plain HTML that works without JavaScript. Its four buttons are
// the sandbox's scripted cases (sandbox-wallet.ts); each sends the payer back to the shop's
// return address given when the payment started.
import { Hono } from "hono";
import { html } from "hono/html";
import { formatSandboxAmount, sandboxPage, sandboxPageContext } from "../sandbox/sandbox-page.ts";
import { type SandboxWallet, type WalletPageChoice, walletPageChoices } from "./sandbox-wallet.ts";

// Its buttons one under the other, a full row each.
const walletCss = "button{display:block;width:100%;margin-top:.75rem}";

const isChoice = (value: unknown): value is WalletPageChoice =>
  walletPageChoices.some((choice) => choice === value);

export function sandboxWalletPages(wallet: SandboxWallet) {
  const pages = new Hono().basePath("/sandbox/wallet");

  pages.get("/:token", async (c) => {
    const payment = await wallet.openPage(c.req.param("token"));
    const { language, t } = sandboxPageContext(c, payment?.returnUrl ?? null);
    const title = t(`commerce:sandboxWallet.title.${payment?.brand ?? "APAY"}`);
    const page = (body: unknown) =>
      sandboxPage({ language, title, colour: "#14532d", css: walletCss }, body);
    if (!payment) return c.html(page(html`<p>${t("commerce:sandboxWallet.gone")}</p>`), 404);
    return c.html(
      page(html`<p>${t("commerce:sandboxWallet.purchase", {
        amount: formatSandboxAmount(payment.amount),
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
    const answered = isChoice(form.choice)
      ? await wallet.answerPage(c.req.param("token"), form.choice)
      : null;
    const { t } = sandboxPageContext(c, answered?.returnUrl ?? null);
    if (!isChoice(form.choice)) return c.text(t("commerce:sandboxWallet.gone"), 400);
    if (!answered) return c.text(t("commerce:sandboxWallet.gone"), 404);
    return c.redirect(answered.returnUrl, 303);
  });

  return pages;
}
