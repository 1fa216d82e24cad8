// Brands by configuration (§1, §6): the suite's storefront serves the city's brand; a second
// storefront started here with BRAND=venue serves the venue's, on the same API. Each shows its
// own logo, colours and footer, and its flags (a venue's seats are shown before a login);
// axe on every page of both, JavaScript on and off.
import type { ChildProcess } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { closedPort, startSecondStorefront, stopSecondStorefront } from "./second-storefront";
import {
  expectAccessible,
  openFirstPerformance,
  openSeatForm,
  openShowOnSale,
  skipSplash,
} from "./support";

/** The app bar's background, as the browser paints it. */
function appBarColour(page: Page) {
  return page.locator("header.appbar").evaluate((bar) => getComputedStyle(bar).backgroundColor);
}

test("the city's brand: its logo and blue bar, footer 6 with every part", async ({ page }) => {
  await skipSplash({ page });
  await page.goto("/");
  await expect(page.locator("header.appbar img").first()).toHaveAttribute("src", "/logo.svg");
  expect(await appBarColour(page)).toBe("rgb(11, 92, 173)");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Novedades de la cartelera" })).toBeVisible();
  await expect(footer.getByRole("link", { name: /^Me arrepentí de mi compra/ })).toBeVisible();
  await expect(footer.getByRole("link", { name: /Defensa del Consumidor/ })).toHaveCount(2);
  await expectAccessible(page);
});

test.describe("a venue's brand (BRAND=venue)", () => {
  let storefront: ChildProcess | undefined;
  let origin = "";

  test.beforeAll(async () => {
    const port = await closedPort();
    storefront = await startSecondStorefront(port, {
      DATA_DIR: "test-results/e2e-data-venue",
      SESSION_SECRET: "e2e-session-secret-venue-brand-01",
      LOG_LEVEL: "silent",
      COMMERCE_API_URL: `http://127.0.0.1:${process.env.E2E_PORT}/v2`,
      BRAND: "venue",
    });
    origin = `http://127.0.0.1:${port}`;
  });

  test.afterAll(async () => {
    await stopSecondStorefront(storefront);
  });

  test("its logo, name and colours, and footer 1 without the city's parts", async ({ page }) => {
    await skipSplash({ page });
    await page.goto(`${origin}/`);
    await expect(page.locator("header.appbar img").first()).toHaveAttribute(
      "src",
      "/brands/venue/logo.svg",
    );
    expect(await appBarColour(page)).toBe("rgb(138, 28, 43)");
    await expect(page).toHaveTitle(/Sala Sinfónica$/);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toHaveClass("footer1");
    await expect(footer.getByRole("link", { name: "Términos y condiciones" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Llamá al 147 desde la Ciudad" })).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Novedades de la cartelera" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: /^Me arrepentí de mi compra/ })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: /Defensa del Consumidor/ })).toHaveCount(0);
    const payments = footer.getByRole("list", { name: "Medios de pago" }).getByRole("img");
    await expect(payments).toHaveCount(4);
    await expect(footer.getByRole("link", { name: "Funciona con Entradas BA" })).toBeVisible();
    await expectAccessible(page);
  });

  test("its pages pass axe too: an information page reached from its footer", async ({ page }) => {
    await skipSplash({ page });
    await page.goto(`${origin}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Preguntas frecuentes" }).click();
    await expect(page).toHaveURL(`${origin}/FAQ`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await appBarColour(page)).toBe("rgb(138, 28, 43)");
    await expectAccessible(page);
  });

  test("a visitor sees a performance's seats without logging in (its flag is off)", async ({
    page,
  }) => {
    await skipSplash({ page });
    await page.goto(`${origin}/`);
    await openShowOnSale(page);
    await openFirstPerformance(page);
    await expect(page).toHaveURL(/\/funcion\//);
    await openSeatForm(page);
    await expect(page).not.toHaveURL(/\/login/);
    await expectAccessible(page);
  });
});
