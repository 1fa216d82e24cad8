// Typing a card on Bancard's form (its stand-in, on its own origin): framed in the shop's page
// by Bancard's script with JavaScript, or Bancard's own page without it. Either way Bancard
// confirms to the shop and sends the whole window back to the page's return address.
import { expect, type Page, test } from "@playwright/test";

/** Where the card is typed now: Bancard's frame in the shop's page, or Bancard's page. */
async function bancardFormOf(page: Page) {
  const shop = new URL(test.info().project.use.baseURL ?? page.url()).origin;
  if (new URL(page.url()).origin !== shop) return page;
  const framed = page.locator("#bancard-framed-form iframe");
  await expect(framed).toBeVisible({ timeout: 30_000 });
  return page.frameLocator("#bancard-framed-form iframe");
}

/** Types the card (a valid expiry, a security code) on Bancard's form and pays. */
export async function payOnBancardForm(page: Page, number: string) {
  const form = await bancardFormOf(page);
  await form.getByLabel("Número de tarjeta").fill(number);
  await form.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await form.getByLabel("Código de seguridad").fill("123");
  await form.getByRole("button", { name: "Pagar" }).click();
}

/** Answers the 3-D Secure code Bancard's form asks for the stand-in's challenge card. */
export async function confirmOnBancardForm(page: Page, code: string) {
  const form = await bancardFormOf(page);
  await form.getByLabel("Código que te envió tu banco").fill(code);
  await form.getByRole("button", { name: "Confirmar" }).click();
}
