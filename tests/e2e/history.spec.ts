// Back and the browser's history (spec §2, decision 0071): a link the buyer follows adds an
// entry, and Back returns to it as it was left (the same shows, the same scroll position);
// a new page opens at the top; the shop's own redirect after a form replaces the form's entry,
// so Back never shows the login form again. Without JavaScript the browser keeps one entry per
// form post: what it does with Back is checked where the shop decides it.
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, signUpByPost, skipSplash, waitForHydration } from "./support";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const results = (page: Page) => page.locator('li[id^="resultado-"]');
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.beforeEach(skipSplash);

test("Back from a show finds the billboard as it was left: the shows loaded, the place scrolled to", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(results(page)).toHaveCount(12);
  if (jsOn()) await page.getByRole("button", { name: "Cargar más" }).click();
  else await page.getByRole("link", { name: "Cargar más" }).click();
  await expect(results(page)).toHaveCount(24);

  // The twentieth card at the top of the window, well down the page.
  const card = results(page).nth(19);
  await card.evaluate((element) =>
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY),
  );
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
  const left = await scrollY(page);

  await card.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/landing\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A new page opens at its top.
  expect(await scrollY(page)).toBe(0);
  await expectAccessible(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/\?pagina=2(#resultado-13)?$/);
  await expect(results(page)).toHaveCount(24);
  // Where the buyer left it, give or take a header's height.
  await expect.poll(() => scrollY(page)).toBeGreaterThan(left - 100);
  expect(Math.abs((await scrollY(page)) - left)).toBeLessThan(100);
});

test("after logging in, Back leaves the login form behind", async ({ page }) => {
  const email = await signUpByPost(page, "history-login");
  await page.context().clearCookies();
  await page.goto("/");
  await page.goto("/myOrders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FmyOrders$/);
  await waitForHydration(page);
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill("Entradas2026");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/myOrders$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goBack();
  if (jsOn()) {
    // The login's entry was replaced: Back is the page before it.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cartelera" })).toBeVisible();
  } else {
    // The browser kept the form's entry; the shop sends a logged-in buyer on, not to the form.
    await expect(page).toHaveURL(/\/myOrders$/);
  }
  await expect(page.getByRole("button", { name: "Ingresar" })).toHaveCount(0);
});
