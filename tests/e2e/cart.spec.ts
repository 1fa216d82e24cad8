// The header's cart (issue 10): its dropdown offers to keep buying, to take one
// performance's places out (back to the billboard once nothing is left) and to cancel the
// purchase, which asks first. JavaScript on and off; axe on every page.
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, holdOneGeneralPlace } from "./support";

// Journeys of several pages, each checked by axe: room on a busy 2-core box.
test.describe.configure({ timeout: 150_000 });

async function openCart(page: Page) {
  await page.locator('header summary[aria-label="Carrito: 1 reservado"]').click();
  return page
    .getByRole("banner")
    .locator(".appbar-panel")
    .filter({ hasText: "Tu compra en curso" });
}

test("the cart takes a performance out; an emptied purchase leads to the billboard", async ({
  page,
}) => {
  await holdOneGeneralPlace(page, "cart");
  const cart = await openCart(page);
  await expect(cart.getByRole("link", { name: "Seguir comprando" })).toHaveAttribute("href", "/");
  await expectAccessible(page);
  await cart.getByRole("button", { name: /^Quitar .+ de la compra$/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: "Tu compra quedó vacía" })).toBeVisible();
  await expect(page.locator('header summary[aria-label="Carrito vacío"]')).toBeVisible();
  await expectAccessible(page);
});

test("cancelling the purchase asks first; no goes back, yes cancels", async ({ page }) => {
  await holdOneGeneralPlace(page, "cart");
  const checkout = page.url();
  await page.locator("main").getByRole("link", { name: "Cancelar la compra" }).click();
  await expect(page).toHaveURL(/\/cancelPurchase$/);
  await expect(page.getByRole("heading", { level: 1, name: "¿Cancelar tu compra?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "No, volver a la compra" }).click();
  await expect(page).toHaveURL(checkout);

  const cart = await openCart(page);
  await cart.getByRole("link", { name: "Cancelar compra" }).click();
  await expect(page).toHaveURL(/\/cancelPurchase$/);
  await page.getByRole("button", { name: "Sí, cancelar la compra" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Tu proceso de compra fue cancelado" }),
  ).toBeVisible();
  await expect(page.locator('header summary[aria-label="Carrito vacío"]')).toBeVisible();
  await expectAccessible(page);
});
