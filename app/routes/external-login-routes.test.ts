// The shop's pages of the city's login (LOGIN_MODE=external) against oauth2-mock-server,
// started here: /login, the provider, /loginRedirect with the API's verifier; /logout's mark
// dropped by the next completed login; /endSession asking the provider the same way for the
// hidden frame and the redirect chain, and its return in the frame saying nothing.
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loggedOutCookie } from "~/services/external-login.server";
import { log } from "~/services/log.server";
import { sessionStorage } from "~/services/session.server";
import { noCatalog, pageGet, runRoute, setUpRouteTests, shopOrigin } from "~/testing/route-harness";
import { idTokenVerifier } from "../../commerce/customers/id-token.ts";
import * as endSession from "./end-session";
import * as endSessionFrame from "./end-session-frame";
import * as login from "./login";
import * as loginRedirect from "./login-redirect";

vi.mock("~/services/config.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/services/config.server")>();
  return {
    ...actual,
    config: {
      ...actual.config,
      loginMode: "external",
      externalLogin: {
        issuer: "http://127.0.0.1:4365",
        clientId: "city-ticket-shop",
        clientSecret: "mock-secret",
        accountUrl: "http://127.0.0.1:4365/account",
      },
    },
  };
});

const issuer = "http://127.0.0.1:4365";
const provider = new OAuth2Server();
beforeAll(async () => {
  await provider.issuer.keys.generate("RS256");
  provider.issuer.url = issuer;
  await provider.start(4365, "127.0.0.1");
});
afterAll(() => provider.stop());

setUpRouteTests({
  fixture: noCatalog,
  api: () => ({
    verifyIdToken: idTokenVerifier({
      issuer,
      audience: "city-ticket-shop",
      now: () => new Date(),
      onRefused: () => {},
    }),
  }),
});

const pair = (setCookie: string) => setCookie.split(";")[0];
const locationOf = (response: unknown) => (response as Response).headers.get("Location") ?? "";

/** /login, the provider (which logs anyone in at once), and back to /loginRedirect. */
async function logIn(shopCookies: string[]) {
  const started = await runRoute(
    login.loader,
    pageGet("/login?redirectTo=%2F", shopCookies.join("; ")),
  );
  const toProvider = started.thrown as Response;
  const flow = pair(toProvider.headers.get("Set-Cookie") ?? "");
  const answer = await fetch(locationOf(toProvider), { redirect: "manual" });
  const back = new URL(locationOf(answer));
  expect(back.origin).toBe(shopOrigin);
  const cookies = [...shopCookies, flow].join("; ");
  return runRoute(loginRedirect.loader, pageGet(`${back.pathname}${back.search}`, cookies));
}

describe("a login after a logout", () => {
  it("asks the provider to prompt, and the completed login drops the mark", async () => {
    const mark = pair(await loggedOutCookie.serialize(true));
    const started = await runRoute(login.loader, pageGet("/login", mark));
    expect(new URL(locationOf(started.thrown)).searchParams.get("prompt")).toBe("login");

    const done = await logIn([mark]);
    const response = done.result as Response;
    expect(response.status).toBe(302);
    const cleared = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__logged_out="));
    expect(cleared).toMatch(/^__logged_out=;.*Max-Age=0/);
  });
});

describe("a login the API refuses", () => {
  it("is a 401 page, and the log says the API refused it (the API logs its own reason)", async () => {
    // A token whose signature is broken on the way: the API, which checks it, refuses it.
    const breakSignature = (response: { body: Record<string, unknown> }) => {
      const token = String(response.body.id_token);
      response.body.id_token = `${token.slice(0, token.lastIndexOf("."))}.AAAA`;
    };
    provider.service.once("beforeResponse", breakSignature);
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      const refused = await logIn([]);
      expect((refused.result as unknown as { init: ResponseInit }).init.status).toBe(401);
      expect(warn.mock.calls.map(([fields]) => fields)).toEqual([
        expect.objectContaining({
          event: "external_login_refused",
          reason: "api_refused",
          status: 401,
        }),
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("/endSession", () => {
  it("sends the hidden frame and the redirect chain to the same end-session address", async () => {
    // As /logout leaves it: the end-session page due once.
    const flashed = await sessionStorage.getSession();
    flashed.flash("endSession", true);
    const cookie = pair(await sessionStorage.commitSession(flashed));
    const { result } = await runRoute(endSession.loader, pageGet("/endSession", cookie));
    const data = result as unknown as Record<string, unknown>;
    const url = new URL(String(data.endUrl));
    expect(url.origin + url.pathname).toBe(`${issuer}/endsession`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "city-ticket-shop",
      post_logout_redirect_uri: `${shopOrigin}/endSession`,
      state: "done",
    });
    expect(Object.keys(data).filter((key) => key.endsWith("Url"))).toEqual(["endUrl"]);
    // oauth2-mock-server refuses an end-session request without the way back (400).
    expect((await fetch(url, { redirect: "manual" })).status).toBe(302);
  });

  it("the frame's return says nothing and ends on an empty answer; the window's says the session was disconnected", async () => {
    const inFrame = pageGet("/endSession?state=done");
    inFrame.headers.set("Sec-Fetch-Dest", "iframe");
    const frame = await runRoute(endSession.loader, inFrame);
    // Not to a page of the shop, which may not be framed: to an empty answer.
    expect(locationOf(frame.thrown)).toBe("/endSession/frame");
    expect(endSessionFrame.loader().status).toBe(204);
    const frameSession = await sessionStorage.getSession(frame.setCookie);
    expect(frameSession.get("notice")).toBeUndefined();

    const window = await runRoute(endSession.loader, pageGet("/endSession?state=done"));
    expect(locationOf(window.thrown)).toBe("/");
    const windowSession = await sessionStorage.getSession(window.setCookie);
    expect(windowSession.get("notice")).toBe("layout:notices.sessionDisconnected");
  });
});
