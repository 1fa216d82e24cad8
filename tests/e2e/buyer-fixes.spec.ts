// Mistakes a buyer met (issue 30), JavaScript on (js-on) and off (js-off): the list of seats
// leaving out the general-admission sector, addresses that answered 404 or any slug instead
// of moving to the canonical one, "Entrada general · Entrada general" on the checkout, and
// the checkout's controls touching what follows them. axe on every page visited.
import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
  skipSplash,
  waitForHydration,
} from "./support";

test.describe.configure({ timeout: 120_000 });

test.beforeEach(skipSplash);

/** The theatre's play: numbered stalls, boxes and dress circle, and the general Tertulia. */
async function openTheatrePerformance(page: Page) {
  await page.goto("/landing/los-inquilinos-del-conventillo");
  await openFirstPerformance(page);
  await expect(page).toHaveURL(/\/funcion\/los-inquilinos-del-conventillo\/\d+/);
}

test("the list of seats offers the general-admission sector too", async ({ page }) => {
  await signUpByPost(page, "list-general");
  await openTheatrePerformance(page);
  await page.goto(`${new URL(page.url()).pathname}?vista=lista`);
  await waitForHydration(page);
  const list = page.getByRole("region", { name: "Elegir de una lista" });
  await expect(list.getByRole("link", { name: /^Platea, / })).toBeVisible();
  const quantity = list.getByLabel("Cantidad de entradas en Tertulia");
  await expect(quantity).toBeVisible();
  await expectAccessible(page);
  await quantity.fill("1");
  await list.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expect(page.getByText(/^Tertulia · Entrada general · \$/)).toBeVisible();
});

test("a venue's catch-all address and a performance under another slug move to the canonical one", async ({
  page,
}) => {
  await signUpByPost(page, "addresses");
  await page.goto("/landing/los-inquilinos-del-conventillo");
  const venueHref = await page
    .locator('main a[href^="/establecimiento/"]')
    .first()
    .getAttribute("href");
  const venueId = venueHref?.split("/").pop();
  expect(venueHref).toMatch(/^\/establecimiento\/[\w-]+\/\d+$/);
  await openFirstPerformance(page);
  await expect(page).toHaveURL(/\/funcion\/los-inquilinos-del-conventillo\/\d+/);
  const canonical = new URL(page.url()).pathname;
  const performanceId = canonical.split("/").pop();

  const moved = async (path: string) => {
    const response = await page.request.get(path, { maxRedirects: 0 });
    return { status: response.status(), location: response.headers().location };
  };
  expect(await moved(`/foo/${venueId}?pagina=1`)).toEqual({
    status: 301,
    location: `${venueHref}?pagina=1`,
  });
  expect(await moved(`/funcion/cualquier-cosa/${performanceId}?vista=lista`)).toEqual({
    status: 301,
    location: `${canonical}?vista=lista`,
  });
  // Unknown ids stay unknown; the shop's own words are not venues.
  expect((await moved("/foo/999999")).status).toBe(404);
  expect((await moved(`/BuyTicketBox/${venueId}`)).status).toBe(404);
  expect((await moved("/funcion/cualquier-cosa/999999")).status).toBe(404);

  // In the browser: the buyer lands on the canonical addresses.
  await page.goto(`/foo/${venueId}`);
  await expect(page).toHaveURL(new RegExp(`${venueHref}$`));
  await expectAccessible(page);
  await page.goto(`/funcion/cualquier-cosa/${performanceId}`);
  await expect(page).toHaveURL(new RegExp(`${canonical}$`));
  await expectAccessible(page);
});

test("a general place in a sector named 'Entrada general' says so once", async ({ page }) => {
  await signUpByPost(page, "general-once");
  await page.goto("/landing/visita-nocturna-casa-de-los-altos");
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 1);
  const held = page.locator("main article").first();
  await expect(held.getByText(/^Entrada general · \$/)).toBeVisible();
  await expect(held).not.toContainText("Entrada general · Entrada general");
  await expectAccessible(page);
});

/** The vertical space between the bottom of `upper` and the top of `lower`, in px. */
async function gapBetween(page: Page, upper: string, lower: string) {
  return page.evaluate(
    ([a, b]) => {
      const top = document.querySelector(a)?.getBoundingClientRect();
      const bottom = document.querySelector(b)?.getBoundingClientRect();
      if (!top || !bottom) throw new Error(`missing ${top ? b : a}`);
      return bottom.top - top.bottom;
    },
    [upper, lower],
  );
}

test("the checkout's controls keep their distance, and quantity fields look like fields", async ({
  page,
}) => {
  await signUpByPost(page, "checkout-layout");
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 1);
  await expect(page.locator("form.extend-time")).toBeVisible();
  // Soft: each of the three is reported on its own.
  expect
    .soft(await gapBetween(page, "form.extend-time", "main article"), "extension to card")
    .toBeGreaterThanOrEqual(12);
  expect
    .soft(
      await gapBetween(page, 'main a[href="/cancelPurchase"]', "#products-heading"),
      "cancel to heading",
    )
    .toBeGreaterThanOrEqual(12);
  const quantity = page.getByRole("form", { name: "Sumá a tu compra" }).getByRole("spinbutton");
  await expect(quantity.first()).toBeVisible();
  const border = await quantity.first().evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: style.borderTopWidth, style: style.borderTopStyle };
  });
  expect.soft(border.style, "quantity field's border").toBe("solid");
  expect.soft(Number.parseFloat(border.width), "quantity field's border").toBeGreaterThanOrEqual(1);
  await expectAccessible(page);
});
