// Payments on Bancard's card form (its stand-in) that do not end at once, with JavaScript on
// (js-on: the form framed in the checkout) and off (js-off: Bancard's page): 3-D Secure asked
// on Bancard's form, the buyer giving up there (back to the checkout, places still held), and
// a return before Bancard confirmed: the verification page asks again 5 times, then says it
// found delays and offers Retry and My orders. Declined cards: purchase.spec.ts.
import { expect, type Page, test } from "@playwright/test";
import { bancardCardForm, payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  holdGeneralPlaces,
  openFirstPerformance,
  openShowOnSale,
  signUpByPost,
  skipSplash,
  testCards,
} from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(skipSplash);

/** Two places held; answers the checkout's address. */
async function holdTwoTickets(page: Page, prefix: string) {
  await signUpByPost(page, prefix);
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 2);
  await expect(page.getByText("2 entradas")).toBeVisible();
  return page.url();
}

test("3-D Secure on Bancard's form: the bank asks for the code, and the purchase is confirmed", async ({
  page,
}) => {
  await holdTwoTickets(page, "threeds");
  await payOnCardForm(page, "4000000000003220");
  // The challenge takes the whole window, on Bancard's origin.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verificación 3-D Secure");
  await expectAccessible(page, { outsideService: true });
  await page.getByLabel("Código que te envió tu banco").fill("1234");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
});

test("given up on Bancard's form: back at the checkout with the places held, and paying again works", async ({
  page,
}) => {
  await holdTwoTickets(page, "card-form-cancel");
  await page.getByLabel(/Leí y acepto/).check();
  await page.getByRole("button", { name: /^Pagar/ }).click();
  const form = await bancardCardForm(page);
  await form.getByRole("link", { name: "Cancelar y volver al comercio" }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/\d+\?formulario=cancelado$/);
  await expect(page.getByRole("status").filter({ hasText: "no se cobró nada" })).toHaveText(
    "No se completó el pago en el formulario de Bancard y no se cobró nada. Tus lugares siguen reservados: podés pagar de nuevo.",
  );
  await expect(page.getByText("2 entradas")).toBeVisible();
  await expectAccessible(page);
  await payOnCardForm(page, testCards.approves);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
});

test("back before Bancard confirmed: verifying, then delays with Retry and My orders", async ({
  page,
}) => {
  const checkout = await holdTwoTickets(page, "card-form-late");
  const processId = checkout.match(/\/BuyTicket\/(\d+)/)?.[1];
  await page.getByLabel(/Leí y acepto/).check();
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await bancardCardForm(page);
  // Bancard sends the buyer back while its confirmation has not come (nor can get_confirmation
  // tell yet): the payment is being verified, not waiting on the buyer.
  await page.goto(`/bancard/finish/${processId}`);
  await expect(page).toHaveURL(/\/payConfirm\?idProcesoDeCompra=\d+/);
  await expect(page.getByRole("heading", { level: 1, name: "Verificando tu pago…" })).toBeVisible();
  // This page reloads itself every second without JavaScript, which axe would race, and its
  // noscript refresh is refused by the markup check (on main too): the same page is checked
  // below once it stops (the delays).
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Encontramos demoras en la verificación de tu compra",
    { timeout: 30_000 },
  );
  await expect(
    page.getByRole("heading", { level: 1, name: "Pago pendiente de confirmación" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Reintentar" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver mis compras" })).toBeVisible();
  await expectAccessible(page);
});
