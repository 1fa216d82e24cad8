// Browsing the catalog with JavaScript on (project js-on) and off (project js-off): the
// billboard and its "load more", a category shortcut, the advanced search with combined
// filters, a landing's calendar, a venue, the shop down to holding a product, the support
// contact form, and what crawlers read. es, en and pt; a 360 px phone and a desktop.
import { expect, type Page, test } from "@playwright/test";
import {
  expectAccessible,
  fillSignUpForm,
  markSplashSeen,
  uniqueEmail,
  waitForHydration,
} from "./support";

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** The splash (first visit of a session) is covered by the layout tests; keep it away here. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(markSplashSeen);
});

/** YYYY-MM-DD in Buenos Aires, `days` from today. */
function cityDate(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" }).format(
    day,
  );
}

const results = (page: Page) => page.locator('li[id^="resultado-"]');

test.describe("billboard on a 360 px phone (es)", () => {
  test.use({ viewport: phone });

  test("highlights, categories, venues, load more, then a category shortcut", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Cartelera" })).toBeVisible();
    await expect(page).toHaveTitle("Cartelera — Entradas BA");

    const highlights = page.getByRole("region", { name: "Destacados" });
    await expect(highlights.locator("article.card")).toHaveCount(3);
    await expect(highlights.locator("img").first()).toHaveAttribute("loading", "eager");
    // Below the fold: lazy and sized, so nothing jumps while it loads.
    const lazyPoster = results(page).first().locator("img");
    await expect(lazyPoster).toHaveAttribute("loading", "lazy");
    await expect(lazyPoster).toHaveAttribute("width", "300");
    await expect(lazyPoster).toHaveAttribute("height", "400");
    await expect(page.getByRole("region", { name: "Salas" }).getByRole("link")).not.toHaveCount(0);
    await expect(page.getByText(/Sin funciones a la venta|Agotado/).first()).toBeAttached();
    await expectAccessible(page);

    await expect(results(page)).toHaveCount(12);
    await expect(page.getByText(/^Mostrando 12 de \d+$/)).toBeVisible();
    if (jsOn()) {
      const more = page.getByRole("button", { name: "Cargar más" });
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await more.click();
      await expect(results(page)).toHaveCount(24);
      expect(await page.evaluate(() => "samePage" in window), "appended in place").toBe(true);
      await expect(
        page.getByRole("status").filter({ hasText: "Se agregaron 12 resultados" }),
      ).toBeAttached();
      await expect(more).toBeFocused();
      // The address remembers the longer list, so Back from a show finds it again.
      await expect(page).toHaveURL(/\/\?pagina=2$/);
      await results(page).nth(20).getByRole("heading").getByRole("link").click();
      await expect(page).toHaveURL(/\/landing\//);
      await expectAccessible(page);
      await page.goBack();
      await expect(results(page)).toHaveCount(24);
    } else {
      await page.getByRole("link", { name: "Cargar más" }).click();
      await expect(page).toHaveURL(/\/\?pagina=2#resultado-13$/);
      await expect(results(page)).toHaveCount(24);
    }
    await expect(page.getByText(/^Mostrando 24 de \d+$/)).toBeVisible();
    // Without JavaScript that was a new page; with it, the same page checked above.
    if (!jsOn()) await expectAccessible(page);

    const theatre = page.getByRole("link", { name: /^Ver los (\d+) espectáculos de Teatro$/ });
    const count = Number((await theatre.textContent())?.match(/\d+/)?.[0]);
    await theatre.click();
    await expect(page).toHaveURL(/\/AdvancedSearch\?aListaidTipoDeEspectaculo=\d+$/);
    await expect(page.getByRole("checkbox", { name: "Teatro" })).toBeChecked();
    await expect(page.getByText(`${count} resultados`, { exact: true })).toBeVisible();
    await expect(page.locator("#search-results article.card")).toHaveCount(count);
    await expectAccessible(page);
  });
});

test.describe("advanced search on a desktop (en)", () => {
  test.use({ viewport: desktop, locale: "en-US" });

  test("a short term is explained, never a 500; term, category and dates combine; paging keeps them", async ({
    page,
  }) => {
    const response = await page.goto("/AdvancedSearch?cBuscar=%20ab%20&dDesde=2026-02-30");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "Advanced search" })).toBeVisible();
    const term = page.getByLabel("Show or artist name");
    await expect(term).toHaveValue(" ab ");
    await expect(term).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#cBuscar-error")).toHaveText("Type at least 3 characters to search");
    await expect(page.locator("#dDesde-error")).toHaveText("The date is not valid");
    await expectAccessible(page);

    await page.goto("/AdvancedSearch");
    await page.getByLabel("Show or artist name").fill("tango");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { name: "Results for “tango”" })).toBeVisible();
    const cards = page.locator("#search-results article.card");
    await expect(cards.filter({ hasText: "Theatre" })).not.toHaveCount(0);
    const termOnly = await cards.count();

    await page.getByRole("checkbox", { name: "Music" }).check();
    await page.getByLabel("From", { exact: true }).fill(cityDate(0));
    await page.getByLabel("To", { exact: true }).fill(cityDate(90));
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/aListaidTipoDeEspectaculo=2/);
    await expect(page).toHaveURL(/dDesde=\d{4}-\d{2}-\d{2}&dHasta=\d{4}-\d{2}-\d{2}/);
    await expect(cards.filter({ hasText: "Theatre" })).toHaveCount(0);
    const combined = await cards.count();
    expect(combined).toBeGreaterThan(0);
    expect(combined).toBeLessThan(termOnly);
    for (const card of await cards.all()) await expect(card).toContainText("Music");
    await expect(page.getByLabel("Show or artist name")).toHaveValue("tango");
    await expectAccessible(page);

    // Dates where nothing plays: the same term and category find nothing.
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-31");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No shows match those filters.", { exact: false })).toBeVisible();

    // The whole billboard by date, 12 a page: "next" keeps the filters.
    await page.goto(`/AdvancedSearch?dDesde=${cityDate(0)}&dHasta=${cityDate(90)}`);
    await expect(cards).toHaveCount(12);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/dDesde=.*dHasta=.*pagina=2/);
    await expect(page.getByText(/Page 2 of \d+/).first()).toBeVisible();
    await expect(cards).not.toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("landing and venue on a desktop (pt)", () => {
  test.use({ viewport: desktop, locale: "pt-BR" });

  test("the calendar selects a day and lists its performances; the venue page", async ({
    page,
  }) => {
    await page.goto("/landing/los-inquilinos-del-conventillo");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Los Inquilinos del Conventillo",
    );
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "pt_BR");
    const calendar = page.getByRole("table");
    await expect(calendar.getByRole("columnheader")).toHaveCount(7);
    const selected = calendar.locator('a[aria-current="date"]');
    await expect(selected).toHaveCount(1);
    await expect(page.getByRole("link", { name: /^Comprar para / }).first()).toBeVisible();
    await expectAccessible(page);

    // Another day with performances, in this month or the next.
    let other = calendar.locator('a[href*="fecha="]:not([aria-current])');
    if ((await other.count()) === 0) {
      await page.getByRole("link", { name: /^Próximo mês/ }).click();
      other = calendar.locator('a[href*="fecha="]:not([aria-current])');
    }
    const day = (await other.first().getAttribute("href"))?.match(/fecha=([\d-]+)/)?.[1];
    await other.first().click();
    await expect(page).toHaveURL(new RegExp(`fecha=${day}`));
    await expect(calendar.locator('a[aria-current="date"]')).toHaveAttribute(
      "href",
      new RegExp(`fecha=${day}`),
    );
    await expect(page.getByRole("heading", { level: 3, name: /^Sessões de / })).toBeVisible();
    await expect(page.locator(".performance-row")).not.toHaveCount(0);
    await expectAccessible(page);

    // One schema.org Event per upcoming performance.
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "[]",
    );
    expect(jsonLd.length).toBeGreaterThan(0);
    expect(jsonLd[0]).toMatchObject({
      "@type": "Event",
      name: "Los Inquilinos del Conventillo",
      location: { "@type": "Place", address: { "@type": "PostalAddress" } },
      offers: { "@type": "Offer", priceCurrency: "ARS" },
    });
    expect(jsonLd[0].startDate).toMatch(/T\d{2}:\d{2}:00-03:00$/);

    await page.getByRole("region", { name: "A sala" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/establecimiento\/teatro-municipal-corrientes\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Teatro Municipal Corrientes");
    await expect(page.getByText("Av. Corrientes 1530, Buenos Aires")).toBeVisible();
    await expect(page.getByRole("link", { name: /no mapa \(OpenStreetMap\)/ })).toHaveAttribute(
      "href",
      /openstreetmap\.org\/\?mlat=-34\.6037&mlon=-58\.3877/,
    );
    await expect(
      page.locator("article.card").filter({ hasText: "Los Inquilinos del Conventillo" }),
    ).toHaveCount(1);
    await expectAccessible(page);

    // The catch-all spelling shows the same venue; a non-numeric id is not a venue.
    const venueUrl = new URL(page.url());
    const id = venueUrl.pathname.split("/").pop();
    await page.goto(`/teatro-municipal-corrientes/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Teatro Municipal Corrientes");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${venueUrl.origin}/establecimiento/teatro-municipal-corrientes/${id}`,
    );
    expect((await page.goto("/teatro-municipal-corrientes/abc"))?.status()).toBe(404);
    expect((await page.goto("/no-such-page"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expectAccessible(page);
  });
});

test.describe("shop on a 360 px phone (es)", () => {
  test.use({ viewport: phone });

  test("a product: 'Cantidad', no date; hold 1 unit and reach the checkout", async ({ page }) => {
    await page.goto("/tienda");
    await expect(page.getByRole("heading", { level: 1, name: "Tienda" })).toBeVisible();
    await expect(
      page.locator("article.card").filter({ hasText: "Cien Años de Escena Porteña" }),
    ).toContainText("Sin stock");
    await expectAccessible(page);

    const product = page.locator("article.card").filter({ hasText: "Remera Cultura Ciudad" });
    await expect(product).toContainText("Precio: $ 15.000");
    await product.getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/landing\/remera-cultura-ciudad$/);
    await expect(page.getByText(/^Cantidad disponible: \d+$/)).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Elegir cantidad" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2FfuncionTienda%3FidFuncion%3D\d+/);
    await page.getByRole("main").getByRole("link", { name: "Crear una cuenta" }).click();
    const email = uniqueEmail("shop");
    await fillSignUpForm(page, { email });
    await page.getByRole("button", { name: "Crear cuenta" }).click();

    await expect(page).toHaveURL(/\/funcionTienda\?idFuncion=\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Remera Cultura Ciudad");
    await expect(page.getByLabel("Cantidad", { exact: true })).toHaveValue("1");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Agregar a la compra" }).click();

    await expect(page).toHaveURL(/\/BuyTicket\/\d+$/);
    const line = page.locator("article").filter({ hasText: "Remera Cultura Ciudad" });
    await expect(line).toContainText("Cantidad: 1");
    await expect(line).not.toContainText(/\d+ entradas?/);
    await expectAccessible(page);
  });
});

test.describe("support contact form (es)", () => {
  test.use({ viewport: desktop });

  test("a bad submission explains each field and keeps the values; a good one is sent", async ({
    page,
  }) => {
    await page.goto("/TechnicalSupport");
    await expect(page.getByRole("heading", { level: 2, name: "Escribinos" })).toBeVisible();
    // Typing and sending while React takes over the page raced it (a flaky run lost the
    // answer): the form is used once the page is the app's.
    await waitForHydration(page);
    const form = page.locator("form").filter({ has: page.getByLabel("Motivo") });
    await expect(form.getByLabel("Motivo")).toHaveValue("SOPORTE");
    await form.getByLabel("Nombre", { exact: true }).fill("Ana Pereyra");
    await form.getByLabel("Correo electrónico", { exact: true }).fill("ana@");
    await form.getByLabel("Mensaje").fill("Hola");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();

    // Each field says what is wrong with it (the error summary above the form says it too).
    await expect(
      form.getByLabel("Correo electrónico", { exact: true }),
    ).toHaveAccessibleDescription("El correo electrónico no es válido");
    await expect(form.getByLabel("Mensaje")).toHaveAccessibleDescription(
      "Contanos un poco más (al menos 10 caracteres)",
    );
    await expect(form.getByLabel("Nombre", { exact: true })).toHaveValue("Ana Pereyra");
    await expect(form.getByLabel("Mensaje")).toHaveValue("Hola");
    await expect(form.getByLabel("Correo electrónico", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expectAccessible(page);

    await form.getByLabel("Motivo").selectOption("CONSULTA");
    await form.getByLabel("Correo electrónico", { exact: true }).fill("ana@example.com");
    await form.getByLabel("Mensaje").fill("No encuentro mi e-ticket en Mis compras.");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: /Recibimos tu mensaje \(n\.º \d+\)/ }),
    ).toBeVisible();
    await expect(form.getByLabel("Mensaje")).toHaveValue("");
    await expectAccessible(page);
  });
});

test.describe("what crawlers read", () => {
  test("titles, canonical URLs and Open Graph per language; robots.txt and sitemap.xml", async ({
    request,
    baseURL,
  }) => {
    const landing = await request.get("/landing/los-inquilinos-del-conventillo", {
      headers: { "Accept-Language": "en-US" },
    });
    const html = await landing.text();
    expect(html).toContain("<title>Los Inquilinos del Conventillo — Entradas BA</title>");
    expect(html).toContain(
      `<link rel="canonical" href="${baseURL}/landing/los-inquilinos-del-conventillo"/>`,
    );
    expect(html).toContain('<meta property="og:locale" content="en_US"/>');
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/v2\/Imagenes\/[^"]+"\/>/);
    expect(html).toMatch(/<meta name="description" content="An ensemble comedy[^"]*"\/>/);

    const search = await request.get("/AdvancedSearch?utm_source=x&cBuscar=tango", {
      headers: { "Accept-Language": "pt-BR" },
    });
    const searchHtml = await search.text();
    expect(searchHtml).toContain("<title>Busca: “tango” — Entradas BA</title>");
    expect(searchHtml).toContain(`href="${baseURL}/AdvancedSearch?cBuscar=tango"`);
    expect(searchHtml).toContain('<meta name="robots" content="noindex, follow"/>');

    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    // The venue catch-all /{cSeo}/{id} does not shadow two-segment routes with a fixed start.
    const checkout = await request.get("/BuyTicket/5", { maxRedirects: 0 });
    expect(checkout.status()).toBe(302);
    expect(checkout.headers().location).toMatch(/^\/login\?redirectTo=%2FBuyTicket%2F5$/);
    expect((await request.get("/landing/no-such-show")).status()).toBe(404);
    expect((await request.get("/tienda/abc")).status()).toBe(404);

    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const robotsText = await robots.text();
    expect(robotsText).toContain("Disallow: /BuyTicket");
    expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of [
      "/",
      "/tienda",
      "/TechnicalSupport",
      "/landing/los-inquilinos-del-conventillo",
      "/landing/remera-cultura-ciudad",
    ]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(xml).toMatch(/<loc>[^<]+\/establecimiento\/usina-cultural-sur\/\d+<\/loc>/);
  });
});
