// Payments that do not end at the charge, with JavaScript on (js-on) and off (js-off):
// 3-D Secure on the sandbox bank's page (approved, cancelled), and a payment the bank decides
// a few seconds later (SANDBOX_DECISION_SECONDS, 8 by default): the verification page asks
// again 5 times, then says it found delays and offers Retry; the decision, notified by the
// sandbox's signed webhook, ends on the success or the failure page.
import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  fillCard,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
  skipSplash,
  waitForHydration,
} from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(skipSplash);

async function holdTwoTickets(page: Page, prefix: string) {
  await signUpByPost(page, prefix);
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 2);
  await expect(page.getByText("2 entradas")).toBeVisible();
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar/ });

test("3-D Secure: the bank's page asks for the code, and the purchase is confirmed", async ({
  page,
}) => {
  await holdTwoTickets(page, "threeds");
  await fillCard(page, "4000000000003220");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/3ds\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Banco de pruebas — verificación de compra (3-D Secure)",
  );
  await expect(page.getByText("terminada en 3220")).toBeVisible();
  await expectAccessible(page, { outsideService: true });
  await page.getByLabel("Código de verificación").fill("1234");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
});

test("3-D Secure cancelled at the bank: nothing charged, and the buyer may pay again", async ({
  page,
}) => {
  await holdTwoTickets(page, "threeds-cancel");
  await fillCard(page, "4000000000003220");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/3ds\//);
  await page.getByRole("button", { name: "Cancelar la compra" }).click();
  await expect(page).toHaveURL(/\/payError\?idProcesoDeCompra=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pago cancelado" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Cancelaste el pago con tu banco. No se cobró nada.",
  );
  await expectAccessible(page);
  // Paid again with another card on the payment change page (the terms were accepted already).
  await page.getByRole("link", { name: "Pagar con otro medio" }).click();
  await expect(page).toHaveURL(/\/payChange\/\d+$/);
  await page.getByLabel("Número de tarjeta").fill("4111111111111111");
  await page.getByLabel("Mes de vencimiento").selectOption("12");
  await page.getByLabel("Año de vencimiento").selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel("Código de seguridad").fill("123");
  await page.getByLabel(/Nombre del titular/).fill("ANA PEREYRA");
  await page.getByLabel("Documento del titular").fill("30123456");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);

  // My orders lists both payments of the purchase, the cancelled one saying so.
  await page.getByRole("link", { name: "Ver mis compras" }).click();
  const payments = page.getByRole("region", { name: "Pagos (2)" });
  await expect(payments.getByRole("listitem")).toHaveCount(2);
  await expect(payments.getByRole("listitem").first()).toContainText("terminada en 3220");
  await expect(payments.getByRole("listitem").first()).toContainText("Cancelado");
  await expect(payments.getByRole("listitem").nth(1)).toContainText("terminada en 1111");
  await expect(payments.getByRole("listitem").nth(1)).toContainText("Aprobado");
  await expect(page.getByRole("link", { name: "Agregar a mi calendario (.ics)" })).toBeVisible();
  await expectAccessible(page);
});

test("a payment the bank decides later: verifying, delays and Retry, then confirmed", async ({
  page,
}) => {
  await holdTwoTickets(page, "pending");
  // With JavaScript the payment goes through the router, whose answers replace (0071).
  await waitForHydration(page);
  await fillCard(page, "4000000000000077");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payConfirm\?idProcesoDeCompra=\d+/);
  await expect(page.getByRole("heading", { level: 1, name: "Verificando tu pago…" })).toBeVisible();
  await expect(page).toHaveTitle(/^Verificando tu pago…/);
  // Without JavaScript this page reloads itself every second, which axe would race; the same
  // page is checked below once it stops (the delays).
  if (test.info().project.use.javaScriptEnabled !== false) await expectAccessible(page);
  // Five attempts a second apart (by script, or by refreshing without it), then the delays.
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Encontramos demoras en la verificación de tu compra",
    { timeout: 30_000 },
  );
  await expect(
    page.getByRole("heading", { level: 1, name: "Pago pendiente de confirmación" }),
  ).toBeVisible();
  // The tab's title follows the page: no "Verifying" once the page says it stopped.
  await expect(page).toHaveTitle(/^Pago pendiente de confirmación/);
  await expectAccessible(page);
  await expect(page.getByRole("link", { name: "Ver mis compras" })).toBeVisible();
  // The bank decides (8 s after the charge) while the buyer retries: confirmed.
  // A retry's own checks may reach the result after a round gave up waiting: no more retries.
  const confirmed = /\/BuyTicket\/ok\/\d+$/;
  await expect(async () => {
    if (!confirmed.test(page.url())) {
      await page.getByRole("link", { name: "Reintentar" }).click({ timeout: 2_000 });
    }
    await expect(page).toHaveURL(confirmed, { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
  // The result took the verification page's entry, as the payment took the checkout's: Back
  // goes to the show (or its performance, when the hold was sent before the page was
  // hydrated), never to a page that leaves at once (decision 0071). Without JavaScript the
  // browser kept the form's result.
  if (test.info().project.use.javaScriptEnabled !== false) {
    await page.goBack();
    await expect(page).toHaveURL(/\/(landing|funcion)\//);
  }
});

test("a payment the bank rejects later ends on the failure page, saying why", async ({ page }) => {
  await holdTwoTickets(page, "pending-rejected");
  await fillCard(page, "4000000000000093");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payConfirm\?/);
  await expect(async () => {
    const retry = page.getByRole("link", { name: "Reintentar" });
    if (await retry.isVisible()) await retry.click();
    await expect(page).toHaveURL(/\/payError\?idProcesoDeCompra=\d+$/, { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1, name: "El pago falló" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "El pago falló: el emisor de la tarjeta rechazó el pago después de revisarlo",
  );
  await expectAccessible(page);
});
