// Issue 7's redirects and sessions, as a browser meets them, JavaScript on and off: a link
// with a crafted return path never leaves the shop, a logged-out cookie opens nothing, and
// cancelling a purchase (which needs the process's key) still works from its page.
import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  fillSignUpForm,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  uniqueEmail,
} from "./support";

test.describe.configure({ timeout: 150_000 });

async function signUpAt(page: Page, path: string) {
  await page.goto(path);
  await fillSignUpForm(page, { email: uniqueEmail("session") });
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).not.toHaveURL(/\/signUp/);
}

test("a sign-up from a crafted link stays on the shop, and a logout ends the session for good", async ({
  page,
  browser,
  baseURL,
}) => {
  // Browsers drop the tab and would read //evil.example: the shop sends its own page instead.
  await signUpAt(page, "/signUp?redirectTo=%2F%09%2Fevil.example%2Fphish");
  await expect(page).toHaveURL(`${baseURL}/`);
  const cookies = await page.context().cookies();
  await page.goto("/myOrders");
  await expect(page.getByRole("heading", { level: 1, name: "Mis compras" })).toBeVisible();

  const out = await page.request.post("/logout", {
    form: {},
    headers: { Origin: String(baseURL) },
    maxRedirects: 0,
  });
  expect(out.status()).toBe(302);

  // The cookie from before the logout, replayed elsewhere, is sent to log in and dropped.
  const elsewhere = await browser.newContext({ baseURL });
  await elsewhere.addCookies(cookies);
  const replay = await elsewhere.newPage();
  await replay.goto("/myOrders");
  await expect(replay).toHaveURL(/\/login\?redirectTo=%2FmyOrders$/);
  await expect(replay.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await expect(replay.getByText("Tu sesión de usuario se desconectó")).toHaveCount(1);
  await replay.goto("/");
  await expect(replay.getByText("Tu sesión de usuario se desconectó")).toHaveCount(0);
  await elsewhere.close();
});

test("cancelling a purchase from its page frees it and says so", async ({ page }) => {
  await signUpAt(page, "/signUp");
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 2);

  await page.getByRole("link", { name: "Cancelar la compra" }).click();
  await expect(page).toHaveURL(/\/cancelPurchase$/);
  await page.getByRole("button", { name: "Sí, cancelar la compra" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Tu proceso de compra fue cancelado")).toBeVisible();
  await expectAccessible(page);
});
