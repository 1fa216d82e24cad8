// The box office (issue 10, ctProcess BOX): a clerk (role granted in the database; the demo
// seeds one per window) sells at the counter to a walk-in buyer paid in cash, prints the
// tickets, finds the sale in the counter's list with its bill and cancels it there after a
// confirmation (a credit note is issued); a phone sale is paid by the buyer through a mailed
// payment link; a customer is refused on every box-office page.
// JavaScript on and off; axe on every page.
import { expect, type Page, test } from "@playwright/test";
import { partText } from "../../commerce/mail/read-eml.ts";
import { bancardCardForm, payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  expectUniqueLandmarkNames,
  holdGeneralPlaces,
  markSplashSeen,
  newestMailTo,
  openFirstPerformance,
  openShowOnSale,
  orderTotalLine,
  signUpByPost,
  testCards,
  uniqueEmail,
  waitForHydration,
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

// One clerk per project: their sales run one after the other (a clerk's new sale ends their
// other open one).
test.describe("a clerk's sales", () => {
  test.describe.configure({ mode: "default" });

  test("a box-office sale to a walk-in buyer, paid in cash, printed at once, then cancelled", async ({
    page,
  }) => {
    await page.addInitScript(markSplashSeen);
    await logInAsClerk(page);
    await page.goto("/");
    // With JavaScript the menu opens once React runs the header (a click before is undone).
    await waitForHydration(page);
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

    // The sale shows the order's totals (§3): all of it pending, as the button charges.
    const counter = page.getByRole("region", { name: "Cobrar", exact: true });
    const owed = ((await counter.getByRole("button", { name: /^Cobrar/ }).textContent()) ?? "")
      .replace(/^Cobrar\s*/, "")
      .trim();
    await expect(orderTotalLine(page, "Total")).toHaveText(owed);
    await expect(orderTotalLine(page, "Pendiente")).toHaveText(owed);
    await expect(orderTotalLine(page, "Pagado")).toHaveText("$ 0");
    await expect(orderTotalLine(page, "Cargo QR antifraude")).toHaveText("$ 0");

    // The buyer's name is required; the card is not asked for cash.
    await counter.getByRole("button", { name: /^Cobrar/ }).click();
    await expect(page.getByRole("alert")).toContainText("Ingresá el nombre del comprador");
    await counter.getByLabel("Nombre del comprador").fill("Marta Gómez");
    await counter.getByRole("button", { name: /^Cobrar/ }).click();

    await expect(page).toHaveURL(/\/BuyTicketBox\/ok\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Venta registrada" })).toBeVisible();
    await expect(page.getByText("Pagado en efectivo")).toBeVisible();
    await expect(orderTotalLine(page, "Pagado")).toHaveText(owed);
    await expect(orderTotalLine(page, "Pendiente")).toHaveText("$ 0");
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
    await expect(orderTotalLine(sale, "Total")).toHaveText(owed);
    await expect(orderTotalLine(sale, "Pagado")).toHaveText(owed);
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

  test("a walk-in buyer's card, typed on Bancard's form: refused first, then sold", async ({
    page,
  }) => {
    await page.addInitScript(markSplashSeen);
    await logInAsClerk(page);
    await page.goto("/");
    await openShowOnSale(page);
    await openFirstPerformance(page);
    await holdGeneralPlaces(page, 1);
    const counter = page.getByRole("region", { name: "Cobrar", exact: true });
    const sell = async (number: string) => {
      await counter.getByLabel("Nombre del comprador").fill("Ana Ruiz");
      await counter.getByLabel("Tarjeta (se ingresa en el formulario de Bancard)").check();
      await counter.getByRole("button", { name: /^Cobrar/ }).click();
      await payOnCardForm(page, number, { pressed: true });
    };
    // No card's fields at the counter: the card is typed on Bancard's form.
    await expect(counter.getByLabel("Número de tarjeta")).toHaveCount(0);
    await sell(testCards.declines);
    await expect(page).toHaveURL(/\/BuyTicketBox\?idProcesoDeCompra=\d+/);
    await expect(page.getByRole("alert")).toContainText("La tarjeta no se aprobó");
    await expectAccessible(page);
    await sell(testCards.approves);
    await expect(page).toHaveURL(/\/BuyTicketBox\/ok\/\d+$/);
    await expect(page.getByText("Pagado en línea con tarjeta")).toBeVisible();
    await expectAccessible(page);
  });

  test("a phone sale: the clerk mails a payment link, the buyer pays it without an account", async ({
    page,
  }) => {
    await page.addInitScript(markSplashSeen);
    await logInAsClerk(page);
    await page.goto("/");
    await openShowOnSale(page);
    await openFirstPerformance(page);
    await holdGeneralPlaces(page, 1);
    const email = uniqueEmail("phone-buyer");
    const form = page.getByRole("region", { name: "Enviar un link de pago" });
    await form.getByLabel("Nombre del comprador").fill("Julio Ríos");
    await form.getByLabel(/^E-mail del comprador/).fill(email);
    await form.getByRole("button", { name: "Enviar el link" }).click();
    await expect(page).toHaveURL(/\/myBookingsBox$/);
    await expect(
      page.getByRole("status").filter({ hasText: "link de pago se envió" }),
    ).toBeVisible();

    // The buyer: no account, the link from the mail.
    const mail = await newestMailTo(email);
    const link = /https?:\/\/\S+\/linkPago\/\S+/.exec(partText(mail, "text/plain") ?? "")?.[0];
    expect(link).toBeDefined();
    await page.context().clearCookies();
    const url = new URL(link ?? "");
    await page.goto(url.pathname + url.search);
    await expect(
      page.getByRole("heading", { level: 1, name: "Pagá las entradas reservadas para vos" }),
    ).toBeVisible();
    await expect(page.getByText(/reservadas para Julio Ríos/)).toBeVisible();
    await expectAccessible(page);
    // The card is typed on Bancard's form (framed here, or Bancard's page without JavaScript).
    await expect(page.getByLabel("Número de tarjeta")).toHaveCount(0);
    await page.getByLabel(/Leí y acepto/).check();
    await page.getByRole("button", { name: /^Pagar/ }).click();
    // The form opened (the page loaded again with it, its heading focused).
    await bancardCardForm(page);
    if (test.info().project.name.endsWith("-on")) await expectAccessible(page);
    await payOnCardForm(page, testCards.approves, { pressed: true });
    await expect(page).toHaveURL(/\/payConfirmLinkPago\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Pago confirmado" })).toBeVisible();
    await expectAccessible(page);

    // A link pasted on /linkPago opens the same (paid) purchase.
    await page.goto("/linkPago");
    await expectAccessible(page);
    await page.getByLabel("Link de pago").fill(link ?? "");
    await page.getByRole("button", { name: "Abrir el link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pago confirmado" })).toBeVisible();

    // The counter's sales, this paid one and the walk-in sale before it, each with its bill:
    // every sale's receipts are a landmark named apart.
    await logInAsClerk(page);
    await page.goto("/myBookingsBox");
    const receipts = page.getByRole("region", { name: /^Facturas y notas de crédito/ });
    await expect(receipts.first()).toBeVisible();
    expect(await receipts.count()).toBeGreaterThan(1);
    await expectUniqueLandmarkNames(page);
  });
});

test("a customer is refused on every box-office page", async ({ page }) => {
  await page.addInitScript(markSplashSeen);
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
