// Saved cards (issue 32), with JavaScript on (js-on) and off (js-off): a buyer registers a card
// on Bancard's form (framed in My cards, or Bancard's own page), sees it listed, pays a
// purchase with it from the checkout without typing it, and deletes it after confirming.
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, holdOneGeneralPlace, skipSplash } from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(skipSplash);

/** Types the card on Bancard's registration form, framed or its own page. */
async function registerOnBancard(page: Page, javaScript: boolean) {
  await page.getByRole("button", { name: "Agregar una tarjeta" }).click();
  const form = javaScript
    ? page.frameLocator('iframe[title="Formulario de Bancard para registrar la tarjeta"]')
    : page;
  if (!javaScript) {
    await expect(page.getByRole("heading", { name: "Registrar tarjeta" })).toBeVisible();
    await expectAccessible(page, { outsideService: true });
  }
  await form.getByLabel("Número de tarjeta").fill("4242424242424242");
  await form.getByLabel("Vencimiento (MM/AA)").fill("12/39");
  await form.getByLabel("Código de seguridad").fill("123");
  await form.getByRole("button", { name: "Registrar" }).click();
}

test("a saved card: registered on Bancard's form, listed, paid with, and deleted after confirming", async ({
  page,
  javaScriptEnabled,
}) => {
  // On the checkout with a place held; the card is added in My cards meanwhile.
  await holdOneGeneralPlace(page, "saved-cards");
  const checkout = page.url();
  expect(new URL(checkout).pathname).toMatch(/^\/BuyTicket\/\d+$/);
  await page.goto("/myCards");
  await expect(page.getByRole("heading", { level: 1, name: "Mis tarjetas" })).toBeVisible();
  await expect(page.getByText("Todavía no tenés tarjetas guardadas.")).toBeVisible();
  await expectAccessible(page);

  await registerOnBancard(page, javaScriptEnabled);
  await expect(page).toHaveURL(/\/myCards$/);
  await expect(page.locator(".notice")).toContainText("Tu tarjeta quedó guardada.");
  const cards = page.getByRole("list", { name: "Tus tarjetas guardadas" });
  await expect(cards.getByText("VISA terminada en 4242")).toBeVisible();
  await expect(cards.getByText(/Vence 12\/39 · Crédito/)).toBeVisible();
  await expectAccessible(page);

  // Paid without typing it: the saved card is offered first.
  await page.goto(checkout);
  const saved = page.getByRole("group", { name: "Pagá con una tarjeta guardada" });
  await expect(saved.getByLabel(/VISA terminada en 4242/)).toBeChecked();
  if (javaScriptEnabled) await expect(page.getByLabel("Número de tarjeta")).toBeHidden();
  await page.getByLabel(/Leí y acepto/).check();
  await expectAccessible(page);
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();

  await page.goto("/myCards");
  await page.getByRole("button", { name: "Borrar VISA terminada en 4242" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Borrar esta tarjeta?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Sí, borrarla" }).click();
  await expect(page.locator(".notice")).toContainText("La tarjeta se borró.");
  await expect(page.getByText("Todavía no tenés tarjetas guardadas.")).toBeVisible();
});
