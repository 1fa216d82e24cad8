// Every amount a buyer reads agrees with the others and with what is charged (issue 30): the
// checkout's summary and its Pay button after home delivery changes the total, with and
// without JavaScript, and the order's totals on My orders and on its bill.
import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  fillCard,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
  testCards,
} from "./support";

test.describe.configure({ timeout: 150_000 });

/** Saves a home address for the signed-in buyer, as /myAddress's form posts it. */
async function addHomeAddress(page: Page) {
  const response = await page.request.post("/myAddress", {
    form: {
      intent: "add",
      cTipo: "PARTICULAR",
      cCalle: "Av. de Mayo",
      cNumero: "525",
      cPais: "AR",
      cProvincia: "AR-C",
      cLocalidad: "Buenos Aires",
      cCodigoPostal: "C1084",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** A new buyer with a saved address, holding one general-admission place: on the checkout. */
async function checkoutWithAddress(page: Page, prefix: string) {
  await page.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
  await signUpByPost(page, prefix);
  await addHomeAddress(page);
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 1);
}

/** The checkout summary's total, as printed ("$ 4.950"). */
const summaryTotal = (page: Page) =>
  page.locator("dl").filter({ hasText: "Total" }).locator("dd").last();
const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar/ });

test("after home delivery changes the total, the summary and the Pay button say the same", async ({
  page,
}) => {
  await checkoutWithAddress(page, "home-total");
  const before = await summaryTotal(page).textContent();
  await expect(payButton(page)).toHaveText(`Pagar ${before}`);

  await page.getByLabel(/^Envío a domicilio/).check();
  await fillCard(page, testCards.approves);
  // A submit refused before anything is recorded (the terms left unaccepted): without
  // JavaScript the page comes back with the choice as sent; with it, the form stops it.
  await page.getByLabel(/Leí y acepto/).uncheck();
  await payButton(page).click();
  await expect(page.getByLabel(/Leí y acepto/)).toHaveAttribute("aria-invalid", "true");
  await expect(summaryTotal(page)).not.toHaveText(before ?? "");
  const after = await summaryTotal(page).textContent();
  await expect(payButton(page)).toHaveText(`Pagar ${after}`);
  await expect(
    page.locator("dl").filter({ hasText: "Total" }).getByText("$ 2.500", { exact: true }),
  ).toBeVisible();
  await expectAccessible(page);
});
