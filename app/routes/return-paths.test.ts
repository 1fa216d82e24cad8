// A return path (redirectTo) holding a control character, or a character a header cannot
// carry, never reaches a Location header: it is treated as unsafe and the buyer goes to "/".
// (Whether a clean path stays on this site is session.test.ts's concern.)
import { beforeEach, describe, expect, it } from "vitest";
import {
  formPost,
  noCatalog,
  pageGet,
  runRoute,
  setUpRouteTests,
  signedUpAndLoggedIn,
  signUpFormFields,
} from "~/testing/route-harness";
import { signUp, TEST_PASSWORD, type TestApi } from "../../commerce/testing/harness.ts";
import * as language from "./language";
import * as login from "./login";
import * as myOrders from "./my-orders";
import * as signUpRoute from "./sign-up";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

const unsafe = ["/myOrders\r\nSet-Cookie: x=1", "/myOrders\n", "/my\u0000Orders", "/a\u0007b"];

/** Where a redirect (returned or thrown) goes; fails the test on anything else. */
function locationOf(outcome: { result?: unknown; thrown?: unknown }): string | null {
  const response = outcome.thrown ?? outcome.result;
  if (!(response instanceof Response)) throw new Error(`no redirect: ${String(response)}`);
  return response.headers.get("Location");
}

describe("an unsafe return path", () => {
  it("sends a logged-in visitor of /login to the billboard", async () => {
    // A real login: the login page checks the token with the API before trusting it.
    const { cookie } = await signedUpAndLoggedIn(t);
    for (const target of unsafe) {
      const url = `/login?redirectTo=${encodeURIComponent(target)}`;
      expect(locationOf(await runRoute(login.loader, pageGet(url, cookie))), target).toBe("/");
    }
  });

  it("is not offered to a visitor's login form", async () => {
    for (const target of unsafe) {
      const url = `/login?redirectTo=${encodeURIComponent(target)}`;
      expect((await runRoute(login.loader, pageGet(url))).result?.redirectTo).toBe("/");
    }
  });

  it("sends the language picker back to the billboard", async () => {
    for (const target of unsafe) {
      const posted = formPost("/language", { locale: "pt", redirectTo: target });
      expect(locationOf(await runRoute(language.action, posted)), target).toBe("/");
    }
  });

  it("sends a good login to the billboard", async () => {
    const { email } = await signUp(t);
    for (const target of unsafe) {
      const form = { cEmail: email, cClave: TEST_PASSWORD, redirectTo: target };
      expect(locationOf(await runRoute(login.action, formPost("/login", form))), target).toBe("/");
    }
  });

  it("sends a new account to the billboard", async () => {
    const form = signUpFormFields({ redirectTo: "/myOrders\r\nSet-Cookie: x=1" });
    expect(locationOf(await runRoute(signUpRoute.action, formPost("/signUp", form)))).toBe("/");
  });
});

describe("a return path with characters beyond ASCII", () => {
  it("is kept, percent-encoded as a Location header needs", async () => {
    const posted = formPost("/language", {
      locale: "en",
      redirectTo: "/landing/teatro-ñandú?q=日本",
    });
    expect(locationOf(await runRoute(language.action, posted))).toBe(
      "/landing/teatro-%C3%B1and%C3%BA?q=%E6%97%A5%E6%9C%AC",
    );
  });
});

describe("a return path too long for a header", () => {
  // A Location of 20 KB overflows clients' header limits and makes proxies answer 502.
  const longQuery = `?q=${"a".repeat(20_000)}`;

  it("brings the language picker back to the page itself, without its query", async () => {
    const posted = formPost("/language", {
      locale: "en",
      redirectTo: `/funcion/obra/3${longQuery}#sectores`,
    });
    expect(locationOf(await runRoute(language.action, posted))).toBe("/funcion/obra/3");
  });

  it("brings the language picker to the billboard when the page's own path is that long", async () => {
    const posted = formPost("/language", { locale: "en", redirectTo: `/${"b".repeat(20_000)}` });
    expect(locationOf(await runRoute(language.action, posted))).toBe("/");
  });

  it("is offered to a visitor's login form as the page itself", async () => {
    const url = `/login?redirectTo=${encodeURIComponent(`/myOrders${longQuery}`)}`;
    expect((await runRoute(login.loader, pageGet(url))).result?.redirectTo).toBe("/myOrders");
  });

  it("is not carried to the login by a page that needs one", async () => {
    const location = locationOf(await runRoute(myOrders.loader, pageGet(`/myOrders${longQuery}`)));
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent("/myOrders")}`);
  });

  it("is kept whole up to the limit", async () => {
    const target = `/myOrders?q=${"a".repeat(1_000)}`;
    const posted = formPost("/language", { locale: "en", redirectTo: target });
    expect(locationOf(await runRoute(language.action, posted))).toBe(target);
  });
});
