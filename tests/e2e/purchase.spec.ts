import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { bancardCardForm, payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  fillSignUpForm,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  testCards,
  uniqueEmail,
} from "./support";

/** Billboard → a show with places → its first performance → (login) … */
async function openAPerformance(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Cartelera" })).toBeVisible();
  await expectAccessible(page);
  await openShowOnSale(page);
  await expect(page).toHaveURL(/\/landing\//);
  await expectAccessible(page);
  await openFirstPerformance(page);
}

async function signUpFromLogin(page: Page, email: string) {
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Crear una cuenta" }).click();
  await expect(page).toHaveURL(/\/signUp\?redirectTo=/);
  await fillSignUpForm(page, { email });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/funcion\//);
}

async function holdTwoGeneralAdmissionPlaces(page: Page) {
  await expectAccessible(page);
  await holdGeneralPlaces(page, 2);
  await expect(page.getByText("2 entradas")).toBeVisible();
  await expect(page.getByRole("timer").first()).toBeVisible();
  await expectAccessible(page);
}

// Whole journeys over seven pages, each checked by axe: give them room on a busy 2-core box.
test.describe.configure({ timeout: 150_000 });

test("a new visitor signs up, buys 2 tickets and downloads the e-ticket", async ({ page }) => {
  await openAPerformance(page);
  await signUpFromLogin(page, uniqueEmail("buyer"));
  await holdTwoGeneralAdmissionPlaces(page);

  // The card is typed on Bancard's form (framed here with JavaScript, its page without),
  // which is checked like the shop's pages: it is the buyer's way through.
  await page.getByLabel(/Leí y acepto/).check();
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await bancardCardForm(page);
  await expectAccessible(page, {
    outsideService: test.info().project.use.javaScriptEnabled === false,
  });
  await payOnCardForm(page, testCards.approves, { pressed: true });
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Ver mis compras" }).click();
  await expect(page).toHaveURL(/\/myOrders$/);
  await expect(page.getByRole("heading", { level: 2, name: /Compra n\.º \d+/ })).toHaveCount(1);
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar e-ticket (PDF)" }).click(),
  ]);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(2);
});

test("a card declined on Bancard's form: the reason, the places kept, and paying again works", async ({
  page,
}) => {
  await openAPerformance(page);
  await signUpFromLogin(page, uniqueEmail("declined"));
  await holdTwoGeneralAdmissionPlaces(page);

  await payOnCardForm(page, testCards.declines);
  await expect(page).toHaveURL(/\/payError\?idProcesoDeCompra=\d+$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "El pago falló: fondos insuficientes",
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "Volver a la compra y pagar de nuevo" }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expect(page.getByText("2 entradas")).toBeVisible();
  await payOnCardForm(page, testCards.approves);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
});

test("the buyer adds 10 minutes to the purchase time, once", async ({ page }) => {
  await openAPerformance(page);
  await signUpFromLogin(page, uniqueEmail("extends"));
  await holdTwoGeneralAdmissionPlaces(page);

  const checkoutClock = page.locator("main").getByRole("timer");
  const deadline = async () =>
    Date.parse((await checkoutClock.locator("time").getAttribute("datetime")) ?? "");
  const before = await deadline();
  await expect(page.getByRole("form", { name: "¿Necesitás más tiempo?" })).toBeVisible();
  await page.getByRole("button", { name: "Sumar 10 minutos" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Extendimos el tiempo" })).toBeVisible();
  expect(await deadline()).toBe(before + 10 * 60_000);
  await expect(page.getByRole("button", { name: "Sumar 10 minutos" })).toHaveCount(0);
  await expectAccessible(page);
});
