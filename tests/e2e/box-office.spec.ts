// The box office (issue 10, ctProcess BOX): a clerk (role granted in the database; the demo
// seeds one per window) sells at the counter to a walk-in buyer paid in cash, prints the
// tickets, finds the sale in the counter's list with its bill and cancels it there after a
// confirmation (a credit note is issued); a customer is refused on every box-office page.
// JavaScript on and off; axe on every page.
import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
} from "./support";

test.describe.configure({ timeout: 150_000 });

/** Each project's own window: a clerk's new sale ends their other open one. */
function clerkOf(projectName: string) {
  return projectName.includes("off")
    ? "boleteria2@demo.ciudad.test"
    : "boleteria1@demo.ciudad.test";
}

async function logInAsClerk(page: Page) {
  const response = await page.request.post("/login", {
    form: { cEmail: clerkOf(test.info().project.name), cClave: "Boleteria2026", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test("a box-office sale to a walk-in buyer, paid in cash, printed at once, then cancelled", async ({
  page,
}) => {
  await page.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
  await logInAsClerk(page);
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByText("Boletería", { exact: true })).toBeVisible();
  // BOX mode: of the personal pages only the counter's bookings remain.
  await header.locator("summary", { hasText: "Tu cuenta:" }).first().click();
  await expect(header.getByRole("link", { name: "Mis reservas" }).first()).toHaveAttribute(
    "href",
    "/myBookingsBox",
  );
  await expect(header.getByRole("link", { name: "Mis compras" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Mis datos" })).toHaveCount(0);
  await expectAccessible(page);

  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 2);
  await expect(page).toHaveURL(/\/BuyTicketBox\?idProcesoDeCompra=\d+&idFuncion=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Venta en boletería" })).toBeVisible();
  await expectAccessible(page);

  // The buyer's name is required; the card is not asked for cash.
  await page.getByRole("button", { name: /^Cobrar/ }).click();
  await expect(page.getByRole("alert")).toContainText("Ingresá el nombre del comprador");
  await page.getByLabel("Nombre del comprador").fill("Marta Gómez");
  await page.getByRole("button", { name: /^Cobrar/ }).click();

  await expect(page).toHaveURL(/\/BuyTicketBox\/ok\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Venta registrada" })).toBeVisible();
  await expect(page.getByText("Pagado en efectivo")).toBeVisible();
  await expectAccessible(page);
  const print = page.getByRole("link", { name: "Imprimir las 2 entradas (PDF)" });
  const pdf = await page.request.get((await print.getAttribute("href")) ?? "");
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const orderId = new URL(page.url()).pathname.split("/").pop();

  await page.getByRole("link", { name: "Ventas de boletería" }).click();
  await expect(page).toHaveURL(/\/myBookingsBox$/);
  const sale = page.getByRole("article", { name: `Compra n.º ${orderId} — Marta Gómez` });
  await expect(sale.getByRole("link", { name: /^Descargar Factura B/ })).toBeVisible();
  await expectAccessible(page);

  // Cancelling asks first: a dialog (a section of the page without JavaScript).
  await sale.getByRole("link", { name: `Anular la compra Compra n.º ${orderId}` }).click();
  const dialog = page.getByRole("dialog", { name: `¿Anular la compra n.º ${orderId}?` });
  await expect(dialog).toContainText(/Devolvé \$\s[\d.]+ en efectivo al comprador\./);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Sí, anular la compra" }).click();
  await expect(page).toHaveURL(/\/myBookingsBox$/);
  await expect(
    page.getByRole("status").filter({ hasText: "La compra se anuló, se devolvió el pago" }),
  ).toBeVisible();
  await expect(sale).toContainText("Anulada");
  await expect(sale.getByRole("link", { name: /^Descargar Nota de crédito B/ })).toBeVisible();
  await expectAccessible(page);
});

test("a customer is refused on every box-office page", async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem("splash-seen", "1"));
  await signUpByPost(page, "not-a-clerk");
  for (const path of [
    "/BuyTicketBox?idProcesoDeCompra=1&idFuncion=1",
    "/BuyTicketBox/ok/1",
    "/myBookingsBox",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(
      page.getByRole("heading", { level: 1, name: "Solo para la boletería" }),
    ).toBeVisible();
    await expectAccessible(page);
  }
  const selling = await page.request.post("/BuyTicketBox?idProcesoDeCompra=1&idFuncion=1", {
    form: { intent: "sell", cMedioDePago: "EFECTIVO", "oComprador.cNombre": "X" },
    maxRedirects: 0,
  });
  expect(selling.status()).toBe(403);
});
