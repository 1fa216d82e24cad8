// Login, sign-up and logout through the request context: who gets the form, where a good
// login goes, what the session holds afterwards.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import {
  formPost,
  loggedIn,
  noCatalog,
  pageGet,
  runRoute,
  setUpRouteTests,
  signedUpAndLoggedIn,
} from "~/testing/route-harness";
import { signUp, TEST_PASSWORD, type TestApi } from "../../commerce/testing/harness.ts";
import * as login from "./login";
import * as logout from "./logout";
import * as signUpRoute from "./sign-up";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

const sessionOf = (setCookie: string | null) => sessionStorage.getSession(setCookie?.split(";")[0]);

describe("login", () => {
  it("shows the form to a visitor, keeping only a same-site return path", async () => {
    const own = await runRoute(login.loader, pageGet("/login?redirectTo=%2FmyOrders"));
    expect(own.result?.redirectTo).toBe("/myOrders");
    const foreign = await runRoute(login.loader, pageGet("/login?redirectTo=https://evil.example"));
    expect(foreign.result?.redirectTo).toBe("/");
  });

  it("sends a logged-in user straight on", async () => {
    const { cookie } = await signedUpAndLoggedIn(t);
    const { thrown } = await runRoute(
      login.loader,
      pageGet("/login?redirectTo=%2FmyOrders", cookie),
    );
    expect((thrown as Response).headers.get("Location")).toBe("/myOrders");
  });

  it("logs in: the session holds the user and the API token, then goes where asked", async () => {
    const { email } = await signUp(t);
    const form = { cEmail: email, cClave: TEST_PASSWORD, redirectTo: "/myOrders" };
    const { thrown, setCookie } = await runRoute(login.action, formPost("/login", form));
    expect((thrown as Response).headers.get("Location")).toBe("/myOrders");
    const user = (await sessionOf(setCookie)).get("user");
    expect(user?.cEmail).toBe(email);
    expect(user?.token).toMatch(/^[\w-]{43}$/);
  });

  it("refuses a wrong password with 401, the API's message, and no password sent back", async () => {
    const { email } = await signUp(t);
    const form = { cEmail: email, cClave: "Equivocada9" };
    const { result, setCookie } = await runRoute(login.action, formPost("/login", form));
    const reply = result as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(reply.init.status).toBe(401);
    expect(reply.data.error[""]).toEqual(["The e-mail or the password is not correct"]);
    expect(reply.data.initialValue.cEmail).toBe(email);
    expect(reply.data.initialValue.cClave).toBeUndefined();
    expect(setCookie).toBeNull();
  });
});

describe("sign-up", () => {
  it("creates the account and logs in", async () => {
    const form = {
      cNombre: "Bea",
      cApellido: "Ruiz",
      cEmail: "bea@example.com",
      cEmailConfirmacion: "bea@example.com",
      cClave: TEST_PASSWORD,
      cClaveConfirmacion: TEST_PASSWORD,
      cGenero: "FEMENINO",
      cTipoDocumento: "DNI",
      cNumeroDocumento: "30999888",
      nNacimientoDia: "9",
      nNacimientoMes: "7",
      nNacimientoAnio: "1992",
      redirectTo: "/",
    };
    const { thrown, setCookie } = await runRoute(signUpRoute.action, formPost("/signUp", form));
    expect((thrown as Response).headers.get("Location")).toBe("/");
    expect((await sessionOf(setCookie)).get("user")?.cNombre).toBe("Bea");
  });
});

describe("logout", () => {
  it("forgets the user and the purchase and says so once", async () => {
    const cookie = await loggedIn(
      {
        token: "x",
        cNombre: "Ana",
        cEmail: "ana@example.com",
        dLogin: new Date().toISOString(),
        lAlias: false,
      },
      { processId: 7 },
    );
    const { result, setCookie } = await runRoute(logout.action, formPost("/logout", {}, cookie));
    expect((result as Response).headers.get("Location")).toBe("/");
    const after = await sessionOf(setCookie);
    expect(after.get("user")).toBeUndefined();
    expect(after.get("processId")).toBeUndefined();
    expect(after.get("notice")).toBe("layout:notices.sessionDisconnected");
  });
});
