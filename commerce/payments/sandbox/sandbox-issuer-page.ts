// The sandbox issuer's 3-D Secure challenge page (/sandbox/3ds/{token}): the bank's own page
// a challenged cardholder is sent to, in plain HTML that works without JavaScript. The code
// 1234 approves; any other declines; "Cancel" calls the payment off. Either way the
// cardholder goes back to the shop's return address given with the charge.
import { Hono } from "hono";
import { html } from "hono/html";
import type { SandboxAcquirer } from "./sandbox.ts";
import { formatSandboxAmount, sandboxPage, sandboxPageContext } from "./sandbox-page.ts";

const issuerCss =
  "label{display:block;font-weight:600;margin:1rem 0 .25rem}" +
  "input{font-size:1.25rem;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #57534e}";

export function sandboxIssuerPages(sandbox: SandboxAcquirer) {
  const pages = new Hono().basePath("/sandbox");

  pages.get("/3ds/:token", async (c) => {
    const challenge = await sandbox.openChallenge(c.req.param("token"));
    const { language, t } = sandboxPageContext(c, challenge?.returnUrl ?? null);
    const title = t("commerce:sandboxIssuer.title");
    const page = (body: unknown) =>
      sandboxPage({ language, title, colour: "#1e3a8a", css: issuerCss }, body);
    if (!challenge) return c.html(page(html`<p>${t("commerce:sandboxIssuer.gone")}</p>`), 404);
    return c.html(
      page(html`<p>${t("commerce:sandboxIssuer.purchase", {
        amount: formatSandboxAmount(challenge.amount),
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
    const { t } = sandboxPageContext(c, answered?.returnUrl ?? null);
    if (!answered?.returnUrl) return c.text(t("commerce:sandboxIssuer.gone"), 404);
    return c.redirect(answered.returnUrl, 303);
  });

  return pages;
}
