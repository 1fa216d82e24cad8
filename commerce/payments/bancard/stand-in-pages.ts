// The stand-in's pages, in Spanish like Bancard's: the card form (framed by the checkout script
// or full page), the 3-D Secure challenge, the card registration, and the checkout script
// itself. Plain HTML forms with labelled fields: everything works without JavaScript. Every
// form posts to the top window (target="_top": the page itself when it is not framed) so a
// framed payer leaves the frame with the answer, as Bancard sends them back.
import { html } from "hono/html";
import { bancardPages } from "./protocol.ts";
import { offeredInstallments } from "./stand-in-cards.ts";

const css =
  "body{font-family:system-ui,sans-serif;max-width:28rem;margin:1rem auto;padding:0 1rem;color:#1c1917}" +
  "label{display:block;font-weight:600;margin:.75rem 0 .25rem}" +
  "input,select{font-size:1.1rem;padding:.45rem;width:100%;box-sizing:border-box;border:1px solid #57534e}" +
  "button{font-size:1rem;padding:.6rem 1rem;margin-top:1rem;border:2px solid #0c4a6e;background:#0c4a6e;color:#fff}" +
  ".error{color:#991b1b;font-weight:600}a{color:#0c4a6e}" +
  ":focus-visible{outline:3px solid #b45309;outline-offset:2px}";

export function page(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${css}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
}

const amountText = (amount: string, currency: string) =>
  `${new Intl.NumberFormat("es-PY").format(Number(amount))} ${currency}`;

const problem = (error: string | null) =>
  error ? html`<p class="error" role="alert" id="form-error">${error}</p>` : "";

const cardFields = html`<label for="number">Número de tarjeta</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Vencimiento (MM/AA)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/AA" required>
<label for="cvv">Código de seguridad</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>`;

/** The card form of a single_buy: framed (the checkout script) or full page (hosted). */
export function paymentForm(p: {
  processId: string;
  amount: string;
  currency: string;
  description: string;
  cancelUrl: string;
  error: string | null;
}) {
  return page(
    "Pago con tarjeta",
    html`<p>${p.description}: <strong>${amountText(p.amount, p.currency)}</strong></p>
${problem(p.error)}
<form method="post" action="${bancardPages.checkout}/pay" target="_top">
<input type="hidden" name="process_id" value="${p.processId}">
${cardFields}
<label for="installments">Cuotas (solo tarjetas de crédito)</label>
<select id="installments" name="installments">
${offeredInstallments.map((n) => html`<option value="${n}">${n === 1 ? "1 pago" : `${n} cuotas`}</option>`)}
</select>
<button type="submit">Pagar</button>
</form>
<p><a href="${p.cancelUrl}" target="_top">Cancelar y volver al comercio</a></p>`,
  );
}

/** The issuer's 3-D Secure challenge (a single_buy's or a charge's): 1234 approves. */
export function challengePage(p: { processId: string; error: string | null }) {
  return page(
    "Verificación 3-D Secure",
    html`<p>Tu banco te pide confirmar esta compra.</p>
${problem(p.error)}
<form method="post" action="${bancardPages.charge3ds}/pay" target="_top">
<input type="hidden" name="process_id" value="${p.processId}">
<label for="code">Código que te envió tu banco</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" aria-describedby="code-hint" required>
<p id="code-hint">En el entorno de pruebas, el código 1234 aprueba.</p>
<button type="submit">Confirmar</button>
</form>`,
  );
}

/** The card registration form of cards/new. */
export function registerForm(p: { processId: string; error: string | null }) {
  return page(
    "Registrar tarjeta",
    html`${problem(p.error)}
<form method="post" action="${bancardPages.registerCard}/save" target="_top">
<input type="hidden" name="process_id" value="${p.processId}">
${cardFields}
<button type="submit">Registrar</button>
</form>`,
  );
}

export const gonePage = () =>
  page("Proceso no encontrado", html`<p>Este proceso de pago no existe o ya terminó.</p>`);

/**
 * The checkout script at Bancard's path: Bancard.Checkout/Cards/Charge3DS/Preauthorization
 * .createForm(containerId, processId, options) put the stand-in's framed form into the
 * container, as Bancard's own script does. The framed forms answer by navigating the top
 * window, so no message listener is needed.
 */
export function checkoutScript(origin: string) {
  const urls = {
    Checkout: bancardPages.checkout,
    Cards: bancardPages.registerCard,
    Charge3DS: bancardPages.charge3ds,
    Preauthorization: bancardPages.preauthorization,
  };
  return `(function () {
  var origin = ${JSON.stringify(origin)};
  function frame(path) {
    return {
      createForm: function (containerId, processId, options) {
        if (typeof processId !== "string" || processId === "") throw new Error("Invalid process id");
        var container = document.getElementById(containerId);
        if (!container) throw new Error("Div does not exist: " + containerId);
        var iframe = document.createElement("iframe");
        iframe.src = origin + path + "?process_id=" + encodeURIComponent(processId);
        iframe.title = (options && options.title) || "Formulario de pago de Bancard";
        iframe.style.width = "100%";
        iframe.style.minHeight = "32rem";
        iframe.style.borderWidth = "0";
        container.innerHTML = "";
        container.appendChild(iframe);
      }
    };
  }
  var urls = ${JSON.stringify(urls)};
  var api = {};
  for (var name in urls) api[name] = frame(urls[name]);
  window.Bancard = api;
})();
`;
}
