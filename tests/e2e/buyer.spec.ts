// Trying the shop as a buyer would, with JavaScript on (project js-on) and off (js-off):
// paying again after a declined card, the installments of the card's bank, removing
// everything from a purchase, a shop product from checkout to My orders, and addresses that
// are not what they look like (an e-ticket of no order of theirs, a venue that is no venue).
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import {
  expectAccessible,
  fillCard,
  holdGeneralPlaces,
  markSplashSeen,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
  testCards,
} from "./support";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  // The splash (first visit of a session) is covered by the layout tests.
  await page.addInitScript(markSplashSeen);
});

const signUp = signUpByPost;

/** Billboard → a show with places → its first performance → 2 general-admission places. */
async function holdTwoTickets(page: Page) {
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await expect(page).toHaveURL(/\/funcion\//);
  await holdGeneralPlaces(page, 2);
  await expect(page.getByText("2 entradas")).toBeVisible();
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar/ });

/** "$ 15.813" → 15813. */
const pesos = (text: string) => Number(text.replace(/[^0-9]/g, ""));

/**
 * Each plan offered states installments that, times how many of each, add up to the total it
 * states ("3 cuotas sin interés: 2 de $ 9.167 y 1 de $ 9.166 (total $ 27.500)").
 */
async function expectPlansAddUp(installments: ReturnType<Page["getByLabel"]>) {
  for (const text of await installments.locator("option").allTextContents()) {
    const count = Number(text.match(/^(\d+)/)?.[1]);
    const total = pesos(text.match(/total (\$\s[\d.]+)/)?.[1] ?? "");
    if (count === 1) continue;
    const runs = [...text.matchAll(/(\d+) de (\$\s[\d.]+)/g)].map((m) => ({
      count: Number(m[1]),
      amount: pesos(m[2]),
    }));
    const stated =
      runs.length > 0
        ? runs
        : [{ count, amount: pesos(text.match(/ de (\$\s[\d.]+)/)?.[1] ?? "") }];
    expect(
      stated.reduce((sum, run) => sum + run.count, 0),
      text,
    ).toBe(count);
    expect(
      stated.reduce((sum, run) => sum + run.count * run.amount, 0),
      text,
    ).toBe(total);
  }
}

test("after a declined card, the same form pays with a good one", async ({ page }) => {
  await signUp(page, "retry");
  await holdTwoTickets(page);
  await fillCard(page, testCards.declines);
  await payButton(page).click();
  await expect(page.getByRole("alert")).toContainText("El pago falló");
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);

  // Same form, no reload: another card is a new attempt, not a replay of the decline. What
  // was typed is still there (the server never sends the security code back).
  await expect(page.getByLabel(/Leí y acepto/)).toBeChecked();
  if (!jsOn()) await expect(page.getByLabel("Código de seguridad")).toHaveValue("");
  await page.getByLabel("Número de tarjeta").fill(testCards.approves);
  await page.getByLabel("Código de seguridad").fill("123");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expectAccessible(page);
});

test("the installments offered are the card's bank's, under the payment method", async ({
  page,
}) => {
  await signUp(page, "installments");
  await holdTwoTickets(page);
  const installments = page.getByLabel("Cuotas");
  const field = page.locator(".field").filter({ has: installments });
  const mastercard = "5555555555554444";
  if (jsOn()) {
    // Looked up as the card is typed: its bank and each plan with its total.
    await page.getByLabel("Número de tarjeta").fill(mastercard);
    await expect(field).toContainText("Tarjeta MASTERCARD de crédito de Banco Provincia (sandbox)");
    await expect(installments.locator("option")).toHaveText([
      /^1 pago de \$/,
      /^3 cuotas sin interés.*\(total \$/,
      /^6 cuotas de \$.*de interés, TNA 48 %\)$/,
      /^12 cuotas de \$.*de interés, TNA 72 %\)$/,
    ]);
    await expectPlansAddUp(installments);
    await page.getByLabel("Tarjeta de débito").check();
    await expect(field).toContainText(
      "Esta es una tarjeta de crédito: elegí Tarjeta de crédito como forma de pago",
    );
    await expect(installments.locator("option")).toHaveText(["1 pago"]);
    await expectAccessible(page);
    await page.getByLabel("Tarjeta de crédito").check();
    await installments.selectOption("6");
    await fillCard(page, mastercard);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
    return;
  }
  // Without JavaScript paying shows the card's plans first, everything typed kept but the
  // security code; the buyer chooses and pays.
  await expect(field).toContainText("Al pagar, primero te mostramos las cuotas");
  await fillCard(page, mastercard);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Elegí en cuántas cuotas" }),
  ).toBeFocused();
  await expect(installments.locator("option")).toHaveCount(4);
  await expectPlansAddUp(installments);
  await expect(page.getByLabel("Número de tarjeta")).toHaveValue(mastercard);
  await expect(page.getByLabel("Código de seguridad")).toHaveValue("");
  await expectAccessible(page);
  // A credit card under the debit method is refused next to its number.
  await page.getByLabel("Tarjeta de débito").check();
  await page.getByLabel("Código de seguridad").fill("123");
  await payButton(page).click();
  await expect(
    page.locator(".field").filter({ has: page.getByLabel("Número de tarjeta") }),
  ).toContainText("Esta es una tarjeta de crédito: elegí Tarjeta de crédito como forma de pago");
  await page.getByLabel("Tarjeta de crédito").check();
  await page.getByLabel("Código de seguridad").fill("123");
  await payButton(page).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Elegí en cuántas cuotas" }),
  ).toBeVisible();
  await installments.selectOption("3");
  await page.getByLabel("Código de seguridad").fill("123");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
});

