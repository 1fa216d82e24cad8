// Brands by configuration (§1, §6): the suite's storefront serves the city's brand; a second
// storefront started here with BRAND=venue serves the venue's, on the same API. Each shows its
// own logo, colours, header and footer, and its flags (a venue's seats are shown before a login);
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
  waitForHydration,
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

  test("its header: the first six categories as tabs under the bar, at 1280 and 390 px", async ({
    page,
  }) => {
    await skipSplash({ page });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${origin}/`);
    const banner = page.getByRole("banner");
    const tabs = banner
      .getByRole("navigation", { name: "Categorías", exact: true })
      .getByRole("link");
    // Eight categories by nOrden: Ópera and Festivales, the 7th and 8th, are the drawer's only.
    await expect(tabs).toHaveText(["Teatro", "Música", "Danza", "Infantiles", "Museos", "Cine"]);
    await expect(banner.getByRole("search")).toBeVisible();
    await expectAccessible(page);

    // The logo on the billboard loads it anew (§2), from anywhere else it goes there.
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await banner.getByRole("link", { name: "Sala Sinfónica, ir a la cartelera" }).click();
    await expect.poll(() => page.evaluate(() => "sameDocument" in window)).toBe(false);

    // A tab, by keyboard: its category's listing, the tab marked as the page shown.
    await tabs.filter({ hasText: "Danza" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/AdvancedSearch\?aListaidTipoDeEspectaculo=\d+$/);
    await expect(tabs.filter({ hasText: "Danza" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);

    // A phone: the tabs stay (scrolling sideways), the drawer lists every category.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(tabs.first()).toBeVisible();
    await banner.locator("summary.drawer-toggle").click();
    const drawer = banner.getByRole("navigation", { name: "Menú lateral" });
    await expect(drawer.getByRole("link", { name: "Festivales" })).toBeVisible();
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
