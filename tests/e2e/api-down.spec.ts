// The storefront while its commerce API cannot be reached (spec §8, nCode 555): a second
// storefront is started for these tests, pointed at an API address where nothing listens.
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { closedPort, startSecondStorefront, stopSecondStorefront } from "./second-storefront";
import { expectAccessible } from "./support";

function startStorefront(port: number, apiPort: number): Promise<ChildProcess> {
  return startSecondStorefront(port, {
    DATA_DIR: "test-results/e2e-data-api-down",
    SESSION_SECRET: "e2e-session-secret-0123456789",
    COMMERCE_API_URL: `http://127.0.0.1:${apiPort}/v2`,
  });
}

let storefront: ChildProcess | undefined;
let origin = "";

test.beforeAll(async () => {
  // A free port of the system's: no clash with any other server of the suite.
  const port = await closedPort();
  storefront = await startStorefront(port, await closedPort());
  origin = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await stopSecondStorefront(storefront);
});

test("login says the server could not be reached, in Spanish, and keeps the e-mail", async ({
  page,
}) => {
  await page.goto(`${origin}/login`);
  const email = page.getByLabel("Correo electrónico", { exact: true });
  await email.fill("ana@example.com");
  await page.getByLabel("Contraseña", { exact: true }).fill("Entradas2026");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Ocurrió un error de comunicación con el servidor",
  );
  await expect(page.locator("body")).not.toContainText("fetch failed");
  await expect(email).toHaveValue("ana@example.com");
  await expectAccessible(page);
});

test("a page that needs the API shows 'Atención' as its title, with the focus on it", async ({
  page,
}) => {
  const response = await page.goto(`${origin}/`);
  expect(response?.status()).toBe(503);
  await expect(page).toHaveTitle("Atención");
  const dialog = page.getByRole("dialog", { name: "Atención" });
  await expect(dialog).toContainText("Ocurrió un error de comunicación con el servidor");
  await expect(page.locator("body")).not.toContainText("fetch failed");
  await expect(dialog.getByRole("button", { name: "Aceptar" })).toBeFocused();
  await expectAccessible(page);
});
