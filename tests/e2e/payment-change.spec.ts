// The payment change page (spec §2), with JavaScript on (js-on) and off (js-off): a buyer whose
// payment did not go through pays the same purchase with another card, reaching the page from
// the failure page (a payment the bank rejects later) and from My orders (a card declined at
// once, then a card whose bank asks for 3-D Secure), without going back through the checkout.
// axe checks every page visited.
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  orderTotalLine,
  payOnCardForm,
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

/**
 * Pays the card typed on the payment change page until `next` shows. A card with several
 * plans shows them first when they were not seen yet (always without JavaScript): the buyer
 * types the security code again and pays.
 */
async function payPastPlansStep(page: Page, next: Locator) {
  await payButton(page).click();
  const plansStep = page.getByText("Elegí en cuántas cuotas pagar", { exact: false });
  await expect(next.or(plansStep).first()).toBeVisible();
  if (await plansStep.isVisible()) {
    await expectAccessible(page);
    await page.getByLabel("Código de seguridad").fill("321");
    await payButton(page).click();
  }
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
  await payPastPlansStep(page, page.getByRole("heading", { name: "¡Compra confirmada!" }));
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expectAccessible(page);
}

test("from the failure page: a payment the bank rejects later is paid with another card", async ({
  page,
}) => {
  await holdTwoTickets(page, "change-rejected");
  // Paid on Bancard's form at the checkout (the card there is declined after review).
  await payOnCardForm(page, "4000000000000093");
  await expect(async () => {
    const retry = page.getByRole("link", { name: "Reintentar" });
    if (await retry.isVisible()) await retry.click();
    await expect(page).toHaveURL(/\/payError\?idProcesoDeCompra=\d+$/, { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1, name: "El pago falló" })).toBeVisible();
  await page.getByRole("link", { name: "Pagar con otro medio" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("El pago no se completó");
  await payWithAnotherCard(page, "5555555555554444");

  // Paid: My orders has the order, and no purchase waiting for a payment.
  await page.goto("/myOrders");
  await expect(page.getByRole("heading", { name: "Compra pendiente de pago" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Pagos (2)" })).toContainText("Rechazado");
});

test("from My orders: a card declined at once is replaced by one whose bank asks for 3-D Secure", async ({
  page,
}) => {
  await holdTwoTickets(page, "change-declined");
  await payOnCardForm(page, "4000000000000002");
  await expect(page.getByRole("main").getByRole("status")).toContainText("El pago falló");

  // My orders lists the purchase with what it owes: nothing paid, all of it pending.
  await page.goto("/myOrders");
  const waiting = page.getByRole("region", { name: "Compra pendiente de pago" });
  await expect(waiting).toContainText("El pago no se completó");
  const owed = (await orderTotalLine(waiting, "Total").textContent()) ?? "";
  await expect(orderTotalLine(waiting, "Pagado")).toHaveText("$ 0");
  await expect(orderTotalLine(waiting, "Pendiente")).toHaveText(owed);
  await expectAccessible(page);
  await waiting.getByRole("link", { name: "Cambiar el medio de pago" }).click();
  await expect(page).toHaveURL(/\/payChange\/\d+$/);
  const payChangeUrl = page.url();
  await expect(payButton(page)).toHaveText(`Pagar ${owed}`);

  // The new card's bank asks for a code on its own page (3-D Secure).
  await fillOtherCard(page, "4000000000003220");
  await payPastPlansStep(page, page.getByText("terminada en 3220"));
  await expect(page).toHaveURL(/\/sandbox\/3ds\/[\w-]+$/);

  // Left unanswered, the payment change page says the bank waits, and leads back to it.
  await page.goto(payChangeUrl);
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    "Tu banco espera que confirmes el pago en su página",
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "Continuar en tu banco" }).click();
  await expect(page).toHaveURL(/\/sandbox\/3ds\/[\w-]+$/);
  await page.getByLabel("Código de verificación").fill("1234");
  await page.getByRole("button", { name: "Confirmar" }).click();

  // Paid: the purchase-ended page shows the order's totals, and nothing waits any more.
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expect(orderTotalLine(page, "Pagado")).toHaveText(owed);
  await expect(orderTotalLine(page, "Pendiente")).toHaveText("$ 0");
  await expectAccessible(page);
  await page.goto("/myOrders");
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Compra pendiente de pago" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Pagos (2)" })).toContainText("Rechazado");
});

test("a bad card on the payment change page is refused, keeping what was typed", async ({
  page,
}) => {
  await holdTwoTickets(page, "change-invalid");
  await payOnCardForm(page, "4000000000000002");
  await expect(page.getByRole("main").getByRole("status")).toContainText("El pago falló");
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
