// Products with a performance (issue 10): the performance page names what the shop offers
// with it, and the checkout adds it to the purchase with a quantity (§3: a product shows
// 'Cantidad' and no date). JavaScript on and off; axe on every page.
import { expect, test } from "@playwright/test";
import {
  expectAccessible,
  holdGeneralPlaces,
  markSplashSeen,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
} from "./support";

test.describe.configure({ timeout: 150_000 });

test("a product added at the checkout joins the purchase", async ({ page }) => {
  await page.addInitScript(markSplashSeen);
  await signUpByPost(page, "products");
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  const offered = page.getByRole("region", { name: "También con esta función" });
  await expect(offered.getByRole("link", { name: /^Taza Cartelera Porteña/ })).toBeVisible();
  await expectAccessible(page);
  await holdGeneralPlaces(page, 1);

  const main = page.locator("main");
  const products = main.getByRole("form", { name: "Sumá a tu compra" });
  await products.getByLabel(/^Taza Cartelera Porteña/).fill("2");
  await expectAccessible(page);
  await products.getByRole("button", { name: "Actualizar productos" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Actualizamos tus productos" }),
  ).toBeVisible();
  const line = main.locator("article").filter({ hasText: "Taza Cartelera Porteña" });
  await expect(line.getByText(/^Cantidad: 2/)).toBeVisible();
  await expect(
    main.getByRole("form", { name: "Sumá a tu compra" }).getByLabel(/^Taza Cartelera Porteña/),
  ).toHaveValue("2");
  await expectAccessible(page);

  // A quantity the shop cannot give is refused on the form, the typing kept.
  await products.getByLabel(/^Taza Cartelera Porteña/).fill("50");
  await products.getByRole("button", { name: "Actualizar productos" }).click();
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(products.getByLabel(/^Taza Cartelera Porteña/)).toHaveValue("50");
  await expectAccessible(page);
});
