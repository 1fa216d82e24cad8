import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { type ReadEml, readEml } from "../../commerce/mail/read-eml.ts";
import { expectNoConsoleErrors, expectValidMarkup } from "./page-checks.ts";
import { signUpFields } from "./sign-up-fields.ts";

/** A Content-Security-Policy as its directives, by name. */
export function policyDirectives(policy: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (policy ?? "").split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

/** The browser's reports of something the page's Content-Security-Policy blocked. */
export async function cspViolations(page: Page): Promise<string[]> {
  return (await page.consoleMessages())
    .map((message) => message.text())
    .filter((text) =>
      /Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(text),
    );
}

/** The pages whose route declares a payment provider (app/lib/payment-provider-pages.ts). */
const paymentPagePaths = /^\/(BuyTicket\/\d+|payChange\/\d+|linkPago\/\d+|BuyTicketBox|myCards)$/;

/**
 * The page as served now carries the security headers (its policy lets scripts run only by
 * nonce and forbids framing), and nothing the page did so far was blocked by the policy.
 */
export async function expectSecure(page: Page) {
  const served = await page.request.get(page.url(), { maxRedirects: 0 });
  const headers = served.headers();
  expect(headers["x-frame-options"], `X-Frame-Options of ${page.url()}`).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-request-id"]).toBeTruthy();
  const policy = policyDirectives(headers["content-security-policy"]);
  expect(policy["frame-ancestors"], `frame-ancestors of ${page.url()}`).toBe("'none'");
  if (headers["content-type"]?.startsWith("text/html")) {
    // Only a payment page names the providers' origins after its own (decision 0078).
    const origins = paymentPagePaths.test(new URL(page.url()).pathname)
      ? "( https?://[a-z0-9.:[\\]-]+)*"
      : "";
    expect(policy["script-src"]).toMatch(
      new RegExp(`^'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'${origins}$`),
    );
    expect(policy["form-action"], `form-action of ${page.url()}`).toMatch(
      new RegExp(`^'self'${origins}$`),
    );
    expect(policy).toMatchObject({ "object-src": "'none'", "base-uri": "'self'" });
  }
  expect(await cspViolations(page), `blocked by the policy on ${page.url()}`).toEqual([]);
}

/**
 * A page that may run scripts, one per browser (so per worker), where a page without
 * JavaScript is checked as a copy of its markup: made once, its styles stay in its cache.
 */
const scratchPages = new WeakMap<Browser, Promise<Page>>();
function scratchPageOf(browser: Browser): Promise<Page> {
  let scratch = scratchPages.get(browser);
  if (!scratch) {
    scratch = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    scratchPages.set(browser, scratch);
  }
  return scratch;
}

/**
 * Fails on serious or critical accessibility issues of the page as it is now, or when it is
 * not served securely (expectSecure): every page the suite checks, it checks for both. axe
 * runs inside the page, so a page without JavaScript is checked as a copy of its markup
 * (scripts removed, same styles and viewport) in a scratch page that may run axe.
 */
export async function expectAccessible(
  page: Page,
  /** A page of an outside service (the sandbox bank's): its own headers, not the shop's. */
  { outsideService = false } = {},
) {
  if (!outsideService) await expectSecure(page);
  if (!outsideService) await expectValidMarkup(page);
  await expectNoConsoleErrors(page);
  // On the page itself, as the buyer's phone lays it out: reflow needs no script, and the
  // copy below sits in another document (one that lays out a select or a poster wider).
  await expectReflow(page);
  let target = page;
  if (test.info().project.use.javaScriptEnabled === false) {
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser to check accessibility with");
    target = await scratchPageOf(browser);
    const viewport = page.viewportSize();
    if (viewport) await target.setViewportSize(viewport);
    const html = (await page.content())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, "")
      .replace("<head>", `<head><base href="${new URL("/", page.url()).href}">`);
    await target.setContent(html, { waitUntil: "load" });
  }
  await expectIdReferencesResolve(target, page.url());
  // The splash (first page of a session, with JavaScript) is the brand's logotype, which
  // WCAG 1.4.3 exempts from contrast, and it fades out: axe caught mid-fade reads its
  // half-transparent text as low contrast. It is aria-hidden and tested in layout.spec.ts.
  // Legacy mode runs axe once in the page itself; the default runs it per frame, then again
  // in a page of its own to merge the frames' results (twice the time). The shop's pages
  // hold no frame of their own: the one frame (the city's logout, end-session.tsx) is the
  // identity provider's page, not the shop's to check.
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude(".splash")
    .setLegacyMode(true)
    .analyze();
  // A copy's meta refresh must not fire into the next copy checked in the scratch page.
  if (target !== page) await target.goto("about:blank");
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(blocking, `accessibility issues on ${page.url()}`).toEqual([]);
}

