// No card number, expiry or security code reaches the shop on any card path, with JavaScript
// (Bancard's form framed) or without (Bancard's own page) (issue 32, decision 0077). A
// storefront of this test's own (its API embedded, Bancard's and PayPal's stand-ins beside it)
// takes a purchase through every card path (the checkout, a saved card registered and paid
// with, the payment change, the box office, a payment link; PayPal takes no card) with one card
// made up for the run. Then everything the shop could have kept is searched for it: what our
// origin received from the browser (addresses and bodies), the server's log at its most
// verbose (trace), the database's files and the outbox. The same card must have reached
// Bancard's origin: else the search would prove nothing.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { partText } from "../../commerce/mail/read-eml.ts";
import { payOnCardForm } from "./bancard-form";
import { closedPort, startSecondStorefront, stopSecondStorefront } from "./second-storefront";
import {
  holdGeneralPlaces,
  holdOneGeneralPlace,
  markSplashSeen,
  newestMailTo,
  openFirstPerformance,
  openShowOnSale,
  testCards,
  uniqueEmail,
} from "./support";

test.describe.configure({ mode: "serial", timeout: 240_000 });

/** A Visa number nobody else uses: 15 random digits and the Luhn check digit. */
function madeUpCardNumber(): string {
  const body = `4${Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join("")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

const card = madeUpCardNumber();
/** The card as it could be written anywhere: its digits, or grouped by four. */
const cardForms = [card, card.replace(/(\d{4})(?=\d)/g, "$1 ")];

type Sent = { url: string; body: string };
const toShop: Sent[] = [];
const toBancard: Sent[] = [];
const output: string[] = [];
let dataDir = "";
let shop: ChildProcess | undefined;
let origin = "";
let context: BrowserContext;
let javaScript = true;

test.beforeAll(async ({ browser }: { browser: Browser }, testInfo) => {
  javaScript = testInfo.project.use.javaScriptEnabled !== false;
  dataDir = mkdtempSync(join(tmpdir(), "shop-no-card-data-"));
  const port = await closedPort();
  origin = `http://127.0.0.1:${port}`;
  shop = await startSecondStorefront(
    port,
    {
      DATA_DIR: dataDir,
      // On disk, so that its files can be searched once it stopped.
      PGLITE_DIR: join(dataDir, "pglite"),
      SESSION_SECRET: "e2e-session-secret-0123456789",
      LOG_LEVEL: "trace",
      RATE_LIMITS: "signUp.address=500/60,login.address=500/15",
    },
    (text) => output.push(text),
  );
  // It answers at once, and takes requests once its API (with its stand-ins) started.
  await expect
    .poll(async () => (await fetch(`${origin}/readyz`)).status, { timeout: 60_000 })
    .toBe(200);
  context = await browser.newContext({
    baseURL: origin,
    locale: "es-AR",
    javaScriptEnabled: javaScript,
  });
  await context.addInitScript(markSplashSeen);
  context.on("request", (request) => {
    const sent = { url: request.url(), body: request.postData() ?? "" };
    if (sent.url.startsWith(`${origin}/`)) toShop.push(sent);
    else toBancard.push(sent);
  });
});

test.afterAll(async () => {
  await context?.close();
  await stopSecondStorefront(shop);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under a folder, as bytes read as Latin-1 (digits are bytes all the same). */
function filesUnder(folder: string): { path: string; text: string }[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory()
      ? filesUnder(path)
      : [{ path, text: readFileSync(path).toString("latin1") }];
  });
}

const holding = (text: string) => cardForms.some((form) => text.includes(form));

async function newPage(): Promise<Page> {
  return context.newPage();
}

test("a new card at the checkout is typed on Bancard's form only", async () => {
  const page = await newPage();
  await holdOneGeneralPlace(page, "no-card-checkout");
  await payOnCardForm(page, card);
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await page.close();
});

