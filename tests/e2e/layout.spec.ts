// The 'Power' app bar, the drawer, footer 6, the loading overlay and the splash, by keyboard,
// with JavaScript on (project js-on) and off (project js-off), on a 360 px phone and a desktop.
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  fillSignUpForm,
  markSplashSeen,
  openFirstPerformance,
  openShowOnSale,
  uniqueEmail,
} from "./support";

const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };
const withdrawalForm = "https://www.buenosaires.gob.ar/defensaconsumidor/boton-de-arrepentimiento";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function expectNoSideScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, "nothing may stick out sideways").toBeLessThanOrEqual(width);
}

const summary = (page: Page, text: string | RegExp) =>
  page.locator("header summary").filter({ hasText: text });

/**
 * With JavaScript, waits until React has hydrated the header (it marks the nodes it owns), so
 * clicks run through the router rather than as plain document loads.
 */
async function hydrated(page: Page) {
  if (!jsOn()) return;
  await page.waitForFunction(() => {
    const header = document.querySelector("header");
    return header !== null && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
  });
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/**
 * Keeps the splash up for as long as a test needs it: its 3 s timer never fires (the page's
 * clock is stopped) and it does not fade (reduced motion), however slow the machine is.
 */
async function holdSplash(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 1000));
}

/** Keeps the splash out of tests about something else (it is covered on its own below). */
async function skipSplash(page: Page) {
  await page.addInitScript(markSplashSeen);
}

