// Trying the shop as a buyer would, with JavaScript on (project js-on) and off (js-off):
// paying again after a declined card, the installments of the card's bank, removing
// everything from a purchase, a shop product from checkout to My orders, and addresses that
// are not what they look like (an e-ticket of no order of theirs, a venue that is no venue).
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  holdGeneralPlaces,
  markSplashSeen,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
  testCards,
} from "./support";

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

test("installments are chosen on Bancard's form, where the card is typed", async ({ page }) => {
  await signUp(page, "installments");
  await holdTwoTickets(page);
  // The shop's own plans are the sandbox acquirer's: here the checkout says where they are.
  await expect(
    page.getByText(/en el formulario seguro de Bancard, y ahí elegís las cuotas/),
  ).toBeVisible();
  await expect(page.getByLabel("Número de tarjeta")).toHaveCount(0);
  await payOnCardForm(page, "5555555555554444", { installments: "6" });
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
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

  await payOnCardForm(page, testCards.approves);
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
