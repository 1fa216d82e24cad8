// Typing a card on Bancard's form (its stand-in, on its own origin; decisions 0077, 0080):
// framed in the shop's page by Bancard's script with JavaScript (the checkout, the payment
// change, a payment link, the box office's sale), Bancard's own page without it. Either way
// Bancard confirms to the shop and sends the whole window back to the page's return address.
import { expect, type FrameLocator, type Page, test } from "@playwright/test";

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

/** Where the card is typed now: Bancard's frame in the shop's page, or Bancard's page. */
function bancardFormOf(page: Page): Page | FrameLocator {
  return withJavaScript() ? page.frameLocator("#bancard-card-form iframe") : page;
}

/**
 * Bancard's card form a pay just opened: framed with JavaScript (its heading focused),
 * Bancard's own page without.
 */
export async function bancardCardForm(page: Page): Promise<Page | FrameLocator> {
  if (!withJavaScript()) {
    await expect(page).toHaveURL(/\/payment\/single_buy\?process_id=/);
  } else {
    await expect(
      page.getByRole("heading", { name: "Ingresá tu tarjeta en el formulario seguro de Bancard" }),
    ).toBeFocused();
  }
  return bancardFormOf(page);
}

/** A valid expiry two years ahead, as Bancard's form takes it (MM/AA). */
const nextExpiry = () => `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;

/**
 * Pays with a new card on Bancard's form (its stand-in's test cards: bancardStandInCards):
 * accepts the terms and presses Pay (unless `pressed`: the form is open), then types the card
 * on Bancard's form and pays there; Bancard sends the buyer back.
 */
export async function payOnCardForm(
  page: Page,
  number: string,
  { pressed = false, installments = "1", expiry = nextExpiry(), code = "123" } = {},
) {
  if (!pressed) {
    const terms = page.getByLabel(/Leí y acepto/);
    if (!(await terms.isChecked())) await terms.check();
    await page.getByRole("button", { name: /^Pagar/ }).click();
  }
  const form = await bancardCardForm(page);
  await form.getByLabel("Número de tarjeta").fill(number);
  await form.getByLabel("Vencimiento (MM/AA)").fill(expiry);
  await form.getByLabel("Código de seguridad").fill(code);
  await form.getByLabel(/^Cuotas/).selectOption(installments);
  await form.getByRole("button", { name: "Pagar" }).click();
}

/**
 * Answers the 3-D Secure code Bancard asks for the stand-in's challenge card: inside its frame,
 * or on its own page when the form sent the whole window there.
 */
export async function confirmOnBancardForm(page: Page, code: string) {
  const label = "Código que te envió tu banco";
  const framed = bancardFormOf(page);
  let form: Page | FrameLocator = page;
  await expect
    .poll(async () => {
      if ((await page.getByLabel(label).count()) > 0) form = page;
      else if (framed !== page && (await framed.getByLabel(label).count()) > 0) form = framed;
      else return false;
      return true;
    })
    .toBe(true);
  await form.getByLabel(label).fill(code);
  await form.getByRole("button", { name: "Confirmar" }).click();
}
