// One buying tab (spec §4): with JavaScript the tab that holds the purchase is the buying tab,
// and another tab of the same browser that opens the checkout is sent to payFinish with the
// spec's message; without JavaScript the browser is one tab and both go on.
import { expect, test } from "@playwright/test";
import { expectAccessible, holdOneGeneralPlace } from "./support";

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
