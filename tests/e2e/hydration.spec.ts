// The browser's translator (decision 0037) gives the text the server rendered: pages in es, en
// and pt hydrate with no mismatch and no error. React reports a mismatch as an error in the
// console (and client-renders the tree again), so any error there fails the test.
import { expect, type Page, test } from "@playwright/test";
import { markSplashSeen } from "./support";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Opens the page and waits until React has taken over its main content. */
async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

for (const [locale, lang] of [
  ["es-AR", "es"],
  ["en-US", "en"],
  ["pt-BR", "pt"],
] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });

    test("the billboard, a show, its performance and the login hydrate without a mismatch", async ({
      page,
    }) => {
      test.skip(!jsOn(), "hydration happens only with JavaScript");
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.addInitScript(markSplashSeen);

      await hydrated(page, "/");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const show = await page
        .locator('article.card a[href^="/landing/"]')
        .first()
        .getAttribute("href");
      expect(show).toBeTruthy();
      await hydrated(page, show as string);
      const performance = await page.locator('a[href^="/funcion/"]').first().getAttribute("href");
      expect(performance).toBeTruthy();
      await hydrated(page, performance as string);
      await hydrated(page, "/FAQ");
      await hydrated(page, "/login");
      expect(errors).toEqual([]);
    });
  });
}
