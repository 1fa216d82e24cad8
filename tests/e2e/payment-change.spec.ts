// The payment change page (spec §2), with JavaScript on (js-on) and off (js-off): a buyer whose
// payment did not go through pays the same purchase with another card, reaching the page from
// the failure page (a payment the bank rejects later) and from My orders (a card declined at
// once), without going back through the checkout. axe checks every page visited.
import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  fillCard,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
  skipSplash,
} from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(skipSplash);

async function holdTwoTickets(page: Page, prefix: string) {
  await signUpByPost(page, prefix);
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 2);
  await expect(page.getByText("2 entradas")).toBeVisible();
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar/ });

/** The payment change page's card: the checkout's fields, without its terms (accepted there). */
async function fillOtherCard(page: Page, number: string) {
  const form = page.getByRole("main");
  await form.getByLabel("Número de tarjeta").fill(number);
  await form.getByLabel("Mes de vencimiento").selectOption("11");
  await form.getByLabel("Año de vencimiento").selectOption(String(new Date().getFullYear() + 3));
  await form.getByLabel("Código de seguridad").fill("321");
  await form.getByLabel(/Nombre del titular/).fill("LUIS PEREYRA");
  await form.getByLabel("Documento del titular").fill("28123456");
}

/** On the payment change page: what is owed, then another card pays it. */
async function payWithAnotherCard(page: Page, number: string) {
  await expect(page).toHaveURL(/\/payChange\/\d+$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Cambiar el medio de pago" }),
  ).toBeVisible();
  const owed = page.getByRole("heading", { name: "Lo que tenés que pagar" }).locator("..");
  await expect(owed.getByRole("listitem")).toHaveCount(2);
  await expect(owed.getByText("Total", { exact: true })).toBeVisible();
  // The button charges what the summary says is owed.
  const total = (await owed.locator("dd").last().textContent()) ?? "";
  await expect(payButton(page)).toHaveText(`Pagar ${total}`);
  await expect(page.getByRole("group", { name: "Forma de pago" })).toBeVisible();
  await expectAccessible(page);
  await fillOtherCard(page, number);
  await payButton(page).click();
  // A card with several plans shows them first when they were not seen yet (always without
  // JavaScript): the buyer types the security code again and pays.
  const plansStep = page.getByText("Elegí en cuántas cuotas pagar", { exact: false });
  const confirmed = page.getByRole("heading", { name: "¡Compra confirmada!" });
  await expect(confirmed.or(plansStep).first()).toBeVisible();
  if (await plansStep.isVisible()) {
    await expectAccessible(page);
    await page.getByLabel("Código de seguridad").fill("321");
    await payButton(page).click();
  }
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expectAccessible(page);
}

test("from the failure page: a payment the bank rejects later is paid with another card", async ({
  page,
}) => {
  await holdTwoTickets(page, "change-rejected");
  await fillCard(page, "4000000000000093");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payConfirm\?/);
  await expect(async () => {
    const retry = page.getByRole("link", { name: "Reintentar" });
    if (await retry.isVisible()) await retry.click();
    await expect(page).toHaveURL(/\/payError\?idProcesoDeCompra=\d+$/, { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1, name: "El pago falló" })).toBeVisible();
  await page.getByRole("link", { name: "Pagar con otro medio" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    "El pago no se completó (el emisor de la tarjeta rechazó el pago después de revisarlo)",
  );
  await payWithAnotherCard(page, "5555555555554444");

  // Paid: My orders has the order, and no purchase waiting for a payment.
  await page.goto("/myOrders");
  await expect(page.getByRole("heading", { name: "Compra pendiente de pago" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Pagos (2)" })).toContainText("Rechazado");
});

test("from My orders: a card declined at once is replaced by another", async ({ page }) => {
  await holdTwoTickets(page, "change-declined");
  await fillCard(page, "4000000000000002");
  await payButton(page).click();
  await expect(page.getByRole("alert")).toContainText("El pago falló");

  await page.goto("/myOrders");
  const waiting = page.getByRole("region", { name: "Compra pendiente de pago" });
  await expect(waiting).toContainText("El pago no se completó");
  await expectAccessible(page);
  await waiting.getByRole("link", { name: "Cambiar el medio de pago" }).click();
  await payWithAnotherCard(page, "4111111111111111");
});

test("a bad card on the payment change page is refused, keeping what was typed", async ({
  page,
}) => {
  await holdTwoTickets(page, "change-invalid");
  await fillCard(page, "4000000000000002");
  await payButton(page).click();
  await expect(page.getByRole("alert")).toContainText("El pago falló");
  await page.goto("/myOrders");
  await page.getByRole("link", { name: "Cambiar el medio de pago" }).click();
  await expect(page).toHaveURL(/\/payChange\/\d+$/);
  await page.getByLabel("Número de tarjeta").fill("1234");
  await page.getByLabel(/Nombre del titular/).fill("LUIS PEREYRA");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payChange\/\d+$/);
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page.getByLabel("Número de tarjeta")).toHaveValue("1234");
  await expect(page.getByLabel(/Nombre del titular/)).toHaveValue("LUIS PEREYRA");
  await expectAccessible(page);
});
