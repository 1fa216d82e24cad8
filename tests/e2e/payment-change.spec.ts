// The payment change page (spec §2), with JavaScript on (js-on) and off (js-off): a buyer whose
// payment did not go through pays the same purchase with another card, reaching the page from
// the failure page (a payment the bank rejects later) and from My orders (a card declined at
// once, then a card whose bank asks for 3-D Secure), without going back through the checkout.
// The new card is typed on Bancard's form (framed in the page, or Bancard's page without
// JavaScript); Bancard sends the buyer back to /bancard/finish/{id}.
// axe checks every page visited.
import { expect, type Page, test } from "@playwright/test";
import { bancardCardForm, confirmOnBancardForm, payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  orderTotalLine,
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

/**
 * The held purchase's payment change page: the checkout's first payment is refused on
 * Bancard's form (insufficient funds), so the purchase is one whose payment did not go through.
 */
async function openPayChange(page: Page) {
  const processId = /\/BuyTicket\/(\d+)/.exec(page.url())?.[1];
  expect(processId).toBeDefined();
  await payOnCardForm(page, "4000000000000002");
  await expect(page.getByRole("main").getByRole("status")).toContainText("El pago falló");
  await page.goto(`/payChange/${processId}`);
  await expect(payButton(page)).toBeVisible();
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar/ });

/**
 * Pays on the payment change page: the card is typed on Bancard's form (framed in the page
 * with JavaScript, Bancard's page without), never on the shop's.
 */
async function payOnForm(page: Page, number: string) {
  await expect(page.getByRole("main").getByLabel("Número de tarjeta")).toHaveCount(0);
  await payButton(page).click();
  // The form opened (the page loaded again with it, its heading focused).
  await bancardCardForm(page);
  if (test.info().project.name.endsWith("-on")) await expectAccessible(page);
  await payOnCardForm(page, number, { pressed: true });
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
  await payOnForm(page, number);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expectAccessible(page);
}

test("from the failure page: a payment the bank rejects later is paid with another card", async ({
  page,
}) => {
  await holdTwoTickets(page, "change-rejected");
  await openPayChange(page);
  await payOnForm(page, "4000000000000093");
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
  await expect(page.getByRole("region", { name: "Pagos (3)" })).toContainText("Rechazado");
});

test("from My orders: a card declined at once is replaced by one whose bank asks for 3-D Secure", async ({
  page,
}) => {
  await holdTwoTickets(page, "change-declined");
  await openPayChange(page);
  await payOnForm(page, "4000000000000002");
  await expect(page).toHaveURL(/\/payError\?idProcesoDeCompra=\d+$/);

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
  await expect(payButton(page)).toHaveText(`Pagar ${owed}`);

  // The new card's bank asks for a code, on Bancard's form (3-D Secure).
  await payOnForm(page, "4000000000003220");
  await confirmOnBancardForm(page, "1234");

  // Paid: the purchase-ended page shows the order's totals, and nothing waits any more.
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expect(orderTotalLine(page, "Pagado")).toHaveText(owed);
  await expect(orderTotalLine(page, "Pendiente")).toHaveText("$ 0");
  await expectAccessible(page);
  await page.goto("/myOrders");
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Compra pendiente de pago" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Pagos (3)" })).toContainText("Rechazado");
});

test("a card refused on Bancard's form comes back to the failure page, to pay again", async ({
  page,
}) => {
  await holdTwoTickets(page, "change-refused");
  await openPayChange(page);
  await payOnForm(page, "4000000000000002");
  await expect(page).toHaveURL(/\/payError\?idProcesoDeCompra=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "El pago falló" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Pagar con otro medio" }).click();
  await expect(page).toHaveURL(/\/payChange\/\d+$/);
  await expect(payButton(page)).toBeVisible();
});
