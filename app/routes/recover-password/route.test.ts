// Password recovery through the storefront: the same answer for every e-mail, the honeypot,
// the form rules of step 2, and a new password that logs in.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sessionStorage } from "~/services/session.server";
import {
  formPost,
  noCatalog,
  pageGet,
  runRoute,
  setUpRouteTests,
  signedUpAndLoggedIn,
} from "~/testing/route-harness";
import { partText, readEml } from "../../../commerce/mail/read-eml.ts";
import { signUp, type TestApi } from "../../../commerce/testing/harness.ts";
import * as login from "../login";
import * as recover from "./route";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

type Step = {
  step: "ask" | "reset";
  email: string;
  reply: { error?: Record<string, string[]>; initialValue?: Record<string, string> } | null;
};
type Reply = { init: ResponseInit | null; data: Step };

/** The action's answer, whether plain data or data with a status. */
function answer(result: unknown): Reply {
  const value = result as { type?: string; init?: ResponseInit; data?: Step };
  return value?.type === "DataWithResponseInit"
    ? { init: value.init ?? null, data: value.data as Step }
    : { init: null, data: result as Step };
}

const ask = (cEmail: string, extra: Record<string, string> = {}) =>
  runRoute(recover.action, formPost("/recoverPassword", { intent: "ask", cEmail, ...extra }));

const reset = (fields: Record<string, string>) =>
  runRoute(recover.action, formPost("/recoverPassword", { intent: "reset", ...fields }));

async function mailedCode(): Promise<string> {
  await vi.waitFor(() => expect(t.outbox.messages).toHaveLength(1), { timeout: 5000 });
  return /\b(\d{8})\b/.exec(partText(readEml(t.outbox.messages[0]), "text/plain") ?? "")?.[1] ?? "";
}

describe("/recoverPassword", () => {
  it("shows the form with a honeypot to a visitor; a logged-in user goes on", async () => {
    const visitor = await runRoute(recover.loader, pageGet("/recoverPassword"));
    expect(visitor.result?.honeypot.nameFieldName).toBe("cConfirmacionNombre");
    const { cookie } = await signedUpAndLoggedIn(t);
    const user = await runRoute(recover.loader, pageGet("/recoverPassword", cookie));
    expect((user.thrown as Response).headers.get("Location")).toBe("/");
  });

  it("answers a known and an unknown e-mail alike, and mails only the known one", async () => {
    const { email } = await signUp(t);
    const known = answer((await ask(email)).result);
    const unknown = answer((await ask("nobody@example.com")).result);
    expect(known.data).toEqual({ step: "reset", email, reply: null });
    expect(unknown.data).toEqual({ step: "reset", email: "nobody@example.com", reply: null });
    expect(known.init).toBeNull();
    expect(unknown.init).toBeNull();
    await mailedCode();
    expect(readEml(t.outbox.messages[0]).headers.get("to")).toBe(email);
  });

  it("answers a filled honeypot as anyone, and sends nothing", async () => {
    const { email } = await signUp(t);
    const caught = answer((await ask(email, { cConfirmacionNombre: "Buy now" })).result);
    expect(caught.data).toEqual({ step: "reset", email, reply: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.outbox.messages).toHaveLength(0);
  });

  it("refuses a missing or bad e-mail on step 1", async () => {
    const { init, data } = answer((await ask("not-an-email")).result);
    expect(init?.status).toBe(400);
    expect(data.step).toBe("ask");
    expect(data.reply?.error?.cEmail).toEqual(["emailInvalid"]);
  });

  it("checks step 2 as the spec says: code required, password rules and match", async () => {
    const missing = answer(
      (
        await reset({
          cEmail: "a@example.com",
          cClave: "Nueva2031",
          cClaveConfirmacion: "Otra2031x",
        })
      ).result,
    );
    expect(missing.init?.status).toBe(400);
    expect(missing.data.step).toBe("reset");
    expect(missing.data.email).toBe("a@example.com");
    expect(missing.data.reply?.error?.cCodigo).toEqual(["recoveryCodeRequired"]);
    expect(missing.data.reply?.error?.cClaveConfirmacion).toEqual(["passwordMustMatch"]);
    // Passwords are never sent back into the page.
    expect(missing.data.reply?.initialValue?.cClave).toBeUndefined();
    const weak = answer(
      (
        await reset({
          cEmail: "a@example.com",
          cCodigo: "12345678",
          cClave: "weak",
          cClaveConfirmacion: "weak",
        })
      ).result,
    );
    expect(weak.data.reply?.error?.cClave).toContain("passwordTooShort");
  });

  it("says a wrong code is wrong, keeping the e-mail, and sets a new password with the right one", async () => {
    const { email } = await signUp(t);
    await ask(email);
    const code = await mailedCode();
    const other = code === "00000000" ? "11111111" : "00000000";
    const fields = { cEmail: email, cClave: "Nueva2031", cClaveConfirmacion: "Nueva2031" };
    const refused = answer((await reset({ ...fields, cCodigo: other })).result);
    expect(refused.init?.status).toBe(422);
    expect(refused.data.email).toBe(email);
    expect(refused.data.reply?.error?.cCodigo).toEqual(["recoveryCodeWrong"]);

    const done = await reset({ ...fields, cCodigo: code });
    expect((done.thrown as Response).headers.get("Location")).toBe("/login");
    const session = await sessionStorage.getSession(done.setCookie?.split(";")[0]);
    expect(session.get("notice")).toBe("account:recover.done");

    const logIn = await runRoute(
      login.action,
      formPost("/login", { cEmail: email, cClave: "Nueva2031", redirectTo: "/myOrders" }),
    );
    expect((logIn.thrown as Response).headers.get("Location")).toBe("/myOrders");
  });
});
