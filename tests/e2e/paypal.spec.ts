// Paying with PayPal from the checkout, with JavaScript on (js-on) and off (js-off): the
// checkout sends the buyer to PayPal's page (its stand-in, on its own origin); cancelled there,
// the buyer is back on the checkout with the places held; a test buyer whose capture PayPal
// declines ends on the failure page saying why; one who approves ends on the success page, and
// the order is in My orders.
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, holdOneGeneralPlace } from "./support";

test.describe.configure({ timeout: 180_000 });

/** From the checkout to PayPal's page, paying with PayPal. */
async function payWithPayPal(page: Page) {
  await page.getByLabel("PayPal", { exact: true }).check();
  await page.getByLabel(/Leí y acepto/).check();
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/checkoutnow\?token=\w+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Pay with PayPal (local stand-in)",
  );
}

/** On PayPal's page: approve as one of its test buyers. */
async function approveAs(page: Page, buyer: RegExp) {
  await page.getByLabel(buyer).check();
  await page.getByRole("button", { name: "Approve and continue" }).click();
}

test("PayPal: cancelled there and back to the checkout, declined, then approved and paid", async ({
  page,
}) => {
  await holdOneGeneralPlace(page, "paypal");
  const checkout = page.url();
  expect(checkout).toMatch(/\/BuyTicket\/\d+$/);
  await expect(page.getByText(/PayPal/).and(page.locator("#paypal-note"))).toBeVisible();
  await expectAccessible(page);

  // Cancelled on PayPal's page: the checkout again, its places held, saying so.
  await payWithPayPal(page);
  await page.getByRole("button", { name: "Cancel and return to the shop" }).click();
  await expect(page).toHaveURL(checkout);
  await expect(
    page.getByRole("status").filter({ hasText: "Cancelaste el pago en PayPal" }),
  ).toHaveText(
    "Cancelaste el pago en PayPal. Tus lugares siguen reservados: podés volver a pagar hasta que termine el tiempo.",
  );
  await expect(page.getByText("1 entrada")).toBeVisible();
  await expectAccessible(page);

  // A buyer whose funding PayPal declines at the capture: the failure page says why.
  await payWithPayPal(page);
  await approveAs(page, /^Diego Rechazo/);
  await expect(page).toHaveURL(/\/payError\?idProcesoDeCompra=\d+$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "El pago falló: PayPal rechazó el medio de pago que elegiste; probá con otro",
  );
  await expectAccessible(page);

  // Paid again from the checkout, approved: the success page, and the order in My orders.
  await page.goto(checkout);
  await payWithPayPal(page);
  await approveAs(page, /^Ana Aprueba/);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Ver mis compras" }).click();
  const payments = page.getByRole("region", { name: /^Pagos/ });
  await expect(payments.getByRole("listitem").last()).toContainText("Aprobado");
  await expectAccessible(page);
});
