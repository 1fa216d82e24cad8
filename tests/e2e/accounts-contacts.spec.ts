// A customer's phones (/myPhone) and addresses (/myAddress), JavaScript on and off: added
// (the first phone at sign-up), refused with the validation messages, edited, made default
// and deleted after a confirmation (a modal dialog with JavaScript, a section of the page
// without). axe on every page and state visited.
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, fillSignUpForm, uniqueEmail } from "./support";

test.describe.configure({ timeout: 150_000 });

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function signUp(page: Page, phone?: { type: string; number: string }) {
  await page.goto("/signUp");
  await fillSignUpForm(page, { email: uniqueEmail("contacts") });
  if (phone) {
    await page
      .getByLabel("Tipo de teléfono predeterminado (opcional)", { exact: true })
      .selectOption(phone.type);
    await page.getByLabel("Teléfono predeterminado (opcional)", { exact: true }).fill(phone.number);
  }
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).not.toHaveURL(/\/signUp/);
}

const notice = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const entries = (page: Page, name: string) =>
  page.getByRole("list", { name }).getByRole("listitem");

test("phones: the one from sign-up, then added, refused, edited, made default and deleted", async ({
  page,
}) => {
  await signUp(page, { type: "MOVIL", number: "+54 9 11 5555-0101" });
  await page.goto("/myPhone");
  await expect(page.getByRole("heading", { level: 1, name: "Mis teléfonos" })).toBeVisible();
  const phones = entries(page, "Tus teléfonos");
  await expect(phones).toHaveCount(1);
  await expect(phones.first()).toContainText("+54 9 11 5555-0101");
  await expect(phones.first()).toContainText("Predeterminado");
  await expectAccessible(page);

  // Refused: the summary names what to fix and takes the focus.
  await page.getByLabel("Tipo", { exact: true }).selectOption("PERMANENTE");
  await page.getByLabel("Número de teléfono").fill("11 CASA 22");
  // Enter sends the form from the field (a click can land beside the button when the
  // field's own message, shown as it loses the focus, pushes the button down first).
  await page.getByLabel("Número de teléfono").press("Enter");
  const summary = page.locator("[data-error-summary]");
  await expect(summary).toContainText(
    "El teléfono solo puede tener dígitos, espacios, guiones, paréntesis y un + al comienzo",
  );
  await expect(summary).toBeFocused();
  await expect(page.getByLabel("Número de teléfono")).toHaveValue("11 CASA 22");
  await expectAccessible(page);

  await page.getByLabel("Número de teléfono").fill("011 4321-5678");
  await page.getByRole("button", { name: "Agregar teléfono" }).click();
  await expect(notice(page, "Se agregó el teléfono.")).toBeVisible();
  // With JavaScript the focus moves to the notice; without it the new page starts at the top.
  if (jsOn()) await expect(notice(page, "Se agregó el teléfono.")).toBeFocused();
  await expect(phones).toHaveCount(2);
  await expect(phones.nth(1)).toContainText("011 4321-5678");
  await expect(phones.nth(1)).toContainText("Fijo");
  await expect(phones.nth(1)).not.toContainText("Predeterminado");

  await page.getByRole("link", { name: "Modificar 011 4321-5678" }).click();
  await expect(page.getByRole("heading", { name: "Modificar el teléfono" })).toBeVisible();
  await expect(page.getByLabel("Número de teléfono")).toHaveValue("011 4321-5678");
  await expectAccessible(page);
  await page.getByLabel("Número de teléfono").fill("011 4321-9999");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(notice(page, "Se modificó el teléfono.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Agregar un teléfono" })).toBeVisible();

  await page.getByRole("button", { name: "Hacer predeterminado 011 4321-9999" }).click();
  await expect(notice(page, "Ese es ahora tu teléfono predeterminado.")).toBeVisible();
  await expect(phones.first()).toContainText("011 4321-9999");
  await expect(phones.first()).toContainText("Predeterminado");
  await expect(phones.nth(1)).not.toContainText("Predeterminado");

  // Delete the default: a confirmation first; the other phone becomes the default.
  await page.getByRole("link", { name: "Eliminar 011 4321-9999" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Eliminar este teléfono?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Se eliminará el teléfono 011 4321-9999.");
  if (jsOn()) {
    // A real modal: Escape keeps the phone.
    await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(phones).toHaveCount(2);
    await page.getByRole("link", { name: "Eliminar 011 4321-9999" }).click();
    await expect(dialog).toBeVisible();
  }
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Sí, eliminarlo" }).click();
  await expect(notice(page, "Se eliminó el teléfono.")).toBeVisible();
  await expect(phones).toHaveCount(1);
  await expect(phones.first()).toContainText("+54 9 11 5555-0101");
  await expect(phones.first()).toContainText("Predeterminado");
  await expectAccessible(page);
});

test("addresses: refused, added with a province of the country, edited, made default and deleted", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/myAddress");
  await expect(page.getByRole("heading", { level: 1, name: "Mis domicilios" })).toBeVisible();
  await expect(page.getByText("Todavía no tenés domicilios.")).toBeVisible();
  // The long province names do not widen the form past a phone's screen (WCAG 1.4.10).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectAccessible(page);

  // Nothing filled in: every required field is named.
  await page.getByRole("button", { name: "Agregar domicilio" }).click();
  const summary = page.locator("[data-error-summary]");
  for (const text of [
    "Elegí el tipo de domicilio",
    "Ingresá la calle",
    "Ingresá el número de la calle",
    "Elegí el país",
    "Elegí la provincia o estado",
    "Ingresá la localidad",
    "Ingresá el código postal",
  ]) {
    await expect(summary).toContainText(text);
  }
  await expect(summary).toBeFocused();
  await expectAccessible(page);

  await page.getByLabel("Tipo", { exact: true }).selectOption("PARTICULAR");
  await page.getByLabel("A quién preguntar (opcional)").fill("Portería");
  await page.getByLabel("Calle").fill("Av. 18 de Julio");
  await page.getByLabel("Número", { exact: true }).fill("1360");
  await page.getByLabel("Piso (opcional)").fill("2");
  await page.getByLabel("Localidad").fill("Montevideo");
  await page.getByLabel("Código postal").fill("11200");
  await page.getByLabel("País").selectOption("UY");
  const province = page.getByLabel("Provincia o estado");
  if (jsOn()) {
    // The province list follows the country at once.
    await expect(province.locator("option", { hasText: "Montevideo" })).toHaveCount(1);
    await expect(province.locator("option", { hasText: "Córdoba" })).toHaveCount(0);
    await page.getByLabel("País").selectOption("BR");
    await expect(province.locator("option", { hasText: "São Paulo" })).toHaveCount(1);
    await expect(province.locator("option", { hasText: "Montevideo" })).toHaveCount(0);
    await page.getByLabel("País").selectOption("UY");
  } else {
    // Every province, grouped by country; a pair that does not fit is refused by the server.
    await expect(province.locator("optgroup")).toHaveCount(5);
    await province.selectOption("AR-X");
    await page.getByRole("button", { name: "Agregar domicilio" }).click();
    await expect(summary).toContainText("Esa provincia o estado no pertenece al país elegido");
    await expect(page.getByLabel("Calle")).toHaveValue("Av. 18 de Julio");
    await expectAccessible(page);
  }
  await province.selectOption("UY-MO");
  await page.getByRole("button", { name: "Agregar domicilio" }).click();
  await expect(notice(page, "Se agregó el domicilio.")).toBeVisible();
  const addresses = entries(page, "Tus domicilios");
  await expect(addresses).toHaveCount(1);
  await expect(addresses.first()).toContainText("Av. 18 de Julio 1360, 2");
  await expect(addresses.first()).toContainText("11200 Montevideo · Montevideo · Uruguay");
  await expect(addresses.first()).toContainText("Predeterminado");

  // A work address in Argentina.
  await page.getByLabel("Tipo", { exact: true }).selectOption("LABORAL");
  await page.getByLabel("Calle").fill("Av. de Mayo");
  await page.getByLabel("Número", { exact: true }).fill("525");
  await page.getByLabel("Localidad").fill("Buenos Aires");
  await page.getByLabel("Código postal").fill("C1084");
  await page.getByLabel("País").selectOption("AR");
  await page.getByLabel("Provincia o estado").selectOption("AR-C");
  await page.getByRole("button", { name: "Agregar domicilio" }).click();
  await expect(notice(page, "Se agregó el domicilio.")).toBeVisible();
  await expect(addresses).toHaveCount(2);
  await expect(addresses.nth(1)).toContainText("Laboral");
  await expect(addresses.nth(1)).toContainText("Ciudad Autónoma de Buenos Aires · Argentina");

  await page.getByRole("link", { name: "Modificar Av. de Mayo 525" }).click();
  await expect(page.getByRole("heading", { name: "Modificar el domicilio" })).toBeVisible();
  await expect(page.getByLabel("Provincia o estado")).toHaveValue("AR-C");
  await expectAccessible(page);
  await page.getByLabel("Código postal").fill("C1084AAD");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(notice(page, "Se modificó el domicilio.")).toBeVisible();
  await expect(addresses.nth(1)).toContainText("C1084AAD Buenos Aires");

  await page.getByRole("button", { name: "Hacer predeterminado Av. de Mayo 525" }).click();
  await expect(notice(page, "Ese es ahora tu domicilio predeterminado.")).toBeVisible();
  await expect(addresses.first()).toContainText("Av. de Mayo 525");
  await expect(addresses.first()).toContainText("Predeterminado");

  await page.getByRole("link", { name: "Eliminar Av. 18 de Julio 1360, 2" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Eliminar este domicilio?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Sí, eliminarlo" }).click();
  await expect(notice(page, "Se eliminó el domicilio.")).toBeVisible();
  await expect(addresses).toHaveCount(1);
  await expect(addresses.first()).toContainText("Av. de Mayo 525");
  await expectAccessible(page);
});
