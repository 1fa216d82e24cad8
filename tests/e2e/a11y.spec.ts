// Accessibility beyond what axe sees (WCAG 2.2 AA), with JavaScript on (project js-on) and off
// (project js-off): where the focus goes after a failed submit and after a navigation, the
// sticky header never hiding the focus, a focus ring visible everywhere, modal dialogs that
// are modal, and no sideways scrolling on narrow phones or with large text.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { payOnCardForm } from "./bancard-form";
import {
  expectAccessible,
  expectIdReferencesResolve,
  fillSignUpForm,
  holdGeneralPlaces,
  markSplashSeen,
  openFirstPerformance,
  openSeatForm,
  testCards,
  uniqueEmail,
} from "./support";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const narrowPhone = { width: 320, height: 640 };
const phone = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  // The splash of a session's first page is covered by the layout tests.
  await page.addInitScript(markSplashSeen);
});

/** Whole journeys on a busy 2-core machine: room to breathe. */
test.describe.configure({ timeout: 150_000 });

async function signUp(page: Page, email = uniqueEmail("a11y")) {
  await page.goto("/signUp");
  await fillSignUpForm(page, { email });
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/$/);
  return email;
}

/** A performance of a show at a theatre with numbered seats (and a general sector). */
async function openNumberedPerformance(page: Page) {
  await page.goto("/landing/los-inquilinos-del-conventillo");
  await openFirstPerformance(page);
  await expect(page).toHaveURL(/\/funcion\//);
  await openSeatForm(page);
}

const holdTwoPlaces = (page: Page) => holdGeneralPlaces(page, 2);

const errorSummary = (page: Page) => page.locator("[data-error-summary]");

test.describe("after a failed submit the focus is on the error summary", () => {
  test("a refused login", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Correo electrónico", { exact: true }).fill(uniqueEmail("nobody"));
    await page.getByLabel("Contraseña", { exact: true }).fill("Equivocada2026");
    await page.getByRole("main").getByRole("button", { name: "Ingresar" }).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page)).toHaveRole("alert");
    await expect(errorSummary(page)).not.toBeEmpty();
    await expectAccessible(page);
  });

  test("a sign-up with errors lists them, each a link to its field", async ({ page }) => {
    await page.goto("/signUp");
    await page.getByLabel("Nombre", { exact: true }).fill("Ana");
    await page.getByLabel("Correo electrónico", { exact: true }).fill("ana@");
    // Enter sends the form (a click could land beside the button as the field's own error,
    // shown when it loses the focus, pushes the button down).
    await page.getByLabel("Correo electrónico", { exact: true }).press("Enter");

    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    const lastName = page.getByLabel("Apellido");
    const toLastName = summary.getByRole("link", { name: "Ingresá tu apellido" });
    await expect(toLastName).toHaveAttribute("href", `#${await lastName.getAttribute("id")}`);
    await expect(
      summary.getByRole("link", { name: "El correo electrónico no es válido" }),
    ).toBeVisible();
    await expect(summary).toContainText(/Revisá estos \d+ datos/);
    // What was typed stays.
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Ana");
    await expectAccessible(page);

    if (jsOn()) {
      await toLastName.click();
      await expect(lastName).toBeFocused();
    }
  });

  test("a sign-up refused by the API (e-mail taken) and the contact form", async ({
    page,
    browser,
  }) => {
    // Someone already has this address.
    const email = uniqueEmail("taken");
    const other = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    });
    await signUp(await other.newPage(), email);
    await other.close();

    await page.goto("/signUp");
    await fillSignUpForm(page, { email });
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    await expect(
      summary.getByRole("link", { name: "Ya existe una cuenta con este correo electrónico" }),
    ).toBeVisible();
    await expectAccessible(page);

    await page.goto("/TechnicalSupport");
    const contact = page.locator("form").filter({ has: page.getByLabel("Motivo") });
    await contact.getByLabel("Nombre", { exact: true }).fill("Ana Pereyra");
    await contact.getByLabel("Correo electrónico", { exact: true }).fill("ana@example.com");
    await contact.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Escribí tu mensaje" })).toBeVisible();
    await expectAccessible(page);
  });

  test("nothing chosen on a performance, the terms not accepted, then a declined card", async ({
    page,
  }) => {
    await signUp(page);
    await openNumberedPerformance(page);
    // No error yet: nothing may point at an error that is not there.
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(errorSummary(page)).toBeFocused();
    await expect(errorSummary(page)).toContainText("Elegí al menos una entrada");
    await expectAccessible(page);

    await holdTwoPlaces(page);
    await page.getByRole("button", { name: /^Pagar/ }).click();
    await expect(errorSummary(page)).toContainText("Tenés que aceptar los términos y condiciones");
    await expect(errorSummary(page)).toBeFocused();
    await expectAccessible(page);
    // Declined on Bancard's form: the failure page says why.
    await payOnCardForm(page, testCards.declines);
    await expect(page.getByRole("main").getByRole("status")).toContainText("El pago falló");
    await expectAccessible(page);
  });
});

