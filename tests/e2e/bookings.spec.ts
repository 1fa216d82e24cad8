// A booking's journey, with JavaScript on (js-on) and off (js-off): on a performance page the
// buyer books places instead of buying them (the booking conditions first: refused without
// them), finds the booking in My bookings and pays it later through the usual checkout.
import { expect, test } from "@playwright/test";
import { payOnCardForm } from "./bancard-form";
import { expectAccessible, openShowOnSale, signUpByPost, skipSplash } from "./support";

test.describe.configure({ timeout: 150_000 });

test.beforeEach(skipSplash);

test("book places, find them in My bookings, and pay the booking later", async ({ page }) => {
  await signUpByPost(page, "booking");
  await page.goto("/");
  await openShowOnSale(page);
  // The last performance: bookings end 24 hours before a performance, so the first one of a
  // seeded show might already be too close.
  await page
    .getByRole("link", { name: /^Comprar para/ })
    .last()
    .click();
  // The general-admission form: its quantity, and its own booking choice.
  const quantity = () =>
    page.getByLabel("Cantidad de entradas").and(page.locator(":enabled")).first();
  const form = () => page.locator("form").filter({ has: quantity() });
  await quantity().fill("2");
  await expectAccessible(page);

  // Without the conditions: refused, saying why, on the same page.
  await form().getByRole("button", { name: "Reservar" }).click();
  await expect(
    page.getByText("Para reservar tenés que aceptar las condiciones de reserva"),
  ).toBeVisible();
  await expectAccessible(page);

  await quantity().fill("2");
  await form().getByLabel("Acepto las condiciones de reserva").check();
  await form().getByRole("button", { name: "Reservar" }).click();
  await expect(page).toHaveURL(/\/myBookings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mis reservas" })).toBeVisible();
  await expect(page.getByText("Tu reserva está hecha.")).toBeVisible();
  const booking = page.getByRole("article");
  await expect(booking).toHaveCount(1);
  await expect(booking).toContainText("2 entradas");
  await expect(booking).toContainText("Vence el");
  await expectAccessible(page);

  await booking.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pagá tu reserva" })).toBeVisible();
  await expect(page.getByText(/Tu reserva guarda estos lugares hasta el/)).toBeVisible();
  await expect(page.getByText("2 entradas")).toBeVisible();
  await expectAccessible(page);
  await payOnCardForm(page, "4111111111111111");
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();

  // Paid, the booking is no longer open.
  await page.goto("/myBookings");
  await expect(page.getByText("No tenés reservas vigentes.")).toBeVisible();
});
