// The city's external login end to end (LOGIN_MODE=external): a shop against a real OpenID
// provider started locally (scripts/idp.ts, oidc-provider), JavaScript on and off. Runs
// only in the external-js-on and external-js-off projects (playwright.config.ts).
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, waitForHydration } from "./support";

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(!testInfo.project.name.startsWith("external"), "needs the shop in LOGIN_MODE=external");
});

const accountSummary = (page: Page, text: string | RegExp) =>
  page.locator("header summary").filter({ hasText: text });

const onProvider = (page: Page) =>
  new URL(page.url()).origin !== new URL(test.info().project.use.baseURL ?? "").origin;

const idpAccountOrigin = (url: URL) => url.origin;

/** On the provider's login form: its user name and password. */
async function logInAtProvider(page: Page, login: string, password: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Cuenta de la Ciudad" })).toBeVisible();
  expect(onProvider(page)).toBe(true);
  await page.getByLabel("Usuario").fill(login);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

test("the header offers the city login instead of the login and sign-up menu; /signUp leads there", async ({
  page,
}) => {
  await page.goto("/");
  const button = page.getByRole("banner").getByRole("link", { name: "Ingresá a tu cuenta" });
  await expect(button).toBeVisible();
  await expect(page.getByRole("link", { name: "Crear cuenta" })).toHaveCount(0);
  await expectAccessible(page);
  // Sign-up lives at the provider: /signUp goes to its login.
  await page.goto("/signUp");
  await expect(page.getByRole("heading", { level: 1, name: "Cuenta de la Ciudad" })).toBeVisible();
  expect(onProvider(page)).toBe(true);
  // So does password recovery; and a stray sign-up post makes no own account.
  await page.goto("/recoverPassword");
  await expect(page.getByRole("heading", { level: 1, name: "Cuenta de la Ciudad" })).toBeVisible();
  const shop = String(test.info().project.use.baseURL);
  const post = await page.request.post(`${shop}/signUp`, {
    form: { cNombre: "Eva" },
    headers: { Origin: shop },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
  expect(post.headers().location).toBe("/login");
});

test("first login from a login-required page: the provider, /additionalData, then the wanted page; the provider's account page; the external logout", async ({
  page,
}) => {
  const login = `nuevo-${test.info().project.name.endsWith("off") ? "off" : "on"}-${Date.now() % 1e9}`;
  // A login-required page sends the visitor to the provider, and remembers where they were.
  await page.goto("/myOrders");
  await logInAtProvider(page, login, "Clave-equivocada1");
  await expect(page.getByRole("alert")).toHaveText("Usuario o contraseña incorrectos.");
  await page.getByLabel("Contraseña").fill("Nuevo12345");
  await page.getByRole("button", { name: "Ingresar" }).click();

  // The provider gave no document and no gender: the shop asks for them first.
  await expect(page).toHaveURL(/\/additionalData\?redirectTo=%2FmyOrders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Completá tus datos" })).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Nombre", { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  // Nothing else opens before it is complete.
  await page.goto("/myOrders");
  await expect(page).toHaveURL(/\/additionalData\?redirectTo=%2FmyOrders$/);

  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByText("Elegí tu género").first()).toBeVisible();
  await expect(page.getByText("Ingresá el número de documento").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Género").selectOption("OTRO");
  await page.getByLabel("Tipo de documento").selectOption("DNI");
  await page.getByLabel("Número de documento").fill("12");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();
  await expect(page.getByLabel("Número de documento")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Número de documento").fill("28444555");
  await page.getByRole("button", { name: "Guardar y continuar" }).click();

  // The wanted page, logged in: the header names the person, the menu follows the external mode.
  await expect(page).toHaveURL(/\/myOrders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mis compras" })).toBeVisible();
  const account = accountSummary(page, login);
  await expect(account).toBeVisible();
  await account.click();
  const items = page.getByRole("banner").locator("details[open] .appbar-panel").getByRole("link");
  await expect(items).toHaveText([
    "Mis compras",
    "Mis reservas",
    "Mis datos (cuenta de la Ciudad)",
    "Tarjetas",
    "Teléfono",
    "Domicilio",
  ]);
  const myData = page.getByRole("link", { name: "Mis datos (cuenta de la Ciudad)" });
  const href = new URL((await myData.getAttribute("href")) ?? "");
  expect(href.pathname).toBe("/account");
  expect(href.searchParams.get("back")).toBe(new URL("/myOrders", page.url()).href);
  await expectAccessible(page);

  // The provider's account page, and back.
  await myData.click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Mis datos en la Ciudad" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Volver a la tienda" }).click();
  await expect(page).toHaveURL(/\/myOrders$/);

  // Sign out: the shop's session and the provider's end (with JavaScript, in a hidden frame).
  await waitForHydration(page);
  await accountSummary(page, login).click();
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  if (test.info().project.use.javaScriptEnabled !== false) {
    // The provider's page loaded in the hidden frame; the window itself never left the shop.
    await expect(page.locator("iframe[hidden]")).toBeAttached();
  } else {
    // Without JavaScript the provider asks once; the round trip then comes back to the shop.
    await expect(
      page.getByRole("heading", { level: 1, name: "Cerrar la sesión de la Ciudad" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  const shopOnly = visited.every((url) => !url.startsWith(new URL(idpAccountOrigin(href)).origin));
  expect(shopOnly).toBe(test.info().project.use.javaScriptEnabled !== false);
  await expect(
    page.getByRole("status").filter({ hasText: "Tu sesión de usuario se desconectó" }),
  ).toBeVisible();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Ingresá a tu cuenta" }),
  ).toBeVisible();
  await expectAccessible(page);

  // The provider's session ended too: it asks for the password again.
  await page.goto("/myOrders");
  await expect(page.getByLabel("Contraseña")).toBeVisible();
  expect(onProvider(page)).toBe(true);
});

test("a person the provider knows fully (with the document) goes straight to the wanted page", async ({
  page,
}) => {
  await page.goto("/myOrders");
  await logInAtProvider(page, "ana", "Ana12345");
  await expect(page).toHaveURL(/\/myOrders$/);
  await expect(accountSummary(page, "Ana")).toBeVisible();
  await expectAccessible(page);
  // The shop's own My data and Change Password send to the provider's account page.
  for (const path of ["/myData", "/changePassword"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account\?back=/);
    expect(onProvider(page)).toBe(true);
  }
});

test("a login that comes back without its flow is refused and offers to try again", async ({
  page,
}) => {
  await page.goto("/loginRedirect?code=forged&state=forged");
  await expect(page.getByRole("heading", { level: 1, name: "Ingresá a tu cuenta" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Intentá de nuevo");
  await expectAccessible(page);
});
