// The card's checks (§5) with JavaScript are the server's: a buyer who types a bad card and
// presses Pay with the mouse sees every problem at once, as the server lists them without
// JavaScript — not only the message of the field just left. The shop's own card fields are
// the sandbox acquirer's (decision 0077): the suite's server takes cards on Bancard's form,
// so these run on a storefront of their own without the stand-ins (PAYMENT_STAND_INS=off).
import type { ChildProcess } from "node:child_process";
import { type Browser, expect, test } from "@playwright/test";
import { closedPort, startSecondStorefront, stopSecondStorefront } from "./second-storefront";
import { expectAccessible, holdOneGeneralPlace, waitForHydration } from "./support";

const everyProblem = [
  "Número de tarjeta inválido",
  "Elegí el mes de vencimiento",
  "Elegí el año de vencimiento",
  "El código de seguridad tiene 3 o 4 dígitos",
  "Ingresá el nombre del titular",
  "Ingresá el número de documento",
  "Tenés que aceptar los términos y condiciones",
];

let shop: ChildProcess | undefined;
let origin = "";

test.beforeAll(async () => {
  const port = await closedPort();
  origin = `http://127.0.0.1:${port}`;
  shop = await startSecondStorefront(port, {
    DATA_DIR: "test-results/e2e-data-card-checks",
    PGLITE_DIR: "memory://",
    SESSION_SECRET: "e2e-session-secret-0123456789",
    PAYMENT_STAND_INS: "off",
    RATE_LIMITS: "signUp.address=500/60,login.address=500/15",
  });
  await expect
    .poll(async () => (await fetch(`${origin}/readyz`)).status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  await stopSecondStorefront(shop);
});

test("a bad card shows every problem the server finds, with JavaScript or without", async ({
  browser,
  javaScriptEnabled,
}: {
  browser: Browser;
  javaScriptEnabled: boolean;
}) => {
  const context = await browser.newContext({ baseURL: origin, locale: "es-AR", javaScriptEnabled });
  const page = await context.newPage();
  await holdOneGeneralPlace(page, "card-checks");
  if (javaScriptEnabled) await waitForHydration(page);
  // Typed field by field, as a buyer does (each one left for the next).
  await page.getByLabel("Número de tarjeta").fill("4111111111111112");
  await page.getByLabel("Código de seguridad").fill("12");
  await page.getByLabel(/Nombre del titular/).fill("");
  await page.getByLabel("Documento del titular").fill("");
  await page.getByRole("button", { name: /^Pagar/ }).click();

  const summary = page.locator("[data-error-summary]");
  await expect(summary).toContainText(`Revisá estos ${everyProblem.length} datos`);
  for (const problem of everyProblem) {
    await expect(summary.getByRole("link", { name: problem })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expectAccessible(page);
  await context.close();
});
