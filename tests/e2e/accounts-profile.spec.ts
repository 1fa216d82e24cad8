// Issue 8, own account: sign-up with every message of §5 and §8 then fixed, the greeting
// after it, My data and My alias, and the 180-minute login (clock moved by the e2e header),
// JavaScript on and off, axe on every page.
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, fillSignUpForm, uniqueEmail } from "./support";

test.describe.configure({ timeout: 150_000 });

const submit = (page: Page) => page.getByRole("button", { name: "Crear cuenta" }).click();
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** A field's message, as a screen reader reads it with the field (aria-describedby). */
const expectMessage = (page: Page, label: string, message: string) =>
  expect(field(page, label)).toHaveAccessibleDescription(message);

async function fillAll(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

test("sign-up shows every rule's message, keeps what was typed, then succeeds and greets", async ({
  page,
}) => {
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  const nextYear = String(new Date().getFullYear() + 1);
  await page.goto("/signUp");
  await expect(page.getByRole("heading", { level: 1, name: "Crear cuenta" })).toBeVisible();
  // The honeypot is in the form but neither seen nor reachable.
  await expect(page.locator("input[name=cConfirmacionNombre]")).toBeHidden();
  await expectAccessible(page);

  // Nothing filled: every required field says so.
  await submit(page);
  await expect(page.locator("[data-error-summary]")).toBeFocused();
  await expectMessage(page, "Nombre", "Ingresá tu nombre");
  await expectMessage(page, "Apellido", "Ingresá tu apellido");
  await expectMessage(page, "Correo electrónico", "Ingresá tu correo electrónico");
  await expectMessage(page, "Contraseña", "Ingresá tu contraseña");
  await expectMessage(page, "Género", "Elegí tu género");
  await expectMessage(page, "Tipo de documento", "Elegí el tipo de documento");
  await expectMessage(page, "Número de documento", "Ingresá el número de documento");
  await expectMessage(page, "Día", "Día inválido");
  await expectMessage(page, "Mes", "Mes inválido");
  await expectMessage(page, "Año", "Año inválido");
  await expectAccessible(page);

  // Everything wrong at once: mismatches, the password rules, a DNI too low, bad parts.
  const email = uniqueEmail("profile");
  await fillAll(page, {
    Nombre: "Ana",
    Apellido: "Pereyra",
    "Correo electrónico": email,
    "Repetí el correo electrónico": `otra-${email}`,
    Contraseña: "corta",
    "Repetí la contraseña": "distinta",
    "Número de documento": "12",
    Día: "0",
    Mes: "13",
    Año: nextYear,
  });
  await field(page, "Género").selectOption("FEMENINO");
  await field(page, "Tipo de documento").selectOption("DNI");
  await submit(page);
  await expectMessage(
    page,
    "Repetí el correo electrónico",
    "Los correos electrónicos deben coincidir",
  );
  await expectMessage(
    page,
    "Contraseña",
    "La contraseña debe tener al menos 8 caracteres La contraseña debe tener al menos una mayúscula La contraseña debe tener al menos un número",
  );
  await expectMessage(page, "Repetí la contraseña", "Las contraseñas deben coincidir");
  await expectMessage(page, "Número de documento", "El número de documento es demasiado bajo");
  await expectMessage(page, "Día", "Día inválido");
  await expectMessage(page, "Mes", "Mes inválido");
  await expectMessage(page, "Año", "Año inválido");
  // What was typed is still there.
  await expect(field(page, "Nombre")).toHaveValue("Ana");
  await expect(field(page, "Número de documento")).toHaveValue("12");
  await expect(field(page, "Género")).toHaveValue("FEMENINO");
  await expectAccessible(page);

  // A DNI too high, a day its month lacks, a year too far back.
  await fillAll(page, {
    "Repetí el correo electrónico": email,
    Contraseña: "Entradas2026",
    "Repetí la contraseña": "Entradas2026",
    "Número de documento": "123456789",
    Día: "31",
    Mes: "2",
    Año: "1990",
  });
  await submit(page);
  await expectMessage(page, "Número de documento", "El número de documento es demasiado alto");
  await expectMessage(page, "Día", "Fecha inválida");
  await fillAll(page, { Día: "28", Año: "1850" });
  if (!javaScript) {
    // Without JavaScript the server answered: the passwords come back empty.
    await fillAll(page, { Contraseña: "Entradas2026", "Repetí la contraseña": "Entradas2026" });
  }
  await fillAll(page, { "Número de documento": "30123456" });
  await submit(page);
  await expectMessage(page, "Año", "El año de nacimiento es demasiado bajo");
  await expect(field(page, "Correo electrónico")).toHaveValue(email);

  // Fixed: the account is made and the buyer greeted on the page after it.
  await fillAll(page, { Año: "1990", "Alias (opcional)": "Anita" });
  if (!javaScript) {
    await fillAll(page, { Contraseña: "Entradas2026", "Repetí la contraseña": "Entradas2026" });
  }
  await submit(page);
  await expect(page).toHaveURL(/\/$/);
  if (javaScript) {
    // A polite live region, filled 2000 ms after the page.
    const region = page.locator("[data-greeting]");
    await expect(region).toHaveAttribute("role", "status");
    await expect(region).toHaveText("");
    await expect(region).toHaveText("¡Hola, Ana!", { timeout: 6_000 });
  } else {
    await expect(page.getByText("¡Hola, Ana!")).toBeVisible();
  }
  await expectAccessible(page);
  // Once: the next page does not greet again.
  await page.goto("/myAlias");
  await expect(page.getByText("Tu alias: Anita")).toBeVisible();
  await expect(page.getByText("¡Hola, Ana!")).toHaveCount(0);
});

test("My data and My alias change the account; the header's name follows", async ({ page }) => {
  await page.goto("/signUp");
  await fillSignUpForm(page, { email: uniqueEmail("mydata"), firstName: "Ana" });
  await submit(page);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/myData");
  await expect(page.getByRole("heading", { level: 1, name: "Mis datos" })).toBeVisible();
  await expect(field(page, "Día")).toHaveValue("14");
  await expect(field(page, "Año")).toHaveValue("1990");
  await expect(page.getByText(/Tu correo electrónico es .*@example\.com/)).toBeVisible();
  await expectAccessible(page);

  await fillAll(page, { Nombre: "Beatriz", Día: "31", Mes: "4", "Número de documento": "999" });
  await page.getByRole("button", { name: "Guardar mis datos" }).click();
  await expectMessage(page, "Día", "Fecha inválida");
  await expectMessage(page, "Número de documento", "El número de documento es demasiado bajo");
  await expect(field(page, "Nombre")).toHaveValue("Beatriz");
  await expectAccessible(page);

  await fillAll(page, { Día: "30", "Número de documento": "28765432" });
  await page.getByRole("button", { name: "Guardar mis datos" }).click();
  await expect(page.getByText("Tus datos se guardaron.")).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Beatriz");
  await expect(field(page, "Día")).toHaveValue("30");
  await expect(field(page, "Mes")).toHaveValue("4");
  await expectAccessible(page);

  await page.goto("/myAlias");
  await expect(page.getByText("No tenés alias.")).toBeVisible();
  await expectAccessible(page);
  await field(page, "Alias").fill("<b>");
  await page.getByRole("button", { name: "Guardar alias" }).click();
  await expectMessage(
    page,
    "Alias",
    "El alias solo puede tener letras, números, espacios, puntos, guiones y guiones bajos, y debe empezar con una letra o un número",
  );
  await field(page, "Alias").fill("La Bea");
  await page.getByRole("button", { name: "Guardar alias" }).click();
  await expect(page.getByText("Tu alias se guardó.")).toBeVisible();
  await expect(page.getByText("Tu alias: La Bea")).toBeVisible();
  await expectAccessible(page);
  await field(page, "Alias").fill("");
  await page.getByRole("button", { name: "Guardar alias" }).click();
  await expect(page.getByText("Tu alias se quitó.")).toBeVisible();
  await expect(page.getByText("No tenés alias.")).toBeVisible();
});

test("a login counts as logged out 180 minutes after dLogin", async ({ page }) => {
  await page.goto("/signUp");
  await fillSignUpForm(page, { email: uniqueEmail("expiry") });
  await submit(page);
  await expect(page).toHaveURL(/\/$/);

  // 179 minutes later the login still holds.
  await page.setExtraHTTPHeaders({ "X-E2E-Clock-Advance-Minutes": "179" });
  await page.goto("/myData");
  await expect(page.getByRole("heading", { level: 1, name: "Mis datos" })).toBeVisible();

  // 180 minutes after dLogin it does not: to log in, coming back here, told why.
  await page.setExtraHTTPHeaders({ "X-E2E-Clock-Advance-Minutes": "180" });
  await page.goto("/myData");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FmyData$/);
  await expect(page.getByText("Tu sesión de usuario se desconectó")).toBeVisible();
  await expectAccessible(page);
  // The session forgot the user: even the real clock finds no one logged in now.
  await page.setExtraHTTPHeaders({});
  await page.goto("/myAlias");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FmyAlias$/);
});

test("logging out ends the purchase and its clock, says so and returns to the billboard", async ({
  page,
}) => {
  await page.goto("/signUp");
  await fillSignUpForm(page, { email: uniqueEmail("logout") });
  await submit(page);
  await expect(page).toHaveURL(/\/$/);
  const card = page
    .locator("article.card")
    .filter({ hasText: "Desde" })
    .filter({ hasNotText: "Tienda" })
    .first();
  await card.getByRole("heading").getByRole("link").click();
  await page
    .getByRole("link", { name: /^Comprar para/ })
    .first()
    .click();
  await page.getByLabel("Cantidad de entradas").and(page.locator(":enabled")).first().fill("2");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  const headerClock = page.getByRole("banner").getByRole("timer");
  await expect(headerClock.first()).toBeAttached();

  await page.locator("header summary").filter({ hasText: "Ana" }).first().click();
  await page.getByRole("button", { name: "Cerrar sesión" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Tu sesión de usuario se desconectó")).toBeVisible();
  await expect(headerClock).toHaveCount(0);
  await expect(page.getByRole("banner")).not.toContainText("Ana");
  await expectAccessible(page);
});