test.describe("client-side navigation", () => {
  test("moves the focus to the new page's heading and announces its title", async ({ page }) => {
    test.skip(!jsOn(), "a page load: the browser itself starts at the top and reads the title");
    await page.goto("/");
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("header") ?? {}).some((k) => k.startsWith("__react")),
    );
    const announcer = page.locator("[data-route-announcer]");
    await expect(announcer).toHaveAttribute("aria-live", "polite");
    await expect(announcer).toBeEmpty();

    await page.getByRole("contentinfo").getByRole("link", { name: "Preguntas frecuentes" }).click();
    await expect(page).toHaveURL(/\/FAQ$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(announcer).toHaveText(await page.title());
    await expect(announcer).toContainText("Preguntas frecuentes");

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Cartelera" })).toBeFocused();
    await expect(announcer).toHaveText(await page.title());

    // By keyboard too.
    await page.getByRole("banner").getByRole("link", { name: "Tienda" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tienda$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });
});

test.describe("the sticky header never covers the focus (2.4.11)", () => {
  test.use({ viewport: phone });

  test("every focus stop of the billboard at 390 px, forwards and backwards", async ({ page }) => {
    await page.goto("/");
    const hidden: string[] = [];
    let stops = 0;
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < 400; i++) {
        await page.keyboard.press(key);
        const stop = await page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return null;
          const header = document.querySelector("header");
          if (!header || header.contains(active) || getComputedStyle(active).position === "fixed")
            return { covered: false, name: "" };
          const box = active.getBoundingClientRect();
          return {
            covered: box.top < header.getBoundingClientRect().bottom - 0.5,
            name: `${active.tagName} ${active.textContent?.trim().slice(0, 40)} (top ${box.top})`,
          };
        });
        if (!stop) break;
        stops += 1;
        if (stop.covered) hidden.push(`${key}: ${stop.name}`);
      }
    }
    expect(stops).toBeGreaterThan(60);
    expect(hidden).toEqual([]);
  });
});

test.describe("the focus ring", () => {
  /** The ring of a focused element: a dark outline (#1c1917) between white halos. */
  async function expectRing(focused: Locator, ringed = focused) {
    expect(await focused.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
    const ring = await ringed.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        halo: style.boxShadow,
      };
    });
    expect(ring.outline).toBe("solid 3px rgb(28, 25, 23)");
    expect(ring.halo).toContain("rgb(255, 255, 255)");
  }

  test("shows on the page, in the blue header, in the dark footer and on a seat", async ({
    page,
  }) => {
    await signUp(page);
    await openNumberedPerformance(page);
    // Keyboard first, so the browser shows the ring for focus moved by script as well.
    await page.keyboard.press("Tab");
    for (const target of [
      page.getByRole("banner").getByRole("link").first(),
      page.getByRole("button", { name: "Continuar" }),
      page.getByRole("contentinfo").getByRole("link", { name: "Preguntas frecuentes" }),
    ]) {
      await target.focus();
      await expectRing(target);
    }
    if (jsOn()) {
      // The drawn map draws its own ring around the focused seat (SVG has no outline).
      const seat = page.locator("[data-place-id][tabindex='0']");
      await seat.focus();
      await expect(page.locator(".seat-map-focus")).toBeAttached();
      await expect(page.locator(".seat-map-focus-halo")).toBeAttached();
    } else {
      const seat = page.locator("input.seat:enabled").first();
      await seat.focus();
      await expectRing(seat);
    }
  });
});

