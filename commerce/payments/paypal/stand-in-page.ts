// The stand-in's approval page (the approve / payer-action link of an order): the payer picks
// one of the test buyers, each scripting what PayPal does next, or cancels. A plain form: it
// works without JavaScript, as the real page must for the shop's buyers without it.

/** What the stand-in does for a buyer once the order is approved and the shop captures it. */
export type TestBuyer = {
  /** The value the page posts. */
  id: string;
  name: string;
  email: string;
  /** PayPal's payer id, sent back on the return URL as PayerID. */
  payerId: string;
  /** What a capture answers. */
  capture: "COMPLETED" | "INSTRUMENT_DECLINED" | "PROCESSING_ERROR";
  /** How many times each webhook is delivered (0: never sent, 2: sent twice). */
  webhookDeliveries: 0 | 1 | 2;
  /** What it is for, as the documentation lists it. */
  behaviour: string;
};

export const payPalTestBuyers: readonly TestBuyer[] = [
  {
    id: "approves",
    name: "Ana Aprueba",
    email: "ana.approves@buyer.example",
    payerId: "STANDINPAYER01",
    capture: "COMPLETED",
    webhookDeliveries: 1,
    behaviour: "approves; the capture completes; each webhook is sent once",
  },
  {
    id: "declined",
    name: "Diego Rechazo",
    email: "diego.declined@buyer.example",
    payerId: "STANDINPAYER02",
    capture: "INSTRUMENT_DECLINED",
    webhookDeliveries: 1,
    behaviour: "approves; the capture is refused with INSTRUMENT_DECLINED (422)",
  },
  {
    id: "processing-error",
    name: "Pia Proceso",
    email: "pia.processing@buyer.example",
    payerId: "STANDINPAYER03",
    capture: "PROCESSING_ERROR",
    webhookDeliveries: 1,
    behaviour: "approves; every capture fails with INTERNAL_SERVER_ERROR (500), nothing moves",
  },
  {
    id: "silent",
    name: "Sol Silencio",
    email: "sol.silent@buyer.example",
    payerId: "STANDINPAYER04",
    capture: "COMPLETED",
    webhookDeliveries: 0,
    behaviour: "approves; the capture completes; no webhook is ever sent",
  },
  {
    id: "twice",
    name: "Tomás Doble",
    email: "tomas.twice@buyer.example",
    payerId: "STANDINPAYER05",
    capture: "COMPLETED",
    webhookDeliveries: 2,
    behaviour: "approves; the capture completes; each webhook is sent twice",
  },
];

export const testBuyer = (id: unknown) => payPalTestBuyers.find((buyer) => buyer.id === id);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}fieldset{margin:1rem 0}div.choice{margin:.5rem 0}button{font-size:1rem;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;

export function approvalPage(input: {
  orderId: string;
  amount: { currency_code: string; value: string };
  description: string;
}): string {
  const action = `/checkoutnow?token=${encodeURIComponent(input.orderId)}`;
  const choices = payPalTestBuyers
    .map(
      (buyer, index) => `<div class="choice">
<input type="radio" name="buyer" id="buyer-${buyer.id}" value="${buyer.id}"${index === 0 ? " checked" : ""}>
<label for="buyer-${buyer.id}">${escapeHtml(buyer.name)} (${escapeHtml(buyer.email)}): ${escapeHtml(buyer.behaviour)}</label>
</div>`,
    )
    .join("\n");
  return page(
    "PayPal stand-in: approve the payment",
    `<h1>Pay with PayPal (local stand-in)</h1>
<p>${escapeHtml(input.description)}: <strong>${escapeHtml(input.amount.currency_code)} ${escapeHtml(input.amount.value)}</strong></p>
<form method="post" action="${escapeHtml(action)}">
<fieldset>
<legend>Log in as a test buyer</legend>
${choices}
</fieldset>
<button type="submit" name="action" value="approve">Approve and continue</button>
<button type="submit" name="action" value="cancel">Cancel and return to the shop</button>
</form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
