// Two checks every page the suite visits gets through expectAccessible (support.ts): its markup
// is valid HTML (html-validate with the repository's .htmlvalidate.json, decision 0075), and
// the browser logged no error while showing it (a script error, a resource that failed, a
// request the Content-Security-Policy blocked).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type ConfigData, HtmlValidate, StaticConfigLoader } from "html-validate";

/**
 * The configuration, resolved once: html-validate's own loader resolves it again for every
 * document (the element table and its schema checks), which was about 60% of a check.
 */
class ResolvedOnce extends StaticConfigLoader {
  #resolved?: ReturnType<StaticConfigLoader["getConfigFor"]>;
  override getConfigFor(...args: Parameters<StaticConfigLoader["getConfigFor"]>) {
    this.#resolved ??= super.getConfigFor(...args);
    return this.#resolved;
  }
}

/** One validator per worker, with the repository's .htmlvalidate.json. */
let validator: HtmlValidate | undefined;
function htmlValidator(): HtmlValidate {
  validator ??= new HtmlValidate(
    new ResolvedOnce(
      JSON.parse(readFileSync(join(process.cwd(), ".htmlvalidate.json"), "utf8")) as ConfigData,
    ),
  );
  return validator;
}

/**
 * The markup to validate. Without JavaScript, the document as the server sent it (the
 * browser's parser mends misnested or unclosed elements, so its DOM would hide them); with
 * JavaScript, the DOM as it is now: what React rendered after hydration and client-side
 * navigations, which no server response holds (hydration keeps the served markup, and a
 * mismatch is a console error the other check catches). The document's body may be gone
 * (a browser keeps it only so long): then the DOM.
 */
async function markupOf(page: Page): Promise<{ markup: string; served: boolean }> {
  if (test.info().project.use.javaScriptEnabled === false) {
    const document = (await page.requests())
      .filter((request) => request.isNavigationRequest() && request.frame() === page.mainFrame())
      .at(-1);
    const response = await document?.response();
    if (response && response.url() === page.url()) {
      const served = await response.text().catch(() => undefined);
      if (served?.trimStart().toLowerCase().startsWith("<!doctype")) {
        return { markup: served, served: true };
      }
    }
  }
  return { markup: await page.content(), served: false };
}

/**
 * A style attribute in the live DOM was set by a script through the CSSOM (a panorama's turn,
 * a map's zoom), which the Content-Security-Policy allows; one in served markup is refused by
 * it (style-src 'self'), so that is where `no-inline-style` judges.
 */
const servedMarkupOnly = new Set(["no-inline-style"]);

/** Fails when the page's markup breaks a rule of .htmlvalidate.json. */
export async function expectValidMarkup(page: Page) {
  const { markup, served } = await markupOf(page);
  const report = await htmlValidator().validateString(markup, "page.html");
  const errors = report.results.flatMap((result) =>
    result.messages
      .filter((message) => served || !servedMarkupOnly.has(message.ruleId))
      .map(
        (message) => `${message.ruleId} at ${message.selector ?? message.line}: ${message.message}`,
      ),
  );
  expect(errors, `invalid markup on ${page.url()}`).toEqual([]);
}

/**
 * A failed load that is not the shop's mistake: a status the shop answers on purpose for a
 * page or its data (React Router's `.data` requests), such as a refused login's 401 or a
 * form's 400, which the page explains; or a file of another site's page (the city's login,
 * the bank's), since the shop's own pages load nothing from other origins (their policy
 * says 'self'). A file of the shop that fails (script, style, image) is still an error.
 */
function isExpectedFailedLoad(text: string, resource: string, page: Page): boolean {
  if (!text.startsWith("Failed to load resource: the server responded with a status of")) {
    return false;
  }
  const url = new URL(resource, page.url());
  if (url.origin !== new URL(page.url()).origin) return true;
  const lastSegment = url.pathname.split("/").at(-1) ?? "";
  return lastSegment.endsWith(".data") || !lastSegment.includes(".");
}

/**
 * Fails when the page logged an error since the test opened it: an uncaught exception, a
 * console.error, a request the Content-Security-Policy blocked, a file that failed to load.
 * A test that provokes one on purpose clears the page's messages (clearConsoleMessages)
 * after checking it.
 */
export async function expectNoConsoleErrors(page: Page) {
  const logged = (await page.consoleMessages({ filter: "all" }))
    .filter((message) => message.type() === "error")
    .filter((message) => !isExpectedFailedLoad(message.text(), message.location().url, page))
    .map((message) => `${message.text()} (${message.location().url})`);
  const thrown = (await page.pageErrors({ filter: "all" })).map((error) => error.message);
  expect([...logged, ...thrown], `errors logged by ${page.url()}`).toEqual([]);
}
