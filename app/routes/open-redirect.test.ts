// The return path a login, a sign-up or the language picker goes back to is always one of the
// shop's own pages, however the target is spelt (issue 7: "/\t/evil.example" is read by
// browsers as //evil.example).
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
import * as signUpRoute from "./sign-up";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

const phishing = "/\t/evil.example/phish";
const attacks = [phishing, "/\n/evil.example", "\\\\evil.example", "/.//evil.example"];

/** Where a browser goes with this Location, from the shop's page. */
const destination = (response: unknown) =>
  new URL((response as Response).headers.get("Location") ?? "", "http://shop.test/");

describe("return paths stay on the shop", () => {
  it("GET /login?redirectTo=%2F%09%2Fevil.example%2Fphish sends a logged-in user home", async () => {
    const { cookie } = await signedUpAndLoggedIn(t);
    const { thrown } = await runRoute(
      login.loader,
      pageGet("/login?redirectTo=%2F%09%2Fevil.example%2Fphish", cookie),
    );
    expect(destination(thrown).origin).toBe("http://shop.test");
    expect(destination(thrown).pathname).toBe("/");
  });

  it("the login form carries only a same-site path, and a login goes there", async () => {
    const shown = await runRoute(
      login.loader,
      pageGet("/login?redirectTo=%2F%09%2Fevil.example%2Fphish"),
    );
    expect(shown.result?.redirectTo).toBe("/");
    const { email } = await signUp(t);
    for (const redirectTo of attacks) {
      const { thrown } = await runRoute(
        login.action,
        formPost("/login", { cEmail: email, cClave: TEST_PASSWORD, redirectTo }),
      );
      expect(destination(thrown).origin, JSON.stringify(redirectTo)).toBe("http://shop.test");
    }
  });

  it("a sign-up goes only to a same-site path", async () => {
    for (const redirectTo of attacks) {
      const form = signUpFormFields({ redirectTo });
      const { thrown } = await runRoute(signUpRoute.action, formPost("/signUp", form));
      expect(destination(thrown).origin, JSON.stringify(redirectTo)).toBe("http://shop.test");
    }
  });

  it("the language picker goes back only to a same-site path", async () => {
    for (const redirectTo of attacks) {
      const { result } = await runRoute(
        language.action,
        formPost("/language", { locale: "en", redirectTo }),
      );
      expect(destination(result).origin, JSON.stringify(redirectTo)).toBe("http://shop.test");
    }
    const { result } = await runRoute(
      language.action,
      formPost("/language", { locale: "en", redirectTo: "/myOrders?x=1" }),
    );
    expect((result as Response).headers.get("Location")).toBe("/myOrders?x=1");
  });
});
