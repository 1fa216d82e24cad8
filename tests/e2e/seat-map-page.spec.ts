// The performance page with its hall (issue 9), JavaScript on (js-on) and off (js-off): seats
// chosen by form and bought on a 390 px phone without sideways scrolling, the list
// alternative, best available, the view from a sector, and every seat named with its row,
// seat, price and state in the accessibility tree. axe on every page visited.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  markSplashSeen,
  openFirstPerformance,
  openSeatForm,
  signUpByPost,
  testCards,
} from "./support";

const phone = { width: 390, height: 844 };
/** "Fila F, butaca 12, $ 5.000, disponible" (with the details of a special seat before the state). */
const seatName = /^Fila \S+, butaca \d+, \$\s[\d.]+(, [^,]+)*, (disponible|ocupada|en tu carrito)$/;

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(markSplashSeen);
  await page.setViewportSize(phone);
});

const signUp = (page: Page) => signUpByPost(page, "seats");

/** The theatre's play: a drawn hall with numbered stalls and dress circle. */
async function openTheatrePerformance(page: Page) {
  await page.goto("/landing/los-inquilinos-del-conventillo");
  await openFirstPerformance(page);
  await expect(page).toHaveURL(/\/funcion\//);
}

async function expectNoSideScroll(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  const screen = Math.min(width, page.viewportSize()?.width ?? width);
  expect(scroll, `${what} sticks out sideways`).toBeLessThanOrEqual(screen);
}

const freeSeats = (page: Page) => page.getByRole("checkbox", { name: /, disponible$/ });

/** Ticks a seat as a sighted buyer does: on its drawn box (the checkbox itself is hidden). */
async function tick(seat: Locator) {
  const box = seat.locator("xpath=following-sibling::span");
  if ((await box.count()) > 0) await box.click();
  else await seat.check();
  await expect(seat).toBeChecked();
}

async function payAndConfirm(page: Page, tickets: number) {
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expect(page.getByText(new RegExp(`\\b${tickets} entradas?\\b`)).first()).toBeVisible();
  await expectAccessible(page);
  await payOnCardForm(page, testCards.approves);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
}

test("the whole hall: stage, sectors as named links, legend, nothing sideways", async ({
  page,
}) => {
  await signUp(page);
  await openTheatrePerformance(page);
  const plan = page.locator("svg.hall-plan");
  await expect(plan).toBeVisible();
  await expect(plan.locator(".hall-stage-name")).not.toBeEmpty();
  const platea = plan.getByRole("link", {
    name: /^Platea, \$\s[\d.]+, (\d+ disponibles?|agotado)$/,
  });
  await expect(platea).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Referencias" })).toBeVisible();
  await expectNoSideScroll(page, "the hall");
  await expectAccessible(page);

  // The sector's shape on the plan leads to its seats.
  await platea.click();
  await expect(page).toHaveURL(/\?sector=\d+#seats$/);
  const seatsHeading = page.getByRole("heading", { name: "Butacas de Platea", exact: true });
  await expect(seatsHeading).toBeVisible();
  // The focus follows the link, as on every other navigation: with JavaScript to the seats'
  // heading; without, the next Tab starts from the seats (the fragment), not the page's top.
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.keyboard.press("Tab");
    await expect(page.locator("section#seats :focus")).toHaveCount(1);
  } else {
    await expect(seatsHeading).toBeFocused();
  }
  await expectNoSideScroll(page, "the hall with Platea's seats");
  await expectAccessible(page);
});

/** With JavaScript the drawn map replaces the seat form (seat-map-island.spec.ts covers it). */
const skipWithJavaScript = () =>
  test.skip(
    test.info().project.use.javaScriptEnabled !== false,
    "with JavaScript the map island replaces the seat form: seat-map-island.spec.ts",
  );

test("seats chosen by form and bought on a phone, without sideways scrolling", async ({ page }) => {
  skipWithJavaScript();
  await signUp(page);
  await openTheatrePerformance(page);
  await openSeatForm(page);
  await expectNoSideScroll(page, "the seat form at 390 px");
  await expectAccessible(page);

  // The list alternative is offered before the seats.
  const seatsSection = page.locator("section#seats");
  const listLink = seatsSection.getByRole("link", { name: "Elegir de una lista" });
  const firstSeat = seatsSection.locator('input[name="seat"]').first();
  const before = await listLink.evaluate(
    (link, seat) =>
      Boolean(link.compareDocumentPosition(seat as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
    await firstSeat.elementHandle(),
  );
  expect(before, "the list is offered before the map").toBe(true);

  // Each seat is at least 24 px square and in the screen.
  const boxes = await seatsSection
    .locator("input.seat")
    .evaluateAll((seats) =>
      seats.map((seat) => seat.getBoundingClientRect()).map((r) => [r.width, r.height, r.right]),
    );
  for (const [width, height, right] of boxes) {
    expect(width).toBeGreaterThanOrEqual(24);
    expect(height).toBeGreaterThanOrEqual(24);
    expect(right).toBeLessThanOrEqual(phone.width);
  }

  // Other tests buy seats of this hall at the same time: like a buyer, when a seat went
  // meanwhile (the page says so), open the form again and take two other free ones.
  const formUrl = page.url();
  let names: Array<string | null> = [];
  for (let attempt = 1; ; attempt++) {
    const free = freeSeats(page);
    const count = await free.count();
    const firstIndex = Math.floor(Math.random() * (count - 1));
    const chosen = [free.nth(firstIndex), free.nth(firstIndex + 1)];
    names = [
      await chosen[0].getAttribute("aria-label"),
      await chosen[1].getAttribute("aria-label"),
    ];
    const values = [await chosen[0].getAttribute("value"), await chosen[1].getAttribute("value")];
    for (const value of values) await tick(page.locator(`input[name="seat"][value="${value}"]`));
    await page.getByRole("button", { name: "Comprar las butacas elegidas" }).click();
    const lost = page.locator("[data-error-summary]").filter({ hasText: "ya no está disponible" });
    const onCheckout = () => /\/BuyTicket\/\d+$/.test(page.url());
    await expect.poll(async () => onCheckout() || (await lost.isVisible())).toBe(true);
    if (attempt === 3 || onCheckout()) break;
    await page.goto(formUrl);
  }
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  // The checkout names the chosen seats.
  for (const name of names) {
    const [row, seat] = (name ?? "").match(/^Fila (\S+), butaca (\d+)/)?.slice(1) ?? [];
    expect(row).toBeTruthy();
    await expect(
      page.getByText(new RegExp(`Fila ${row}, butaca ${seat}\\b`)).first(),
    ).toBeVisible();
  }
  await expectNoSideScroll(page, "the checkout");
  await payAndConfirm(page, 2);
});

test("a seat someone took is said so, and the choice comes back after a refusal", async ({
  page,
  browser,
}) => {
  skipWithJavaScript();
  await signUp(page);
  await openTheatrePerformance(page);
  await openSeatForm(page);
  // Two free seats side by side somewhere in the form: other tests running at the same time
  // take the first free seats of this performance.
  const free = freeSeats(page);
  const pick = Math.floor(Math.random() * ((await free.count()) - 1));
  const seat = free.nth(pick);
  const name = (await seat.getAttribute("aria-label")) ?? "";
  const value = (await seat.getAttribute("value")) ?? "";
  await tick(seat);
  const other = free.nth(pick + 1);
  await tick(other);
  const otherValue = (await other.getAttribute("value")) ?? "";

  // Someone else holds the first seat meanwhile.
  const rival = await browser.newPage();
  await signUp(rival);
  const held = await rival.request.post(page.url().replace(/#.*$/, ""), {
    form: { intent: "places", seat: value },
    maxRedirects: 0,
  });
  expect(held.status()).toBe(302);
  await rival.close();

  await page.getByRole("button", { name: "Comprar las butacas elegidas" }).click();
  await expect(page.locator("[data-error-summary]")).toContainText("ya no está disponible");
  const taken = page.getByRole("checkbox", { name: name.replace(/disponible$/, "ocupada") });
  await expect(taken).toBeDisabled();
  await expect(page.locator(`input[name="seat"][value="${otherValue}"]`)).toBeChecked();
  await expectAccessible(page);
});

test("choosing from a list: sector, row, then the row's free seats", async ({ page }) => {
  await signUp(page);
  await openTheatrePerformance(page);
  await page.getByRole("link", { name: "Elegir de una lista" }).first().click();
  await expect(page).toHaveURL(/vista=lista/);
  await expectAccessible(page);
  if (!new URL(page.url()).searchParams.has("sector")) {
    await page.getByRole("link", { name: /^Platea, / }).click();
  }
  await expect(page.getByRole("heading", { name: /^Elegí una fila de Platea/ })).toBeVisible();
  await expectNoSideScroll(page, "the rows");
  await expectAccessible(page);
  await page
    .getByRole("link", { name: /^Fila \S+: \d+ butacas? libres?$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/fila=/);
  await expect(page.getByRole("checkbox", { name: /, ocupada$/ })).toHaveCount(0);
  await expectNoSideScroll(page, "a row's seats");
  await expectAccessible(page);
  // Other tests buy seats of this hall at the same time: like a buyer, when the seat went
  // meanwhile (the page says so and lists the row again), take another free one.
  for (let attempt = 1; ; attempt++) {
    const free = freeSeats(page);
    await tick(free.nth(Math.floor(Math.random() * (await free.count()))));
    await page.getByRole("button", { name: "Comprar las butacas elegidas" }).click();
    const lost = page.getByRole("alert").filter({ hasText: "ya no está disponible" });
    const onCheckout = () => /\/BuyTicket\/\d+$/.test(page.url());
    await expect.poll(async () => onCheckout() || (await lost.isVisible())).toBe(true);
    if (attempt === 3 || onCheckout()) break;
  }
  await payAndConfirm(page, 1);
});

/** Signed up, on the theatre's play, asks the sector's form for the `count` best seats. */
async function holdBestSeats(page: Page, count: number) {
  await signUp(page);
  await openTheatrePerformance(page);
  await openSeatForm(page);
  const form = page
    .locator("section#seats")
    .getByRole("form", { name: /^Las mejores butacas de / });
  await form.getByLabel("Cantidad de butacas").selectOption(String(count));
  await form.getByRole("button", { name: "Buscar las mejores butacas" }).click();
}

test("best available: N seats of a sector in one form", async ({ page }) => {
  await holdBestSeats(page, 3);
  await payAndConfirm(page, 3);
});

test("the cart moves the held seats to another sector, all of them", async ({ page }) => {
  await holdBestSeats(page, 2);
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  const held = page.locator('section[aria-labelledby="held-heading"]');
  const target = held.getByLabel(/^Pasar las 2 butacas de \S+ a/);
  const pullman = await target.locator("option", { hasText: /^Pullman/ }).getAttribute("value");
  await target.selectOption(pullman ?? "");
  await page.getByRole("button", { name: "Cambiar de sector" }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /mejores disponibles del nuevo sector|no son contiguas/ }),
  ).toBeVisible();
  await expect(held.locator("li", { hasText: /^Pullman · Fila/ })).toHaveCount(2);
  await expectAccessible(page);
  await expectNoSideScroll(page, "the cart");
});

test("every seat's name says its row, seat, price and state", async ({ page }) => {
  await signUp(page);
  await openTheatrePerformance(page);
  await openSeatForm(page);
  // The server's grid, or with JavaScript the drawn map: the same names either way.
  const seatsBox = page.locator("[data-seat-grid], svg.seat-map-svg");
  const tree = await seatsBox.ariaSnapshot();
  const seats = tree.split("\n").filter((line) => line.includes("checkbox"));
  expect(seats.length).toBeGreaterThan(10);
  for (const line of seats) {
    const name = line.match(/checkbox "([^"]+)"/)?.[1] ?? "";
    expect(name, line).toMatch(seatName);
  }
  // Rows are groups named by their row.
  await expect(seatsBox.getByRole("group", { name: /^Fila \S+$/ }).first()).toBeVisible();
});

test("the view from a sector scrolls in its own box, described in words", async ({ page }) => {
  // With JavaScript the view turns instead (seat-map-island.spec.ts).
  skipWithJavaScript();
  await signUp(page);
  await openTheatrePerformance(page);
  const view = page.getByRole("link", { name: /^Ver desde este sector/ }).first();
  test.skip((await view.count()) === 0, "no sector of this hall has a view");
  await view.click();
  await expect(page).toHaveURL(/\/vista\/\d+$/);
  const image = page
    .getByRole("img")
    .filter({ has: page.locator("xpath=self::img") })
    .first();
  const alt = (await page.locator(".panorama img").getAttribute("alt")) ?? "";
  expect(alt.length).toBeGreaterThan(10);
  await expect(page.locator("figcaption")).toHaveText(alt);
  await expect(image).toBeVisible();
  await expectNoSideScroll(page, "the view from a sector");
  await expectAccessible(page);
});

test("a big sector's seats come a page of rows at a time, each page reachable", async ({
  page,
}) => {
  // With JavaScript the drawn map shows the whole sector (seat-map-island.spec.ts).
  skipWithJavaScript();
  await signUp(page);
  await page.goto("/landing/rock-del-rio-en-la-costanera");
  await openFirstPerformance(page);
  await page.getByRole("link", { name: /^Elegir butacas en Platea Campo/ }).click();
  const pages = page.getByRole("navigation", { name: "Filas del sector" });
  await expect(pages.locator('[aria-current="page"]')).toHaveText(/^Filas A a /);
  const seats = page.locator('input[name="seat"]');
  const firstPage = await seats.count();
  expect(firstPage).toBeGreaterThan(100);
  expect(firstPage).toBeLessThanOrEqual(300);
  await expectNoSideScroll(page, "a page of a big sector's rows");
  await expectAccessible(page);

  const next = pages.getByRole("link").first();
  const label = (await next.textContent()) ?? "";
  await next.click();
  await expect(page).toHaveURL(/[?&]filas=2/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText(label);
  const firstRow = label.match(/^Filas (\S+) a /)?.[1] ?? "";
  await expect(seats.first()).toHaveAccessibleName(new RegExp(`^Fila ${firstRow}, butaca \\d+, `));
  await expectAccessible(page);
});