test("a saved card is registered on Bancard's form and paid with by its alias", async () => {
  const page = await newPage();
  await holdOneGeneralPlace(page, "no-card-saved");
  const checkout = page.url();
  await page.goto("/myCards");
  await page.getByRole("button", { name: "Agregar una tarjeta" }).click();
  // Framed in My cards with JavaScript; Bancard's own page without.
  const form = javaScript
    ? page.frameLocator('iframe[title="Formulario de Bancard para registrar la tarjeta"]')
    : page;
  await form.getByLabel("Número de tarjeta").fill(card);
  await form.getByLabel("Vencimiento (MM/AA)").fill("11/37");
  await form.getByLabel("Código de seguridad").fill("739");
  await form.getByRole("button", { name: "Registrar" }).click();
  await expect(page.locator(".notice")).toContainText("Tu tarjeta quedó guardada.");
  await page.goto(checkout);
  await page.getByLabel(/Leí y acepto/).check();
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await page.close();
});

test("the payment change pays with another card on Bancard's form", async () => {
  const page = await newPage();
  await holdOneGeneralPlace(page, "no-card-change");
  const processId = /\/BuyTicket\/(\d+)/.exec(page.url())?.[1];
  await payOnCardForm(page, testCards.declines);
  await expect(page.getByRole("main").getByRole("status")).toContainText("El pago falló");
  await page.goto(`/payChange/${processId}`);
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await payOnCardForm(page, card, { pressed: true, expiry: "11/37", code: "739" });
  await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
  await page.close();
});

/** A box-office clerk of the demo catalog, on a performance's places. */
async function clerkHoldingAPlace(page: Page) {
  const login = await page.request.post("/login", {
    form: { cEmail: "boleteria1@demo.ciudad.test", cClave: "Boleteria2026", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 1);
}

test("the box office's card sale is typed on Bancard's form", async () => {
  const page = await newPage();
  await clerkHoldingAPlace(page);
  const counter = page.getByRole("region", { name: "Cobrar", exact: true });
  await counter.getByLabel("Nombre del comprador").fill("Ana Ruiz");
  await counter.getByLabel("Tarjeta (se ingresa en el formulario de Bancard)").check();
  await counter.getByRole("button", { name: /^Cobrar/ }).click();
  await payOnCardForm(page, card, { pressed: true, expiry: "11/37", code: "739" });
  await expect(page).toHaveURL(/\/BuyTicketBox\/ok\/\d+$/);
  await page.close();
});

test("a payment link's buyer pays on Bancard's form", async () => {
  const page = await newPage();
  await clerkHoldingAPlace(page);
  const email = uniqueEmail("no-card-link");
  const form = page.getByRole("region", { name: "Enviar un link de pago" });
  await form.getByLabel("Nombre del comprador").fill("Julio Ríos");
  await form.getByLabel(/^E-mail del comprador/).fill(email);
  await form.getByRole("button", { name: "Enviar el link" }).click();
  await expect(page).toHaveURL(/\/myBookingsBox$/);
  const mail = await newestMailTo(email, join(dataDir, "outbox"));
  const link = new URL(
    /https?:\/\/\S+\/linkPago\/\S+/.exec(partText(mail, "text/plain") ?? "")?.[0] ?? "",
  );
  await context.clearCookies();
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/Leí y acepto/).check();
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await payOnCardForm(page, card, { pressed: true, expiry: "11/37", code: "739" });
  await expect(page).toHaveURL(/\/payConfirmLinkPago\?/);
  await page.close();
});

test("nothing the shop received, logged or stored holds the card", async () => {
  // Bancard's form did receive it on every path: the search below means something.
  expect(toBancard.filter((sent) => holding(sent.body)).length).toBeGreaterThanOrEqual(5);
  await context.close();
  await stopSecondStorefront(shop);

  const received = toShop.filter((sent) => holding(sent.url) || holding(sent.body));
  expect(received.map((sent) => sent.url)).toEqual([]);
  // The registration's expiry and security code were made up for the run too.
  const expiryOrCode = /11\/37|11%2F37|[=:"]739(?:["&]|$)/;
  expect(toShop.filter((sent) => expiryOrCode.test(sent.body))).toEqual([]);
  expect(output.join("").length).toBeGreaterThan(0);
  expect(holding(output.join(""))).toBe(false);
  const files = filesUnder(dataDir);
  expect(files.some((file) => file.path.includes("pglite"))).toBe(true);
  expect(files.filter((file) => holding(file.text)).map((file) => file.path)).toEqual([]);
});