/**
 * The page reflows at 320 CSS px (WCAG 1.4.10; a 1280 px screen at 400 %): nothing makes it
 * scroll sideways. The viewport is narrowed for the check and given back after it. The page's
 * client width is the width without a vertical scroll bar (never more than innerWidth). A
 * soft check, so one run names every page that does not reflow; the failure names the element
 * that reaches furthest right outside anything that scrolls or clips it.
 */
export async function expectReflow(page: Page, url = page.url()) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport to narrow");
  await page.setViewportSize({ width: 320, height: viewport.height });
  try {
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= root.clientWidth) return null;
      const clipped = (element: Element) => {
        for (let box = element.parentElement; box && box !== root; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== "visible") return true;
        }
        return false;
      };
      let culprit: Element | undefined;
      let furthest = root.clientWidth;
      for (const element of document.body.querySelectorAll("*")) {
        const right = element.getBoundingClientRect().right;
        if (right >= furthest && !clipped(element)) {
          culprit = element;
          furthest = right;
        }
      }
      const nameOf = (element: Element) =>
        `<${element.localName}${element.id ? `#${element.id}` : ""}${[...element.classList].map((c) => `.${c}`).join("")}>`;
      // Its containers too, with their display and width: which one grew to its size.
      const chain: string[] = [];
      for (
        let box = culprit?.parentElement;
        box && box !== document.body;
        box = box.parentElement
      ) {
        chain.push(
          `${nameOf(box)} ${getComputedStyle(box).display} ${Math.round(box.getBoundingClientRect().width)}`,
        );
      }
      const name = culprit ? nameOf(culprit) : "an element";
      return `${root.scrollWidth} px wide; ${name} ends at ${Math.round(furthest)} px, in ${chain.join(" < ")}`;
    });
    expect.soft(overflow, `sideways scrolling at 320 px on ${url}`).toBeNull();
  } finally {
    await page.setViewportSize(viewport);
  }
}

/**
 * No two landmarks of one kind share a name (axe's moderate `landmark-unique`, which
 * expectAccessible leaves out): a screen reader's list of landmarks tells each one apart.
 * Read from the accessibility tree, so it works without JavaScript too.
 */
export async function expectUniqueLandmarkNames(page: Page) {
  const tree = await page.locator("body").ariaSnapshot();
  const landmarks = [
    ...tree.matchAll(
      /- (banner|complementary|contentinfo|form|main|navigation|region|search)\b(?: "((?:[^"\\]|\\.)*)")?/g,
    ),
  ].map(([, role, name]) => `${role} "${name ?? ""}"`);
  const repeated = landmarks.filter((landmark, index) => landmarks.indexOf(landmark) !== index);
  expect(repeated, `landmarks named alike on ${page.url()}`).toEqual([]);
}

/**
 * Every id that an ARIA relation (aria-describedby, aria-labelledby, …) or a label's `for`
 * names is in the page: a dangling reference describes nothing and hides the mistake.
 */
export async function expectIdReferencesResolve(page: Page, url = page.url()) {
  const dangling = await page.evaluate(() => {
    const relations = [
      "aria-describedby",
      "aria-labelledby",
      "aria-controls",
      "aria-errormessage",
      "aria-owns",
      "aria-details",
      "aria-flowto",
      "aria-activedescendant",
      "for",
    ];
    const missing: string[] = [];
    for (const attribute of relations) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        if (attribute === "for" && element.tagName !== "LABEL") continue;
        for (const id of (element.getAttribute(attribute) ?? "").split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) {
            missing.push(`${element.tagName.toLowerCase()}[${attribute}=${id}]`);
          }
        }
      }
    }
    return missing;
  });
  expect(dangling, `references to ids missing from ${url}`).toEqual([]);
}

/** With JavaScript: React has taken over the page (its forms run through it from now on). */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.waitForFunction(() => {
    const header = document.querySelector("header");
    return header !== null && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
  });
}

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/**
 * Sandbox acquirer's documented cards. The approving one is another bank's Visa, which pays
 * in one installment: paying needs no plans step (installments.spec.ts covers that step).
 */
export const testCards = { approves: "4111111111111111", declines: "4000000000000002" };

/**
 * An order's totals (§3) as every page that shows an order prints them (OrderTotals): one
 * line's amount by its label ("Entradas", "Total", "Pagado", "Pendiente"…), in `scope`.
 */
