// What a browser is told about the shop's answers: pages run only the scripts their policy
// names by nonce, no other site may frame the login or the checkout, and the API's answers
// and static files are guarded too. Every page the other specs check is checked as well
// (expectAccessible → expectSecure).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpFields } from "./sign-up-fields";
import {
  cspViolations,
  expectAccessible,
  expectSecure,
  markSplashSeen,
  policyDirectives,
  signUpByPost,
  uniqueEmail,
} from "./support";

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Another site on this machine (Chromium keeps public sites from framing loopback ones). */
async function otherSite(page: string): Promise<{ origin: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // "localhost", not the shop's 127.0.0.1: another host, so another site.
  return { origin: `http://localhost:${port}`, close: () => server.close() };
}

test("no other site can show the login or the checkout in a frame", async ({ page, baseURL }) => {
  const site = await otherSite(`<!doctype html><title>Other site</title>
    <iframe name="login" src="${baseURL}/login"></iframe>
    <iframe name="checkout" src="${baseURL}/BuyTicket/1"></iframe>`);
  try {
    const answered = page.waitForResponse((response) => response.url().endsWith("/login"));
    await page.goto(site.origin);
    const login = await answered;
    expect(policyDirectives(login.headers()["content-security-policy"])["frame-ancestors"]).toBe(
      "'none'",
    );
    for (const name of ["login", "checkout"]) {
      // Chromium puts its own error page where a refused frame would have been.
      await expect.poll(() => page.frame({ name })?.url()).toMatch(/^chrome-error:/);
    }
    await expect
      .poll(async () =>
        (await cspViolations(page)).filter((text) => text.includes("frame-ancestors")),
      )
      .toHaveLength(2);
  } finally {
    site.close();
  }
});

test("the API's answers and the static files carry the headers too", async ({ request }) => {
  for (const path of [
    "/v2/EspectaculoCartelTipos",
    "/v2/openapi.json",
    "/v2/docs",
    "/v2/Imagenes/los-inquilinos-del-conventillo.svg",
    "/v2/Nada",
    "/favicon.svg",
  ]) {
    const headers = (await request.get(path)).headers();
    const policy = policyDirectives(headers["content-security-policy"]);
    expect(policy["default-src"], path).toBe("'none'");
    expect(policy["frame-ancestors"], path).toBe("'none'");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-request-id"], path).toBeTruthy();
  }
});

test("a page kept for anonymous visitors gets each answer its own nonce, and never a buyer's", async ({
  playwright,
  baseURL,
  page,
}) => {
  // No cookie at all: what the server may answer from a copy (decision 0055).
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    const landing = "/landing/los-inquilinos-del-conventillo";
    for (const path of ["/", "/", landing, landing]) {
      const answer = await anonymous.get(path, { headers: { "Accept-Language": "es" } });
      expect(answer.status(), path).toBe(200);
      const headers = answer.headers();
      expect(headers["x-shop-page-cache"], path).toBeUndefined();
      expect(headers["set-cookie"], path).toBeUndefined();
      const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"])?.[1];
      expect(nonce, path).toBeTruthy();
      const html = await answer.text();
      // Every script and preload carries this answer's nonce, and no other (stylesheets
      // carry an empty one: root.tsx).
      const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
      expect([...nonces], path).toEqual([nonce]);
    }
  } finally {
    await anonymous.dispose();
  }
  // A buyer right behind gets their own page: their name, not the anonymous header.
  await signUpByPost(page, "page-copy");
  await page.goto("/");
  await expect(page.getByRole("banner")).toContainText("Ana");
});

/** A buyer of that name in a browser of their own (this project's JavaScript setting). */
async function buyerNamed(browser: Browser, baseURL: string | undefined, name: string) {
  const context = await browser.newContext({
    baseURL,
    locale: "es-AR",
    javaScriptEnabled: jsOn(),
  });
  await context.addInitScript(markSplashSeen);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const email = uniqueEmail("page-copy-name");
  const signedUp = await page.request.post("/signUp", {
    form: { ...signUpFields(email), cNombre: name },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(302);
  return { page, errors, close: () => context.close() };
}

/** The header's account button, once React has taken the page over (with JavaScript). */
async function expectHeaderName(page: Page, name: string) {
  if (jsOn()) {
    await page.waitForFunction(() => {
      const main = document.querySelector("main");
      return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
    });
  }
  await expect(page.getByRole("banner").locator("summary", { hasText: "Tu cuenta" })).toHaveText(
    `Tu cuenta: ${name}`,
  );
}

test("a shared page gives each logged-in buyer their own name, in the markup and its data", async ({
  browser,
  baseURL,
}) => {
  // Two buyers one after the other on the same pages within a copy's lifetime (decision 0058):
  // each sees their own name, escaped where it sits, and the page hydrates without a mismatch.
  const names = [`Zoë "Z" O'Brien & <Co>`, "Bruno Ñandú"];
  const buyers = [];
  for (const name of names) buyers.push(await buyerNamed(browser, baseURL, name));
  try {
    const landing = "/landing/los-inquilinos-del-conventillo";
    for (const [round, path] of ["/", "/", landing, landing].entries()) {
      for (const [index, buyer] of buyers.entries()) {
        await buyer.page.goto(path);
        await expectHeaderName(buyer.page, names[index] ?? "");
        const other = names[1 - index] ?? "";
        await expect(buyer.page.getByRole("banner")).not.toContainText(other);
        // Both buyers get the same page but for the name: checked once per page.
        if (index === 0 && (round === 1 || round === 3)) await expectAccessible(buyer.page);
        if (jsOn()) {
          // The name as the page's data hands it to React, not only as the markup shows it.
          const inData = await buyer.page.evaluate(
            () =>
              (
                window as unknown as {
                  __reactRouterContext?: {
                    state?: { loaderData?: { root?: { user?: { name?: string } } } };
                  };
                }
              ).__reactRouterContext?.state?.loaderData?.root?.user?.name,
          );
          expect(inData).toBe(names[index]);
        }
      }
    }
    for (const buyer of buyers) expect(buyer.errors).toEqual([]);
  } finally {
    for (const buyer of buyers) await buyer.close();
  }
});

test("script injected as markup does not run, and is reported", async ({ page }) => {
  test.skip(!jsOn(), "needs JavaScript");
  await page.goto("/login");
  await expectSecure(page);
  // Hydrated: React Router's own scripts ran under the policy.
  await page.waitForFunction(() => "__reactRouterContext" in window);
  // What an injection into the page's markup would bring: an inline event handler.
  const ran = await page.evaluate(async () => {
    const injected = document.createElement("div");
    injected.innerHTML = '<img src="/no-such-image.png" onerror="window.injectedRan = true">';
    document.body.append(injected);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return "injectedRan" in window;
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => cspViolations(page))
    .toEqual([expect.stringContaining("violates the following Content Security Policy directive")]);
});

test("a page's own scripts and client-side navigation run without a report", async ({ page }) => {
  test.skip(!jsOn(), "needs JavaScript");
  await page.goto("/");
  await page.waitForFunction(() => "__reactRouterContext" in window);
  // A client-side navigation: the router fetches the shop's data and loads its module.
  await page.getByRole("link", { name: "Tienda", exact: true }).click();
  await expect(page).toHaveURL(/\/tienda$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectSecure(page);
});
