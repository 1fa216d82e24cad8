// Promotions (issue 10): a buyer gives two different promotions to the tickets of one
// purchase (one unlocked by a code), sees each ticket's discount on the checkout, pays, and
// finds the promotions on the order. JavaScript on and off; axe on every page.
import { expect, test } from "@playwright/test";
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

// A journey of six pages, each checked by axe: room on a busy 2-core box.
test.describe.configure({ timeout: 150_000 });

test("a purchase with two different promotions, one of them by code", async ({ page }) => {
  await page.addInitScript(markSplashSeen);
  await signUpByPost(page, "promotions");
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 3);
  const main = page.locator("main");
  const totalBefore = await main.locator("dt:has-text('Total') + dd").textContent();

  await main.getByRole("link", { name: "Elegir promociones" }).click();
  await expect(page).toHaveURL(/\/promocion$/);
  await expect(page.getByRole("heading", { level: 1, name: "Promociones" })).toBeVisible();
  await expectAccessible(page);

  // A wrong code is refused, what was typed is kept and the error takes the focus.
  await page.getByLabel("Código", { exact: true }).fill("NOEXISTE");
  await page.getByRole("button", { name: "Aplicar código" }).click();
  const error = page.getByRole("alert");
  await expect(error).toContainText("Ese código no tiene promociones");
  await expect(error).toBeFocused();
  await expect(page.getByLabel("Código", { exact: true })).toHaveValue("NOEXISTE");
  await expectAccessible(page);

  await page.getByLabel("Código", { exact: true }).fill("cultura25");
  await page.getByRole("button", { name: "Aplicar código" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Aplicamos el código" })).toBeVisible();
  const choices = main.locator('select[name^="promotion-"]');
  await expect(choices).toHaveCount(3);
  await choices.nth(0).selectOption({ label: "Código Cultura — 25 % menos" });
  await choices.nth(1).selectOption({ label: "2×1" });
  await choices.nth(2).selectOption({ label: "2×1" });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Guardar promociones" }).click();

  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Guardamos tus promociones" }),
  ).toBeVisible();
  await expect(main.getByText(/Código Cultura: −\$/)).toHaveCount(1);
  await expect(main.getByText(/2×1: −\$/)).toHaveCount(2);
  await expect(main.locator("dt", { hasText: "Promociones" })).toBeVisible();
  expect(await main.locator("dt:has-text('Total') + dd").textContent()).not.toBe(totalBefore);
  await expectAccessible(page);

  await payOnCardForm(page, testCards.approves);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await page.getByRole("link", { name: "Ver mis compras" }).click();
  await expect(page).toHaveURL(/\/myOrders$/);
  await expect(main.getByText(/Código Cultura: −\$/)).toHaveCount(1);
  await expect(main.getByText(/2×1: −\$/)).toHaveCount(2);
  await expectAccessible(page);
});