export function orderTotalLine(scope: Page | Locator, label: string) {
  const page = "page" in scope ? scope.page() : scope;
  return scope
    .getByRole("region", { name: "Totales de la compra" })
    .locator("div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");
}

/** Fills and sends the Spanish sign-up form (the page must be /signUp). */
export async function fillSignUpForm(
  page: Page,
  person: { firstName?: string; lastName?: string; email: string; document?: string },
) {
  await page.getByLabel("Nombre", { exact: true }).fill(person.firstName ?? "Ana");
  await page.getByLabel("Apellido").fill(person.lastName ?? "Pereyra");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(person.email);
  await page.getByLabel("Repetí el correo electrónico").fill(person.email);
  await page.getByLabel("Contraseña", { exact: true }).fill("Entradas2026");
  await page.getByLabel("Repetí la contraseña").fill("Entradas2026");
  await page.getByLabel("Género").selectOption("FEMENINO");
  await page.getByLabel("Tipo de documento").selectOption("DNI");
  await page.getByLabel("Número de documento").fill(person.document ?? "30123456");
  await page.getByLabel("Día", { exact: true }).fill("14");
  await page.getByLabel("Mes", { exact: true }).fill("3");
  await page.getByLabel("Año", { exact: true }).fill("1990");
}

/** From the billboard page: opens the first show that has places on sale (not a shop product). */
export async function openShowOnSale(page: Page) {
  await page
    .locator("article.card")
    .filter({ hasText: "Desde" })
    .filter({ hasNotText: "Tienda" })
    .first()
    .getByRole("heading")
    .getByRole("link")
    .click();
}

/** On a show's landing page: follows the buy link of its first performance. */
export async function openFirstPerformance(page: Page) {
  await page
    .getByRole("link", { name: /^Comprar para/ })
    .first()
    .click();
}

/** On a performance page: holds that many general-admission places and lands on the checkout. */
export async function holdGeneralPlaces(page: Page, count: number) {
  await page
    .getByLabel("Cantidad de entradas")
    .and(page.locator(":enabled"))
    .first()
    .fill(String(count));
  await page.getByRole("button", { name: "Continuar" }).click();
  // The checkout, or the box office's sale page for a clerk.
  await expect(page).toHaveURL(/\/BuyTicket(\/\d+$|Box\?)/);
}

/**
 * On a performance page: the seat form of its first numbered sector with seats left (shown
 * at once when it is the only numbered sector, else through the sector's "Elegir butacas").
 */
export async function openSeatForm(page: Page) {
  // Without JavaScript the seats are checkboxes named `seat`; with it, the drawn map's seats.
  const seats = page.locator('input[name="seat"], [data-place-id]');
  if ((await seats.count()) === 0) {
    await page
      .getByRole("link", { name: /^Elegir butacas/ })
      .first()
      .click();
  }
  await expect(seats.first()).toBeAttached();
}

/**
 * A new buyer, signed up with the sign-up form's own post; the session lands in the browser.
 * `origin`: another storefront than the suite's (its own cookie).
 */
export async function signUpByPost(page: Page, prefix: string, origin = "") {
  const email = uniqueEmail(prefix);
  const response = await page.request.post(`${origin}/signUp`, {
    form: signUpFields(email),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return email;
}

/** The splash (first page of a session) is covered by the layout tests: others skip it. */
export async function skipSplash({ page }: { page: Page }) {
  await page.addInitScript(markSplashSeen);
}

/** An init script: the splash counts as seen (a document whose storage is refused, skipped). */
export function markSplashSeen() {
  try {
    sessionStorage.setItem("splash-seen", "1");
  } catch {}
}

/** A new buyer (sign-up by post) holding one general-admission place: on the checkout. */
export async function holdOneGeneralPlace(page: Page, prefix: string) {
  await page.addInitScript(markSplashSeen);
  await signUpByPost(page, prefix);
  await page.goto("/");
  await openShowOnSale(page);
  await openFirstPerformance(page);
  await holdGeneralPlaces(page, 1);
}

/** Where the e2e server's API writes its mail (playwright.config.ts: DATA_DIR). */
const outbox = join("test-results", "e2e-data", "outbox");

/** The newest mail to `email` in the outbox (the suite's server's unless told), once it has arrived. */
export async function newestMailTo(email: string, folder = outbox): Promise<ReadEml> {
  let found: ReadEml | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(folder).catch(() => [])).filter((n) => n.endsWith(".eml"));
        for (const name of names.sort().reverse()) {
          const mail = readEml(await readFile(join(folder, name)));
          if (mail.headers.get("to") === email) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${email}`);
  return found;
}
