// One buying tab (spec §4): with JavaScript the tab that holds the purchase is the buying tab,
// and another tab of the same browser that opens the checkout is sent to payFinish with the
// spec's message; without JavaScript the browser is one tab and both go on.
import { expect, test } from "@playwright/test";
import { expectAccessible, holdOneGeneralPlace, waitForHydration } from "./support";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test("a second tab of the browser is kept out of the purchase", async ({ page, context }) => {
  await holdOneGeneralPlace(page, "tabs");
  const checkout = page.url();

  const second = await context.newPage();
  await second.goto(checkout);
  if (jsOn()) {
    await expect(second).toHaveURL(/\/payFinish$/);
    await expect(
      second.getByRole("status").filter({
        hasText: "Iniciaste una compra en otra pestaña de tu navegador",
      }),
    ).toBeVisible();
    // The purchase is running: this page does not call it ended.
    await expect(
      second.getByRole("heading", { level: 1, name: "Tu compra sigue en otra pestaña" }),
    ).toBeVisible();
    await expect(second.getByText("Compra finalizada")).toHaveCount(0);
    await expectAccessible(second);
    // The buying tab goes on.
    await page.reload();
    await expect(page).toHaveURL(checkout);
    await expect(page.getByRole("button", { name: /^Pagar/ })).toBeVisible();
  } else {
    await expect(second).toHaveURL(checkout);
    await expect(second.getByRole("button", { name: /^Pagar/ })).toBeVisible();
    await expectAccessible(second);
  }
});

test("once the clock ran out, its checkout says the time is over, not cancelled (§4 FINISHED)", async ({
  page,
}) => {
  test.skip(!jsOn(), "the clock runs out in the browser only with JavaScript");
  await page.clock.install();
  await holdOneGeneralPlace(page, "finished");
  const checkout = page.url();
  await waitForHydration(page);
  await page.clock.fastForward("31:00");
  await page
    .getByRole("dialog", { name: "Proceso de compra cancelado" })
    .getByRole("button", { name: "Aceptar" })
    .click();
  await expect(page).toHaveURL(/\/funcion\//);

  // Coming back to that checkout (Back, a bookmark): the time ran out, it was not cancelled.
  await page.goto(checkout);
  await expect(page).toHaveURL(/\/payFinish$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Se agotó el tiempo límite de tu compra" }),
  ).toBeVisible();
  await expect(page.getByText("Tu proceso de compra fue cancelado")).toHaveCount(0);
  await expectAccessible(page);
});

test("a tab opened after the buying tab was closed goes on with the purchase", async ({
  page,
  context,
}) => {
  test.skip(!jsOn(), "without JavaScript the browser is one tab: nothing to tell apart");
  await holdOneGeneralPlace(page, "reopen");
  const checkout = page.url();
  await waitForHydration(page);
  await page.close({ runBeforeUnload: true });

  // Within the two minutes a silent tab would keep the purchase: the new tab is not a
  // second buyer, the first one is gone.
  const reopened = await context.newPage();
  const claimed = reopened.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/BuyTicket/"),
  );
  await reopened.goto(checkout);
  await claimed;
  await expect(reopened).toHaveURL(checkout);
  await expect(reopened.getByRole("button", { name: /^Pagar/ })).toBeVisible();
  await expect(reopened.getByText("Iniciaste una compra en otra pestaña")).toHaveCount(0);
  await expectAccessible(reopened);
});