test.describe("modal dialogs", () => {
  /** Focus stays in the dialog, the page behind refuses it, and the dialog is modal. */
  async function expectModal(page: Page, dialog: Locator) {
    await expect(dialog).toBeVisible();
    // The server renders it open in the page; it turns modal once the page has hydrated.
    await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      "the dialog has the focus",
    ).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      const inside = await dialog.evaluate(
        (element) =>
          document.activeElement === document.body || element.contains(document.activeElement),
      );
      expect(inside, "Tab stays in the dialog").toBe(true);
    }
    const reachable = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>("header a");
      link?.focus();
      return link !== null && document.activeElement === link;
    });
    expect(reachable, "the page behind is inert").toBe(false);
  }

  test("'Purchase process canceled' is modal and Escape means OK", async ({ page }) => {
    test.skip(!jsOn(), "the clock runs out in the browser only with JavaScript");
    await page.clock.install();
    await signUp(page);
    await openNumberedPerformance(page);
    await holdTwoPlaces(page);
    await page.getByLabel(/Leí y acepto/).focus();
    await page.clock.fastForward("31:00");

    const dialog = page.getByRole("dialog", { name: "Proceso de compra cancelado" });
    await expectModal(page, dialog);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    // OK leaves to the previous page: the performance the places were chosen on.
    await expect(page).toHaveURL(/\/funcion\//);
    await expect(
      page.getByRole("status").filter({ hasText: "Se agotó el tiempo límite de tu compra" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });

  test("the clock tells screen readers the time left at 5, 2 and 1 minutes, not every second", async ({
    page,
  }) => {
    test.skip(!jsOn(), "the clock counts down in the browser only with JavaScript");
    await page.clock.install();
    await signUp(page);
    await openNumberedPerformance(page);
    await holdTwoPlaces(page);
    const said = page.getByRole("banner").getByRole("status");
    await expect(said).toHaveText("");
    await page.clock.fastForward("24:30");
    await expect(page.getByRole("banner").getByRole("timer")).toHaveAccessibleName(/5:\d\d$/);
    await expect(said).toHaveText("");
    await page.clock.fastForward("00:40");
    await expect(said).toHaveText("Quedan 5 minutos para completar tu compra");
    await page.clock.fastForward("03:00");
    await expect(said).toHaveText("Quedan 2 minutos para completar tu compra");
    await expectAccessible(page);
  });

  test.describe("'Attention' (the API cannot be reached)", () => {
    let server: ChildProcess | undefined;
    let origin = "";

    test.beforeAll(async () => {
      const [port, deadPort] = [await freePort(), await freePort()];
      origin = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, ["build/node/storefront.mjs"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          // Nothing listens there.
          COMMERCE_API_URL: `http://127.0.0.1:${deadPort}/v2`,
          DATA_DIR: `test-results/e2e-data-no-api-${port}`,
          SESSION_SECRET: "e2e-session-secret-0123456789",
          COOKIE_SECURE: "false",
        },
        stdio: "ignore",
      });
      await waitUntilServing(origin);
    });

    test.afterAll(() => {
      server?.kill();
    });

    test("is modal with JavaScript, a section of the page without", async ({ page }) => {
      const loads: string[] = [];
      page.on("load", () => loads.push(page.url()));
      await page.goto(`${origin}/`);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("button", { name: "Aceptar" })).toBeVisible();
      await expectIdReferencesResolve(page);
      if (jsOn()) {
        await expectModal(page, dialog);
        await page.keyboard.press("Escape");
        await expect.poll(() => loads.length).toBe(2);
      } else {
        // In the flow of the page, after the header, and its OK works as a plain form.
        expect(await dialog.evaluate((element) => getComputedStyle(element).position)).toBe(
          "static",
        );
        const box = await dialog.boundingBox();
        const header = await page.getByRole("banner").boundingBox();
        expect(box && header && box.y >= header.y + header.height).toBe(true);
        await dialog.getByRole("button", { name: "Aceptar" }).click();
        await expect.poll(() => loads.length).toBe(2);
      }
    });
  });
});

test.describe("nothing scrolls sideways", () => {
  async function expectNoSideScroll(page: Page, what: string) {
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    // A phone widens its layout viewport to fit what sticks out: hold it to the screen's width.
    const screen = Math.min(width, page.viewportSize()?.width ?? width);
    expect(scroll, `${what} sticks out sideways`).toBeLessThanOrEqual(screen);
  }

  /** The browser's own text size setting (Chromium's text zoom): 32 px is 200 %. */
  async function textSizer(context: BrowserContext, page: Page) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.enable");
    return (percent: number) =>
      cdp.send("Page.setFontSizes", {
        fontSizes: { standard: (16 * percent) / 100, fixed: (13 * percent) / 100 },
      });
  }

  test("at 320 and 390 px and at 200 % text: billboard, seats, search, checkout", async ({
    page,
    context,
  }) => {
    await signUp(page);
    await openNumberedPerformance(page);
    const performance = new URL(page.url()).pathname;
    await holdTwoPlaces(page);
    const checkout = new URL(page.url()).pathname;
    const pages = { billboard: "/", performance, search: "/AdvancedSearch", checkout };

    const setTextSize = await textSizer(context, page);
    try {
      for (const text of [100, 200]) {
        await setTextSize(text);
        for (const viewport of [narrowPhone, phone]) {
          await page.setViewportSize(viewport);
          for (const [name, path] of Object.entries(pages)) {
            await page.goto(path);
            await expectNoSideScroll(page, `${name} at ${viewport.width} px, ${text} % text`);
          }
        }
      }
    } finally {
      // The text size is the browser's: left at 200 %, it would carry over to the pages the
      // next tests check in the same browser (expectAccessible's copies without JavaScript).
      await setTextSize(100);
    }
  });
});

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(origin: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      await fetch(origin);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`${origin} never answered`);
}
