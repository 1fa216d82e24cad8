// The seat map with JavaScript (issue 9): two seats chosen on the drawn map by keyboard only
// and bought; a seat someone else takes turning taken while the page is open, no reload; the
// 360° view turned by keys. axe on every page visited. JavaScript-only by nature: the js-off
// projects see the server's seat form instead (seat-map-page.spec.ts).
import { expect, type Page, test } from "@playwright/test";
import { payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  markSplashSeen,
  openFirstPerformance,
  signUpByPost,
  testCards,
} from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(
    testInfo.project.use.javaScriptEnabled === false ||
      testInfo.project.name.startsWith("external"),
    "the map island needs JavaScript; the external-login projects do not cover the seat map",
  );
  await page.addInitScript(markSplashSeen);
});

const signUp = (page: Page) => signUpByPost(page, "island");

/** The theatre's stalls, drawn: the island replaces the seat form once hydrated. */
async function openStallsMap(page: Page) {
  await page.goto("/landing/los-inquilinos-del-conventillo");
  await openFirstPerformance(page);
  await expect(page).toHaveURL(/\/funcion\//);
  await page
    .getByRole("link", { name: /^Platea, / })
    .first()
    .click();
  const map = page.getByRole("group", { name: "Butacas de Platea" });
  await expect(map.locator("[data-place-id]").first()).toBeAttached();
  return map;
}

const focusedSeat = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      role: element?.getAttribute("role") ?? "",
      name: element?.getAttribute("aria-label") ?? "",
      checked: element?.getAttribute("aria-checked") ?? "",
      placeId: element?.getAttribute("data-place-id") ?? "",
    };
  });

test("two seats chosen on the map by keyboard only, then bought", async ({ page }) => {
  await signUp(page);
  const map = await openStallsMap(page);
  await expectAccessible(page);

  // Tab from the help text lands on one seat: the map is a single Tab stop.
  await page.getByText(/^Usá las flechas/).click();
  await page.keyboard.press("Tab");
  let seat = await focusedSeat(page);
  expect(seat.role).toBe("checkbox");
  expect(seat.name).toMatch(/^Fila \S+, butaca \d+, \$\u00a0[\d.]+(, [^,]+)*, disponible$/);

  // Choose it, then walk along the row (and on to the next rows) to the next free seat.
  await page.keyboard.press("Space");
  expect((await focusedSeat(page)).checked).toBe("true");
  const first = seat;
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press(step < 30 ? "ArrowRight" : "ArrowDown");
    seat = await focusedSeat(page);
    if (seat.placeId !== first.placeId && seat.name.endsWith(", disponible")) break;
  }
  expect(seat.name).toMatch(/, disponible$/);
  await page.keyboard.press("Enter");
  expect((await focusedSeat(page)).checked).toBe("true");
  await expect(page.locator(".seat-map-summary")).toContainText("2 butacas elegidas");
  await expect(map.locator('[aria-checked="true"]')).toHaveCount(2);

  // The next Tab leaves the map at once and reaches the button that buys them.
  await page.keyboard.press("Tab");
  expect((await focusedSeat(page)).role).not.toBe("checkbox");
  for (let step = 0; step < 5; step++) {
    const name = await page.evaluate(() => document.activeElement?.textContent ?? "");
    if (name.includes("Comprar las butacas elegidas")) break;
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expect(page.getByText("2 entradas")).toBeVisible();
  for (const chosen of [first, seat]) {
    const [row, number] = chosen.name.match(/^Fila (\S+), butaca (\d+)/)?.slice(1) ?? [];
    await expect(
      page.getByText(new RegExp(`Fila ${row}, butaca ${number}\\b`)).first(),
    ).toBeVisible();
  }
  await payOnCardForm(page, testCards.approves);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
});

test("a seat someone else takes turns taken while the page is open", async ({ page, browser }) => {
  await signUp(page);
  const map = await openStallsMap(page);
  const free = map.getByRole("checkbox", { name: /, disponible$/ });
  const target = free.first();
  const name = (await target.getAttribute("aria-label")) ?? "";
  const placeId = (await target.getAttribute("data-place-id")) ?? "";
  await target.click();
  await expect(target).toHaveAttribute("aria-checked", "true");

  // Another buyer holds that very seat through the page's own form.
  const rival = await browser.newPage();
  await signUp(rival);
  const held = await rival.request.post(page.url().replace(/#.*$/, ""), {
    form: { intent: "places", seat: placeId },
    maxRedirects: 0,
  });
  expect(held.status()).toBe(302);
  await rival.close();

  // No reload: the next refresh marks it taken, unchooses it and says so.
  const taken = map.getByRole("checkbox", { name: name.replace(/disponible$/, "ocupada") });
  await expect(taken).toHaveAttribute("aria-disabled", "true", { timeout: 40_000 });
  await expect(taken).toHaveAttribute("aria-checked", "false");
  await expect(page.locator(".seat-map-summary")).toContainText("acaba de tomar");
  await expectAccessible(page);
});

test("zoom by buttons and keys keeps the page from scrolling sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  const map = await openStallsMap(page);
  const svg = page.locator("svg.seat-map-svg");
  const whole = await svg.getAttribute("viewBox");
  await page.getByRole("button", { name: "Acercar" }).click();
  const closer = await svg.getAttribute("viewBox");
  expect(closer).not.toBe(whole);
  await map.locator("[data-place-id][tabindex='0']").focus();
  await page.keyboard.press("0");
  await expect(svg).toHaveAttribute("viewBox", whole ?? "");
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);

  // Seats this small are hard to hit: the list comes first above the map, before the zoom
  // buttons and any seat in the Tab order (WCAG 2.5.8's equivalent control).
  const island = page.locator(".seat-map-island");
  const listSwitch = island.getByRole("link", { name: "Elegir de una lista" });
  await expect(listSwitch).toBeVisible();
  const firstStop = await island.evaluate(
    (element) => element.querySelector("a[href], button, [tabindex='0']")?.textContent,
  );
  expect(firstStop).toBe("Elegir de una lista");
  await listSwitch.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Acercar" })).toBeFocused();

  // Zoomed in all the way, a seat is a 24 px target or more (WCAG 2.5.8).
  const zoomIn = page.getByRole("button", { name: "Acercar" });
  for (
    let press = 0;
    press < 12 && (await zoomIn.getAttribute("aria-disabled")) !== "true";
    press++
  ) {
    await zoomIn.click();
  }
  await expect(zoomIn).toHaveAttribute("aria-disabled", "true");
  const seat = await map.locator("[data-place-id][tabindex='0']").boundingBox();
  expect(seat?.width).toBeGreaterThanOrEqual(24);
  expect(seat?.height).toBeGreaterThanOrEqual(24);
  await expectAccessible(page);
});

test("the view from a sector turns with the arrow keys", async ({ page }) => {
  await signUp(page);
  await openStallsMap(page);
  await page
    .getByRole("link", { name: /^Ver desde este sector/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/vista\/\d+$/);
  const viewer = page.locator(".panorama-viewer");
  await expect(viewer).toHaveAttribute("aria-describedby", /.+/);
  const strip = page.locator(".panorama-strip");
  await expect(strip.locator("img").first()).toHaveJSProperty("complete", true);
  const before = await strip.evaluate((element) => getComputedStyle(element).transform);
  await viewer.focus();
  await page.keyboard.press("ArrowRight");
  await expect
    .poll(() => strip.evaluate((element) => getComputedStyle(element).transform))
    .not.toBe(before);
  await expectAccessible(page);
});