test("removing the last tickets ends the purchase and goes back to their performance", async ({
  page,
}) => {
  await signUp(page, "emptied");
  await holdTwoTickets(page);
  const performance = await page.getByRole("heading", { level: 2 }).first().textContent();
  await page.getByRole("button", { name: "Quitar estas entradas" }).click();
  await expect(page).toHaveURL(/\/funcion\/[^/]+\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Tu compra quedó vacía" })).toHaveText(
    "Tu compra quedó vacía y terminó.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toContainText(performance ?? "");
  // No purchase left in the header: no badge, no clock.
  await expect(page.locator('header summary[aria-label="Carrito vacío"]')).toBeVisible();
  await expect(page.getByRole("banner").getByRole("timer")).toHaveCount(0);
  await expectAccessible(page);
});

test("a shop product reads as a product from the checkout to My orders", async ({ page }) => {
  await signUp(page, "product");
  await page.goto("/tienda");
  await page
    .locator("article.card")
    .filter({ hasText: "Taza Cartelera Porteña" })
    .getByRole("heading")
    .getByRole("link")
    .click();
  await page.getByRole("link", { name: "Elegir cantidad" }).click();
  await expect(page).toHaveURL(/\/funcionTienda\?idFuncion=\d+$/);
  await page.getByLabel("Cantidad", { exact: true }).selectOption("2");
  await page.getByRole("button", { name: "Agregar a la compra" }).click();

  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  const held = page.getByRole("region", { name: "Tu compra" });
  await expect(held).toContainText("Cantidad: 2");
  await expect(held.getByRole("button", { name: "Quitar este producto" })).toBeVisible();
  await expect(held.locator("dt").first()).toHaveText("Productos");
  await expect(held).not.toContainText(/entrada/i);
  await expectAccessible(page);

  await fillCard(page, testCards.approves);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("main")).toContainText("Taza Cartelera Porteña — Cantidad: 2");
  await expect(page.getByRole("main")).not.toContainText(/entrada/i);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Ver mis compras" }).click();
  await expect(page).toHaveURL(/\/myOrders$/);
  const order = page.getByRole("article").filter({ hasText: "Taza Cartelera Porteña" });
  await expect(order).toContainText("Cantidad: 2 · $ 18.000");
  await expect(order).not.toContainText("Entrada general");
  // Under the product's name: where to pick it up, and no date.
  await expect(order.locator("h3 + p")).toHaveText("Tienda Cultural Avenida de Mayo");
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    order.getByRole("link", { name: "Descargar comprobante de retiro (PDF)" }).click(),
  ]);
  const pdf = await PDFDocument.load(await readFile(await download.path()));
  expect(pdf.getPageCount()).toBe(2);
  expect(pdf.getTitle()).toMatch(/^Comprobantes de retiro del pedido \d+$/);
});

test("an e-ticket of no order of the buyer's leads back to My orders, saying so", async ({
  page,
}) => {
  await signUp(page, "eticket");
  const response = await page.goto("/myOrders/999999/eticket.pdf");
  expect(response?.headers()["content-type"]).toContain("text/html");
  await expect(page).toHaveURL(/\/myOrders$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Ese pedido no está entre tus compras." }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mis compras");
  await expectAccessible(page);
});

test("a two-word address that is not a venue is the 404 page", async ({ page }) => {
  for (const path of ["/linkPago/1", "/BuyTicketBox/1"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
  }
  await expectAccessible(page);
});
