import { expect, test } from "@playwright/test";

test("a form posted from another site is refused with a translated message", async ({ page }) => {
  await page.goto("/");
  const crossSite = await page.request.post("/language", {
    form: { locale: "en", redirectTo: "/" },
    headers: { Origin: "https://evil.example", "Accept-Language": "es-AR" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.text()).toContain("otro sitio");
  expect(crossSite.headers()["set-cookie"]).toBeUndefined();

  const sameSite = await page.request.post("/language", {
    form: { locale: "en", redirectTo: "/" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(sameSite.status()).toBe(303);
  expect(sameSite.headers()["set-cookie"]).toContain("lng=");
});
