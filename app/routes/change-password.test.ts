// Change of password through the storefront: login required, the current password checked,
// the other sessions ended and this one kept.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import {
  formPost,
  noCatalog,
  pageGet,
  runRoute,
  setUpRouteTests,
  signedUpAndLoggedIn,
} from "~/testing/route-harness";
import { TEST_PASSWORD, type TestApi } from "../../commerce/testing/harness.ts";
import * as changePassword from "./change-password";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

const customerSession = () => signedUpAndLoggedIn(t);

type Reply = {
  init: ResponseInit;
  data: { error: Record<string, string[]>; initialValue?: Record<string, string> };
};

describe("/changePassword", () => {
  it("needs a login", async () => {
    const { thrown } = await runRoute(changePassword.loader, pageGet("/changePassword"));
    expect((thrown as Response).headers.get("Location")).toBe(
      "/login?redirectTo=%2FchangePassword",
    );
    const posted = await runRoute(
      changePassword.action,
      formPost("/changePassword", { cClaveActual: TEST_PASSWORD }),
    );
    expect((posted.thrown as Response).headers.get("Location")).toMatch(/^\/login\?/);
  });

  it("says which field is wrong when the current password is, sending no password back", async () => {
    const { cookie } = await customerSession();
    const { result } = await runRoute(
      changePassword.action,
      formPost(
        "/changePassword",
        { cClaveActual: "Equivocada1", cClave: "Nueva2031", cClaveConfirmacion: "Nueva2031" },
        cookie,
      ),
    );
    const reply = result as unknown as Reply;
    expect(reply.init.status).toBe(401);
    expect(reply.data.error.cClaveActual).toEqual(["currentPasswordWrong"]);
    expect(reply.data.initialValue?.cClaveActual).toBeUndefined();
    expect(reply.data.initialValue?.cClave).toBeUndefined();
  });

  it("checks the new password's rules and its confirmation before calling the API", async () => {
    const { cookie, token } = await customerSession();
    const post = async (fields: Record<string, string>) =>
      (await runRoute(changePassword.action, formPost("/changePassword", fields, cookie)))
        .result as unknown as Reply;
    const empty = await post({ cClaveActual: "", cClave: "nueva", cClaveConfirmacion: "nueva" });
    expect(empty.init.status).toBe(400);
    expect(empty.data.error.cClaveActual).toEqual(["currentPasswordRequired"]);
    expect(empty.data.error.cClave).toContain("passwordTooShort");
    const mismatch = await post({
      cClaveActual: TEST_PASSWORD,
      cClave: "Nueva2031",
      cClaveConfirmacion: "Nueva2032",
    });
    expect(mismatch.init.status).toBe(400);
    expect(mismatch.data.error.cClaveConfirmacion).toEqual(["passwordMustMatch"]);
    // Nothing reached the API: the password is the same.
    expect((await t.call("/Cliente/Informacion", { token })).status).toBe(200);
    const login = await t.call("/Cliente/Ingreso/Token", {
      body: {
        cEmail: (await t.call("/Cliente/Informacion", { token })).json.oData.cEmail,
        cClave: TEST_PASSWORD,
      },
    });
    expect(login.json.nCode).toBe(200);
  });

  it("changes it, keeps this session, ends the others and says so once", async () => {
    const { token, email, cookie } = await customerSession();
    const other = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: email, cClave: TEST_PASSWORD },
    });
    const { thrown, setCookie } = await runRoute(
      changePassword.action,
      formPost(
        "/changePassword",
        { cClaveActual: TEST_PASSWORD, cClave: "Nueva2031", cClaveConfirmacion: "Nueva2031" },
        cookie,
      ),
    );
    expect((thrown as Response).headers.get("Location")).toBe("/changePassword");
    const session = await sessionStorage.getSession(setCookie?.split(";")[0]);
    expect(session.get("notice")).toBe("account:changePassword.done");
    expect(session.get("user")?.token).toBe(token);
    expect((await t.call("/Cliente/Informacion", { token })).status).toBe(200);
    expect((await t.call("/Cliente/Informacion", { token: other.json.oData.token })).status).toBe(
      401,
    );
  });
});
