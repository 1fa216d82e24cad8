// Paying with a wallet, with JavaScript on (js-on) and off (js-off): the checkout sends the
// buyer to the sandbox wallet's own page (Apay), the buyer pays there, and the wallet's return
// route (/apay/cobro/finalizar) confirms through the API and lands on the success page.
import { expect, test } from "@playwright/test";
import {
  expectAccessible,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
  skipSplash,
} from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(skipSplash);

test("a wallet: Apay's page takes the payment and sends the buyer back to the success page", async ({
  page,
}) => {
  await signUpByPost(page, "wallet");
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 2);
  await expect(page.getByText("2 entradas")).toBeVisible();

  // No card: the wallet is paid on its own page.
  await page.getByLabel("Apay (billetera)").check();
  await page.getByLabel(/Leí y acepto/).check();
  await expectAccessible(page);
  await page.getByRole("button", { name: /^Pagar/ }).click();

  await expect(page).toHaveURL(/\/sandbox\/wallet\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apay: pagar (prueba)");
  await expectAccessible(page, { outsideService: true });
  await page.getByRole("button", { name: "Pagar", exact: true }).click();

  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expectAccessible(page);
});
