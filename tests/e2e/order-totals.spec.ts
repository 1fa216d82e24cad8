// Every amount a buyer reads agrees with the others and with what is charged (issue 30): the
// checkout's summary and its Pay button after home delivery changes the total, with and
// without JavaScript, and the order's totals on the purchase-ended page, My orders and its bill.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { pageTexts } from "../../commerce/testing/pdf-text.ts";
import { payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  holdGeneralPlaces,
  markSplashSeen,
  openFirstPerformance,
  openShowOnSale,
  orderTotalLine,
  signUpByPost,
  testCards,
} from "./support";

test.describe.configure({ timeout: 150_000 });

/** Saves a home address for the signed-in buyer, as /myAddress's form posts it. */
async function addHomeAddress(page: Page) {
  const response = await page.request.post("/myAddress", {
    form: {
      intent: "add",
      cTipo: "PARTICULAR",
      cCalle: "Av. de Mayo",
      cNumero: "525",
      cPais: "AR",
      cProvincia: "AR-C",
      cLocalidad: "Buenos Aires",
      cCodigoPostal: "C1084",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** A new buyer with a saved address, holding one general-admission place: on the checkout. */
async function checkoutWithAddress(page: Page, prefix: string) {
  await page.addInitScript(markSplashSeen);
  await signUpByPost(page, prefix);
  await addHomeAddress(page);
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 1);
}

/** The checkout summary's total, as printed ("$ 4.950"). */
const summaryTotal = (page: Page) =>
  page.locator("dl").filter({ hasText: "Total" }).locator("dd").last();
const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar/ });

test("after home delivery changes the total, the summary and the Pay button say the same", async ({
  page,
}) => {
  await checkoutWithAddress(page, "home-total");
  const before = await summaryTotal(page).textContent();
  await expect(payButton(page)).toHaveText(`Pagar ${before}`);

  await page.getByLabel(/^Envío a domicilio/).check();
  // A submit refused before anything is recorded (the terms left unaccepted): without
  // JavaScript the page comes back with the choice as sent; with it, the form stops it.
  await page.getByLabel(/Leí y acepto/).uncheck();
  await payButton(page).click();
  await expect(page.getByLabel(/Leí y acepto/)).toHaveAttribute("aria-invalid", "true");
  await expect(summaryTotal(page)).not.toHaveText(before ?? "");
  const after = await summaryTotal(page).textContent();
  await expect(payButton(page)).toHaveText(`Pagar ${after}`);
  await expect(
    page.locator("dl").filter({ hasText: "Total" }).getByText("$ 2.500", { exact: true }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("My orders and the bill show every total of the order, paid and pending apart", async ({
  page,
}) => {
  await checkoutWithAddress(page, "order-totals");
  await page.getByLabel(/^Envío a domicilio/).check();
  await page.getByLabel(/Leí y acepto/).check();
  // The total as the checkout shows it once the delivery counts: what is charged and what
  // the order says was paid. Without JavaScript paying first shows the new total.
  if (test.info().project.name === "js-off") {
    await payButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: "el total ahora es" })).toBeVisible();
  }
  const total = (await summaryTotal(page).textContent()) ?? "";
  await expect(payButton(page)).toHaveText(`Pagar ${total}`);
  await payOnCardForm(page, testCards.approves);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  // The purchase-ended page shows the order's totals as My orders does.
  await expect(orderTotalLine(page, "Entrega")).toHaveText("$ 2.500");
  await expect(orderTotalLine(page, "Cargo QR antifraude")).toHaveText("$ 0");
  await expect(orderTotalLine(page, "Total")).toHaveText(total);
  await expect(orderTotalLine(page, "Pagado")).toHaveText(total);
  await expect(orderTotalLine(page, "Pendiente")).toHaveText("$ 0");
  await expectAccessible(page);

  await page.goto("/myOrders");
  const totals = page.getByRole("region", { name: "Totales de la compra" });
  const line = (label: string) =>
    totals
      .locator("div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(line("Entrega")).toHaveText("$ 2.500");
  await expect(line("Cargo QR antifraude")).toHaveText("$ 0");
  await expect(line("Cargo por servicio")).toHaveText(/^\$\s[\d.]+$/);
  await expect(line("Entradas")).toHaveText(/^\$\s[\d.]+$/);
  await expect(line("Total")).toHaveText(total);
  await expect(line("Pagado")).toHaveText(total);
  await expect(line("Pendiente")).toHaveText("$ 0");
  await expectAccessible(page);

  // The bill prints the same figures.
  const shown = async (label: string) => (await line(label).textContent())?.replace(/\s/g, " ");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Descargar Factura B/ }).click(),
  ]);
  const doc = await PDFDocument.load(await readFile(await download.path()));
  const texts = pageTexts(doc, 0);
  for (const label of [
    "Entradas",
    "Entrega",
    "Cargo QR antifraude",
    "Cargo por servicio",
    "Pagado",
    "Pendiente",
  ]) {
    expect(texts).toContain(`${label}: ${await shown(label)}`);
  }
  expect(texts).toContain(`Total: ${total.replace(/\s/g, " ")}`);
});
