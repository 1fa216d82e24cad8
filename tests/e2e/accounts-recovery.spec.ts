// Issue 8's password screens as a browser meets them, JavaScript on and off: a password
// recovered through the mail in the outbox folder (as the shop wrote it), then used to log
// in; a password changed in one browser, which ends the session open in another.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { partText, readEml } from "../../commerce/mail/read-eml.ts";
import { expectAccessible, fillSignUpForm, uniqueEmail } from "./support";

test.describe.configure({ timeout: 150_000 });

/** Where the e2e server's API writes its mail (playwright.config.ts: DATA_DIR). */
const outbox = join("test-results", "e2e-data", "outbox");
const SIGN_UP_PASSWORD = "Entradas2026";

/** The recovery code of the newest mail to `email` in the outbox, once it has arrived. */
async function recoveryCodeFor(email: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith(".eml"));
        for (const name of names.sort().reverse()) {
          const mail = readEml(await readFile(join(outbox, name)));
          if (mail.headers.get("to") !== email) continue;
          expect(mail.contentType).toMatch(/^multipart\/alternative/);
          expect(mail.headers.get("content-language")).toBe("es");
          expect(mail.headers.get("subject")).toBe("Tu código para recuperar la contraseña");
          code = /\b(\d{8})\b/.exec(partText(mail, "text/plain") ?? "")?.[1] ?? "";
          return code;
        }
        return "";
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{8}$/);
  return code;
}

async function signUp(page: Page, email: string) {
  await page.goto("/signUp");
  await fillSignUpForm(page, { email });
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).not.toHaveURL(/\/signUp/);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

/** Another browser, with this project's JavaScript setting and language. */
function otherBrowser(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({
    baseURL,
    locale: "es-AR",
    javaScriptEnabled: test.info().project.use.javaScriptEnabled ?? true,
  });
}

test("a password is recovered with the code mailed to the outbox, and logs in", async ({
  page,
}) => {
  const email = uniqueEmail("recover");
  await signUp(page, email);
  await page.context().clearCookies();

  await page.goto("/login");
  await expectAccessible(page);
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page).toHaveURL(/\/recoverPassword$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Recuperar tu contraseña" }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(
    page.getByText(`Si ${email} tiene una cuenta, te enviamos un código a esa dirección.`),
  ).toBeVisible();
  await expectAccessible(page);
  const code = await recoveryCodeFor(email);

  // The spec's rules first: the code is required, the passwords must match.
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Recuperada2031");
  // Enter sends the form: a click could miss the button the blur's message has just moved.
  await page.getByLabel("Confirmar contraseña nueva").fill("Recuperada2032");
  await page.getByLabel("Confirmar contraseña nueva").press("Enter");
  const errors = page.locator(".field-error");
  await expect(
    errors.filter({ hasText: "El código de recuperación es obligatorio" }),
  ).toBeVisible();
  await expect(errors.filter({ hasText: "Las contraseñas deben coincidir" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Código de recuperación").fill(code);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Recuperada2031");
  await page.getByLabel("Confirmar contraseña nueva").fill("Recuperada2031");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText("Tu contraseña fue cambiada. Ingresá con tu contraseña nueva."),
  ).toBeVisible();
  await expectAccessible(page);

  // The old password no longer opens the account; the new one does.
  await logIn(page, email, SIGN_UP_PASSWORD);
  await expect(page.getByText("El e-mail o la contraseña no son correctos")).toBeVisible();
  await logIn(page, email, "Recuperada2031");
  await expect(page).not.toHaveURL(/\/login/);

  // The code was single use.
  await page.context().clearCookies();
  await page.goto("/recoverPassword");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await page.getByLabel("Código de recuperación").fill(code);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Otra2031xx");
  await page.getByLabel("Confirmar contraseña nueva").fill("Otra2031xx");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(
    errors.filter({ hasText: "El código de recuperación es incorrecto o venció" }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("changing the password ends the session open in another browser", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("change");
  await signUp(page, email);

  const elsewhere = await otherBrowser(browser, baseURL);
  const other = await elsewhere.newPage();
  await other.goto("/login?redirectTo=%2FmyOrders");
  await logIn(other, email, SIGN_UP_PASSWORD);
  await expect(other).toHaveURL(/\/myOrders$/);

  await page.goto("/changePassword");
  await expect(page.getByRole("heading", { level: 1, name: "Cambiar contraseña" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Contraseña actual").fill("Equivocada2026");
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Cambiada2031");
  await page.getByLabel("Confirmar contraseña nueva").fill("Cambiada2031");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(
    page.locator(".field-error").filter({ hasText: "La contraseña actual no es correcta" }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Contraseña actual").fill(SIGN_UP_PASSWORD);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Cambiada2031");
  await page.getByLabel("Confirmar contraseña nueva").fill("Cambiada2031");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(
    page.getByText("Tu contraseña fue cambiada. Se cerraron tus otras sesiones."),
  ).toBeVisible();
  await expectAccessible(page);
  // This browser stays logged in.
  await page.goto("/myOrders");
  await expect(page.getByRole("heading", { level: 1, name: "Mis compras" })).toBeVisible();
  await expectAccessible(page);

  // The other one is sent to log in, and only the new password lets it back.
  await other.goto("/myOrders");
  await expect(other).toHaveURL(/\/login\?redirectTo=%2FmyOrders$/);
  await expectAccessible(other);
  await logIn(other, email, "Cambiada2031");
  await expect(other).toHaveURL(/\/myOrders$/);
  await elsewhere.close();
});

test("the development outbox page does not exist in production", async ({ page }) => {
  const response = await page.goto("/dev/outbox");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
  await expectAccessible(page);
});