test.describe("desktop app bar", () => {
  test.use({ viewport: desktop });

  test("shows the five first categories inline and no drawer, 80 px tall", async ({ page }) => {
    await skipSplash(page);
    await open(page, "/");
    const banner = page.getByRole("banner");
    expect((await banner.boundingBox())?.height).toBe(80);
    const shortcuts = page.getByRole("navigation", { name: "Categorías destacadas" });
    await expect(shortcuts.getByRole("link")).toHaveText([
      "Teatro",
      "Música",
      "Danza",
      "Infantiles",
      "Museos",
    ]);
    await expect(shortcuts.getByRole("link", { name: "Danza" })).toHaveAttribute(
      "href",
      "/AdvancedSearch?aListaidTipoDeEspectaculo=3",
    );
    await expect(page.locator("details.drawer > summary")).toBeHidden();
    await expect(banner.getByRole("link", { name: "Tienda" })).toHaveAttribute("href", "/tienda");
    await expect(
      banner.getByRole("link", { name: "Entradas BA, ir a la cartelera" }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test("the login menu opens and closes by keyboard and holds the languages", async ({ page }) => {
    await skipSplash(page);
    await open(page, "/");
    const account = summary(page, "Ingresar");
    const login = page.getByRole("link", { name: "Iniciar sesión" });
    await expect(login).toBeHidden();

    await tabTo(page, account);
    await page.keyboard.press("Enter");
    await expect(login).toBeVisible();
    await expect(page.getByRole("link", { name: "Crear cuenta" })).toHaveAttribute(
      "href",
      "/signUp",
    );
    await expect(page.getByRole("button", { name: "English" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Español" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("Tab");
    await expect(login).toBeFocused();
    await expectAccessible(page);

    if (jsOn()) {
      await page.keyboard.press("Escape");
      await expect(login).toBeHidden();
      await expect(account).toBeFocused();
      // A click elsewhere closes it too.
      await page.keyboard.press("Enter");
      await expect(login).toBeVisible();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(login).toBeHidden();
    } else {
      await page.keyboard.press("Shift+Tab");
      await expect(account).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(login).toBeHidden();
    }
  });

  test("opening one menu closes the other; the empty cart says so", async ({ page }) => {
    await skipSplash(page);
    await open(page, "/");
    await summary(page, "Ingresar").click();
    await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await page.locator('header summary[aria-label="Carrito vacío"]').click();
    await expect(page.getByText("Tu carrito está vacío")).toBeVisible();
    await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeHidden();
    await expect(page.getByRole("banner").getByRole("timer")).toHaveCount(0);
  });

  test("search runs by Enter and by the search button; the filter link opens advanced search", async ({
    page,
  }) => {
    await skipSplash(page);
    await open(page, "/");
    const search = page.getByRole("search", { name: "Buscar en la cartelera" });
    const field = search.getByRole("searchbox", {
      name: "Buscar espectáculos, artistas o lugares",
    });
    await tabTo(page, field);
    await page.keyboard.type("tango");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/AdvancedSearch\?cBuscar=tango$/);

    await open(page, "/");
    await search.getByRole("searchbox").fill("jazz");
    await search.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(/\/AdvancedSearch\?cBuscar=jazz$/);

    await open(page, "/");
    await search.getByRole("link", { name: "Búsqueda avanzada con filtros" }).click();
    await expect(page).toHaveURL(/\/AdvancedSearch$/);
  });
});

test.describe("phone app bar and drawer (360 px)", () => {
  test.use({ viewport: phone });

  test("the drawer opens by keyboard with account items, languages and every category", async ({
    page,
  }) => {
    await skipSplash(page);
    await open(page, "/");
    expect((await page.getByRole("banner").boundingBox())?.height).toBe(70);
    await expect(page.getByRole("navigation", { name: "Categorías destacadas" })).toBeHidden();
    await expectNoSideScroll(page);

    const toggle = page.locator("details.drawer > summary");
    await expect(toggle).toHaveAccessibleName("Menú");
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("navigation", { name: "Menú lateral" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Crear cuenta" })).toBeVisible();
    const categories = drawer.getByRole("list", { name: "Categorías" }).getByRole("link");
    await expect(categories).toHaveText([
      "Teatro",
      "Música",
      "Danza",
      "Infantiles",
      "Museos",
      "Cine",
      "Ópera",
      "Festivales",
      "Tienda",
    ]);
    await expect(page.getByRole("button", { name: "Português" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(drawer.getByRole("link", { name: "Iniciar sesión" })).toBeFocused();
    await expectNoSideScroll(page);
    await expectAccessible(page);

    if (jsOn()) {
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(toggle).toBeFocused();
    } else {
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await expect(drawer).toBeHidden();
    }

    // A tap beside the panel (on the backdrop) closes it, with or without JavaScript.
    await toggle.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(phone.width - 20, 400);
    await expect(drawer).toBeHidden();

    // A category by keyboard: advanced search for that type, and the drawer is closed there.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await drawer.getByRole("link", { name: "Danza" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/AdvancedSearch\?aListaidTipoDeEspectaculo=3$/);
    await expect(page.locator("details.drawer")).not.toHaveAttribute("open");
  });

  test("search opens from its icon and runs by Enter", async ({ page }) => {
    await skipSplash(page);
    await open(page, "/");
    const toggle = page.locator('header summary[aria-label="Mostrar la búsqueda"]');
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    const field = page.getByRole("searchbox", { name: "Buscar espectáculos, artistas o lugares" });
    await expect(field).toBeVisible();
    await expectNoSideScroll(page);
    await field.fill("murga");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/AdvancedSearch\?cBuscar=murga$/);
  });

  test("the account menu fits the screen and the footer does not overflow", async ({ page }) => {
    await skipSplash(page);
    await open(page, "/");
    await summary(page, "Ingresar").click();
    const login = page.getByRole("link", { name: "Iniciar sesión" });
    await expect(login).toBeVisible();
    const box = await login.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    await expectNoSideScroll(page);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
  });
});

test.describe("footer 6", () => {
  test("links, help lines, social networks, rights and payment methods", async ({ page }) => {
    await skipSplash(page);
    await open(page, "/");
    const footer = page.getByRole("contentinfo");
    const pages = footer.getByRole("navigation", { name: "Información" }).getByRole("link");
    await expect(pages).toHaveText([
      "Términos y condiciones",
      "Políticas de privacidad",
      "Libro de quejas",
      "Preguntas frecuentes",
      "Soporte técnico",
      "Puntos de venta",
      "Servicios",
      "E-ticket",
    ]);
    const hrefs = await pages.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/termsAndConditions",
      "/privacyPolicies",
      "/ComplaintsBook",
      "/FAQ",
      "/TechnicalSupport",
      "/PointSales",
      "/Services",
      "/eticket",
    ]);
    await expect(
      footer.getByRole("link", { name: "Llamá al 147 desde la Ciudad" }),
    ).toHaveAttribute("href", "tel:147");
    await expect(
      footer.getByRole("link", { name: "Llamá gratis al 0800-333-7777 desde el interior" }),
    ).toHaveAttribute("href", "tel:08003337777");
    await expect(
      footer.getByRole("list", { name: "Redes sociales" }).getByRole("link"),
    ).toHaveCount(4);
    await expect(footer.getByRole("link", { name: "Seguinos en Instagram" })).toBeVisible();
    const withdrawal = footer.getByRole("link", { name: /^Me arrepentí de mi compra/ });
    await expect(withdrawal).toHaveAttribute("href", withdrawalForm);
    await expect(withdrawal).toHaveAttribute("target", "_blank");
    await expect(
      footer.getByRole("link", { name: "Defensa del Consumidor de la Ciudad" }),
    ).toHaveAttribute("href", "https://www.buenosaires.gob.ar/defensaconsumidor");
    await expect(
      footer.getByRole("link", { name: "Defensa del Consumidor de la Nación" }),
    ).toBeVisible();
    const payments = footer.getByRole("list", { name: "Medios de pago" }).getByRole("img");
    // The cards the card check accepts (card-rules.ts), no other: no Naranja.
    await expect(payments).toHaveCount(4);
    for (const [index, card] of ["Visa", "Mastercard", "American Express", "Cabal"].entries()) {
      await expect(payments.nth(index)).toHaveAccessibleName(card);
    }
    await expect(footer.getByRole("link", { name: "Funciona con Entradas BA" })).toBeVisible();

    await pages.filter({ hasText: "Preguntas frecuentes" }).click();
    await expect(page).toHaveURL(/\/FAQ$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test("the newsletter only says thank you: nothing typed leaves the page", async ({ page }) => {
    await skipSplash(page);
    const sent: string[] = [];
    page.on("request", (request) => sent.push(`${request.url()} ${request.postData() ?? ""}`));
    await open(page, "/");
    const thanks = page.getByRole("dialog", { name: "¡Gracias por suscribirte!" });
    const subscribe = page.getByRole("button", { name: "Suscribirme" });

    // Both fields are required: an empty box does not thank anyone.
    await subscribe.click();
    await expect(thanks).toBeHidden();

    await page.getByLabel("Tu nombre").fill("Rosaura Quiroga");
    await page.getByLabel("Tu correo electrónico").fill("rosaura.quiroga@example.com");
    await subscribe.click();
    await expect(thanks).toBeVisible();
    await expect(thanks).toContainText("Pronto vas a recibir las novedades de la cartelera.");
    if (jsOn()) {
      await expect(page).toHaveURL(/\/$/);
    } else {
      await expect(page).toHaveURL(/\/\?newsletter=thanks$/);
    }
    expect(sent.join("\n")).not.toMatch(/rosaura|Quiroga/i);
    await expectAccessible(page);

    await thanks.getByRole("button", { name: "Cerrar" }).click();
    await expect(thanks).toBeHidden();
  });

  test("the thank-you page keeps the page's own query", async ({ page }) => {
    await skipSplash(page);
    await open(page, "/FAQ?desde=footer");
    await page.getByLabel("Tu nombre").fill("Ana");
    await page.getByLabel("Tu correo electrónico").fill("ana@example.com");
    await page.getByRole("button", { name: "Suscribirme" }).click();
    await expect(page.getByRole("dialog", { name: "¡Gracias por suscribirte!" })).toBeVisible();
    await expect(page).toHaveURL(
      jsOn() ? /\/FAQ\?desde=footer$/ : /\/FAQ\?desde=footer&newsletter=thanks$/,
    );
  });
});

test.describe("languages", () => {
  test.use({ viewport: desktop });

  test("switching to English and Portuguese changes <html lang> and the texts", async ({
    page,
  }) => {
    await skipSplash(page);
    await open(page, "/FAQ");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const entries = await page.evaluate(() => history.length);
    await summary(page, "Ingresar").click();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveURL(/\/FAQ$/);
    // With JavaScript the page in English takes the Spanish one's place in the history
    // (decision 0071); without it the browser keeps one entry for the form's result.
    if (jsOn()) expect(await page.evaluate(() => history.length)).toBe(entries);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Shop" })).toBeVisible();
    await expect(
      page.getByRole("contentinfo").getByRole("heading", { name: "Information" }),
    ).toBeVisible();
    await expectAccessible(page);

    await summary(page, "Log in").click();
    await expect(page.getByRole("button", { name: "English" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Português" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expect(banner.getByRole("link", { name: "Loja" })).toBeVisible();
    await expect(summary(page, "Entrar")).toBeVisible();
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: /^Me arrependi da minha compra/ }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test.describe("a browser in English", () => {
    test.use({ locale: "en-US" });
    test("gets the layout in English", async ({ page }) => {
      await skipSplash(page);
      await open(page, "/");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: /^I regretted my purchase/ })).toBeVisible();
      await expect(footer.getByRole("button", { name: "Subscribe" })).toBeVisible();
      await expect(footer.getByText("Call 147 from the City")).toBeVisible();
      await expect(
        page.getByRole("search", { name: "Search the billboard" }).getByRole("searchbox"),
      ).toBeVisible();
      await expectAccessible(page);
    });
  });

  test.describe("a browser in Portuguese, on a phone", () => {
    test.use({ locale: "pt-BR", viewport: phone });
    test("gets the layout and the drawer in Portuguese", async ({ page }) => {
      await skipSplash(page);
      await open(page, "/");
      await expect(page.locator("html")).toHaveAttribute("lang", "pt");
      await page.locator("details.drawer > summary").click();
      const drawer = page.getByRole("navigation", { name: "Menu lateral" });
      await expect(drawer.getByRole("link", { name: "Criar conta" })).toBeVisible();
      await expect(drawer.getByRole("link", { name: "Dança" })).toBeVisible();
      await expectNoSideScroll(page);
      await expectAccessible(page);
    });
  });
});

test.describe("logged in", () => {
  test.use({ viewport: desktop });

  test("the header shows cNombre, the account menu, the cart with its badge and the clock", async ({
    page,
  }) => {
    test.slow();
    await skipSplash(page);
    // Billboard → a show → its first performance → sign up (the way a buyer arrives).
    await open(page, "/");
    await openShowOnSale(page);
    await openFirstPerformance(page);
    await page.getByRole("link", { name: "Crear una cuenta" }).click();
    const email = uniqueEmail("header");
    await fillSignUpForm(page, {
      firstName: "Valentina",
      lastName: "Ocampo",
      email,
      document: "30999888",
    });
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page).toHaveURL(/\/funcion\//);

    const account = summary(page, "Valentina");
    await expect(account).toBeVisible();
    await expect(account).toHaveAccessibleName(/Tu cuenta: Valentina/);
    await account.focus();
    await page.keyboard.press("Enter");
    const items = page.getByRole("banner").locator(".appbar-panel").getByRole("link");
    await expect(items).toHaveText([
      "Mis compras",
      "Mis reservas",
      "Mis datos",
      "Alias",
      "Tarjetas",
      "Teléfono",
      "Domicilio",
      "Cambiar contraseña",
    ]);
    const hrefs = await items.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/myOrders",
      "/myBookings",
      "/myData",
      "/myAlias",
      "/myCards",
      "/myPhone",
      "/myAddress",
      "/changePassword",
    ]);
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Português" })).toBeVisible();
    await expectAccessible(page);
    await account.click();

    // Hold two places: the cart shows them, with the clock running.
    await page.getByLabel("Cantidad de entradas").and(page.locator(":enabled")).first().fill("2");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
    const checkout = new URL(page.url()).pathname;
    const cart = page.locator('header summary[aria-label="Carrito: 2 reservados"]');
    await expect(cart).toBeVisible();
    await expect(cart.locator(".appbar-badge")).toHaveText("2");
    await expect(page.getByRole("banner").getByRole("timer")).toHaveAccessibleName(
      /Tiempo restante para pagar: (29|30):\d\d/,
    );
    await cart.click();
    const panel = page
      .getByRole("banner")
      .locator(".appbar-panel")
      .filter({ hasText: "Tu compra en curso" });
    await expect(panel.getByText("Entradas: 2")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Ir a pagar" })).toHaveAttribute("href", checkout);
    await expect(panel.getByRole("link").first()).toHaveAttribute("href", checkout);
    await expectAccessible(page);

    // Sign Out from the account menu.
    await account.click();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Tu sesión de usuario se desconectó" }),
    ).toBeVisible();
    await expect(summary(page, "Ingresar")).toBeVisible();
    await expect(page.locator('header summary[aria-label="Carrito vacío"]')).toBeVisible();
  });
});

test.describe("loading overlay and splash", () => {
  test.use({ viewport: desktop });

  test("a slow navigation shows the overlay with the logo after a short delay", async ({
    page,
  }) => {
    await skipSplash(page);
    await open(page, "/");
    if (!jsOn()) {
      // Without JavaScript the browser shows its own progress: no overlay in the page.
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: "Preguntas frecuentes" })
        .click();
      await expect(page).toHaveURL(/\/FAQ$/);
      await expect(page.locator(".loading-overlay")).toHaveCount(0);
      return;
    }
    // Data requests of client navigations take 1.5 s.
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { clickedAt: number; shownAt: number };
      w.shownAt = 0;
      document.addEventListener(
        "click",
        () => {
          w.clickedAt = performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        if (!w.shownAt && document.querySelector('[data-loading="true"]'))
          w.shownAt = performance.now();
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Preguntas frecuentes" }).click();
    const overlay = page.getByRole("status").filter({ hasText: "Cargando…" });
    await expect(overlay).toBeVisible();
    await expect(overlay.locator("img")).toHaveAttribute("src", "/logo.svg");
    const delay = await page.evaluate(() => {
      const w = window as unknown as { clickedAt: number; shownAt: number };
      return w.shownAt - w.clickedAt;
    });
    expect(delay).toBeGreaterThanOrEqual(290);
    await expect(page).toHaveURL(/\/FAQ$/);
    await expect(overlay).toHaveCount(0);
    await expect(page.locator(".loading-overlay")).toHaveCount(0);
  });

  test("the splash shows once per browser session, only with JavaScript; a click is spent on it", async ({
    page,
  }) => {
    const html = await (await page.request.get("/")).text();
    expect(html).not.toContain("data-splash");
    await holdSplash(page);
    await open(page, "/");
    const splash = page.locator("[data-splash]");
    const heading = page.getByRole("heading", { level: 1, name: "Cartelera" });
    await expect(heading).toBeVisible();
    if (!jsOn()) {
      await expect(splash).toHaveCount(0);
      return;
    }
    await expect(splash).toBeVisible();
    await expect(splash).toHaveAttribute("aria-hidden", "true");
    // A click where the shop link lies beneath only dismisses the splash.
    const shop = page.getByRole("banner").getByRole("link", { name: "Tienda" });
    const box = await shop.boundingBox();
    if (!box) throw new Error("the shop link has no box");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(splash).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(heading).toBeVisible();

    await page.reload();
    await hydrated(page);
    await expect(heading).toBeVisible();
    await expect(splash).toHaveCount(0);
  });

  test("no splash before a page the buyer came to act on, nor later in that tab", async ({
    page,
  }) => {
    await holdSplash(page);
    // A payment link opened from a mail: the tab's first page is not the billboard.
    await open(page, "/linkPago");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("[data-splash]")).toHaveCount(0);
    await page.clock.resume(); // axe runs on timers
    await expectAccessible(page);
    await open(page, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Cartelera" })).toBeVisible();
    await expect(page.locator("[data-splash]")).toHaveCount(0);
  });

  test("the first key removes the splash before the focus moves, so the focus is seen", async ({
    page,
  }) => {
    test.skip(!jsOn(), "no splash without JavaScript (checked above)");
    await holdSplash(page);
    await open(page, "/");
    const splash = page.locator("[data-splash]");
    await expect(splash).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(splash).toHaveCount(0);
    const skip = page.getByRole("link", { name: "Saltar al contenido" });
    await expect(skip).toBeFocused();
    // Nothing covers the focused link: it is what sits at its own centre.
    const onTop = await skip.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === el;
    });
    expect(onTop).toBe(true);
    await page.clock.resume(); // axe runs on timers
    await expectAccessible(page);
  });

  test("the splash respects reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/");
    if (!jsOn()) {
      await expect(page.locator("[data-splash]")).toHaveCount(0);
      return;
    }
    const splash = page.locator("[data-splash]");
    await expect(splash).toBeVisible();
    expect(await splash.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await page.keyboard.press("Escape");
    await expect(splash).toHaveCount(0);
  });
});
