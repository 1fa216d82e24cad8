// The language cookie travels like the session cookie: over HTTPS only wherever the session
// cookie does (COOKIE_SECURE, on by default in production).
import { afterEach, describe, expect, it, vi } from "vitest";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

/** Both cookies as a server started with this environment sets them. */
async function cookiesWith(env: Record<string, string>) {
  vi.resetModules();
  process.env = { ...saved, ...env };
  const { localeCookie } = await import("./i18n.server");
  const { sessionStorage } = await import("./session.server");
  const session = await sessionStorage.getSession();
  return {
    language: await localeCookie.serialize("en"),
    session: await sessionStorage.commitSession(session),
  };
}

const isSecure = (setCookie: string) => /;\s*Secure(;|$)/i.test(setCookie);

describe("the language cookie", () => {
  it("is Secure when the session cookie is", async () => {
    const cookies = await cookiesWith({ COOKIE_SECURE: "true" });
    expect(isSecure(cookies.session)).toBe(true);
    expect(isSecure(cookies.language)).toBe(true);
  });

  it("is not Secure when the session cookie is not (plain HTTP in development and tests)", async () => {
    const cookies = await cookiesWith({ COOKIE_SECURE: "false" });
    expect(isSecure(cookies.session)).toBe(false);
    expect(isSecure(cookies.language)).toBe(false);
  });
});
