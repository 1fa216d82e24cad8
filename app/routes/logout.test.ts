// Logging out ends the session for good (issue 7): the API token is revoked, so the old
// cookie, replayed, opens nothing; the storefront then treats its user as logged out
// everywhere, header included, and says so once. The session id is new at every login.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import {
  formPost,
  noCatalog,
  pageGet,
  runRoute,
  sessionCookie,
  setUpRouteTests,
} from "~/testing/route-harness";
import { signUp, TEST_PASSWORD, type TestApi } from "../../commerce/testing/harness.ts";
import * as root from "../root";
import * as login from "./login";
import * as logout from "./logout";
import * as myOrders from "./my-orders";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

const cookieOf = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";
const sessionOf = (cookie: string) => sessionStorage.getSession(cookie);
const location = (thrown: unknown) => (thrown as Response).headers.get("Location");

/** Logs in through the login form; the browser's cookie afterwards. */
async function logIn(email: string, cookie?: string) {
  const form = { cEmail: email, cClave: TEST_PASSWORD, redirectTo: "/myOrders" };
  const { thrown, setCookie } = await runRoute(login.action, formPost("/login", form, cookie));
  expect(location(thrown)).toBe("/myOrders");
  return cookieOf(setCookie);
}

describe("logout", () => {
  it("revokes the API token: the old cookie no longer opens /myOrders", async () => {
    const { email } = await signUp(t);
    const cookie = await logIn(email);
    const { token } = (await sessionOf(cookie)).get("user") ?? { token: "" };
    expect((await runRoute(myOrders.loader, pageGet("/myOrders", cookie))).result).toBeDefined();

    const out = await runRoute(logout.action, formPost("/logout", {}, cookie));
    expect(location(out.result)).toBe("/");
    const after = await sessionOf(cookieOf(out.setCookie));
    expect(after.get("user")).toBeUndefined();
    expect(after.get("sid")).toBeUndefined();

    // The API refuses the token…
    expect((await t.call("/Cliente/Informacion", { token })).status).toBe(401);
    // …so the old cookie, replayed, is sent to log in, and its user is dropped.
    const replay = await runRoute(myOrders.loader, pageGet("/myOrders", cookie));
    expect(location(replay.thrown)).toBe("/login?redirectTo=%2FmyOrders");
    const dropped = await sessionOf(cookieOf(replay.setCookie));
    expect(dropped.get("user")).toBeUndefined();
    expect(dropped.get("notice")).toBe("layout:notices.sessionDisconnected");
  });

  it("a refused token logs the user out everywhere, header included, said once", async () => {
    const { email } = await signUp(t);
    const cookie = await logIn(email);
    await runRoute(logout.action, formPost("/logout", {}, cookie));

    // The login page does not take the replayed cookie's word for it: it asks the API,
    // drops the user and shows itself again (no loop back to /myOrders).
    const loginPage = "/login?redirectTo=%2FmyOrders";
    const first = await runRoute(login.loader, pageGet(loginPage, cookie));
    expect(location(first.thrown)).toBe(loginPage);
    const browser = cookieOf(first.setCookie);
    expect((await sessionOf(browser)).get("user")).toBeUndefined();

    const shown = await runRoute(login.loader, pageGet(loginPage, browser));
    expect(shown.result?.redirectTo).toBe("/myOrders");
    const header = await runRoute(root.loader, pageGet(loginPage, browser));
    expect(header.result?.user).toBeNull();
    expect(header.result?.notice).toBe("layout:notices.sessionDisconnected");
    const again = await runRoute(root.loader, pageGet("/", cookieOf(header.setCookie)));
    expect(again.result?.notice).toBeNull();
  });

  it("still ends the storefront's session when the token was already refused", async () => {
    const { email } = await signUp(t);
    const cookie = await logIn(email);
    const { token } = (await sessionOf(cookie)).get("user") ?? { token: "" };
    await t.call("/Cliente/Salir", { method: "POST", token });
    const out = await runRoute(logout.action, formPost("/logout", {}, cookie));
    expect(location(out.result)).toBe("/");
    expect((await sessionOf(cookieOf(out.setCookie))).get("user")).toBeUndefined();
  });
});

describe("logout after the city's login", () => {
  it("goes on to /endSession and marks the browser: the next login asks the provider to prompt", async () => {
    const cookie = await sessionCookie({ external: { pending: [] } });
    const out = await runRoute(logout.action, formPost("/logout", {}, cookie));
    const response = out.result as Response;
    expect(location(response)).toBe("/endSession");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__logged_out=[^;]+;.*HttpOnly/);
  });
});

describe("session id", () => {
  it("is drawn anew at every login and carries nothing of the session before", async () => {
    const { email } = await signUp(t);
    // A cookie from before the login (someone else's purchase, say) is not carried over.
    const planted = await sessionCookie({ processId: 99 });
    const first = await logIn(email, planted);
    const second = await logIn(email, first);
    const [a, b] = [await sessionOf(first), await sessionOf(second)];
    expect(a.get("sid")).toMatch(/^[\w-]{22,}$/);
    expect(b.get("sid")).toMatch(/^[\w-]{22,}$/);
    expect(a.get("sid")).not.toBe(b.get("sid"));
    expect(a.get("processId")).toBeUndefined();
    expect(a.get("user")?.token).not.toBe(b.get("user")?.token);
  });
});
