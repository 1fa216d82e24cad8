// Sign-up through its remix-auth strategy: every rule answered on its field (the browser's
// check and the server's are one schema), the API's refusals back onto the form, the
// honeypot, and the greeting after it.
import { customerInfoSchema } from "@contract";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import {
  formPost,
  noCatalog,
  pageGet,
  runRoute,
  setUpRouteTests,
  signUpFormFields,
} from "~/testing/route-harness";
import { signUp, TEST_PASSWORD, type TestApi } from "../../commerce/testing/harness.ts";
import * as login from "./login";
import * as signUpRoute from "./sign-up";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

type Reply = { status: string; error?: Record<string, string[] | null>; initialValue?: unknown };
const sessionOf = (setCookie: string | null) => sessionStorage.getSession(setCookie?.split(";")[0]);

async function submit(fields: Record<string, string>) {
  const outcome = await runRoute(signUpRoute.action, formPost("/signUp", fields));
  const reply = (outcome.result as { data?: Reply } | undefined)?.data;
  return { ...outcome, reply, status: (outcome.result as { init?: ResponseInit })?.init?.status };
}

/** The honeypot's fields as the page's form carries them (sign-up's or login's). */
async function honeypotOfForm(
  page: typeof login.loader | typeof signUpRoute.loader = signUpRoute.loader,
  path = "/signUp",
) {
  const served = await runRoute(page, pageGet(path));
  const honeypot = served.result?.honeypot;
  if (!honeypot?.validFromFieldName || !honeypot.encryptedValidFrom) throw new Error("no trap");
  return {
    [honeypot.nameFieldName]: "",
    [honeypot.validFromFieldName]: honeypot.encryptedValidFrom,
  };
}

describe("sign-up", () => {
  it("creates the customer with birthday and alias, logs in and greets once", async () => {
    const fields = signUpFormFields({
      nNacimientoDia: "29",
      nNacimientoMes: "2",
      nNacimientoAnio: "2000",
      cAlias: "Bea R.",
      redirectTo: "/myOrders",
      ...(await honeypotOfForm()),
    });
    const { thrown, setCookie } = await submit(fields);
    expect((thrown as Response).headers.get("Location")).toBe("/myOrders");
    const session = await sessionOf(setCookie);
    expect(session.get("user")).toMatchObject({ cNombre: "Ana", lAlias: true });
    expect(session.get("greeting")).toBe("Ana");
    const token = session.get("user")?.token;
    const info = customerInfoSchema.parse(
      (await t.call("/Cliente/Informacion", { token })).json.oData,
    );
    expect(info).toMatchObject({ dNacimiento: "2000-02-29", cAlias: "Bea R." });
  });

  it("answers every rule of §5 on its own field in one submit, keeping what was typed", async () => {
    const { reply, status, thrown } = await submit(
      signUpFormFields({
        cEmailConfirmacion: "other@example.com",
        cClave: "short",
        cClaveConfirmacion: "different",
        cNumeroDocumento: "12",
        nNacimientoDia: "0",
        nNacimientoMes: "13",
        nNacimientoAnio: "3000",
        cGenero: "",
      }),
    );
    expect(thrown).toBeUndefined();
    expect(status).toBe(400);
    expect(reply?.error).toMatchObject({
      cEmailConfirmacion: ["emailMustMatch"],
      cClaveConfirmacion: ["passwordMustMatch"],
      cNumeroDocumento: ["documentTooLow"],
      nNacimientoDia: ["birthDayInvalid"],
      nNacimientoMes: ["birthMonthInvalid"],
      nNacimientoAnio: ["birthYearInvalid"],
      cGenero: ["genderRequired"],
    });
    expect(reply?.error?.cClave).toEqual(
      expect.arrayContaining(["passwordTooShort", "passwordUppercase", "passwordDigit"]),
    );
    expect(reply?.initialValue).toMatchObject({ cNumeroDocumento: "12", nNacimientoAnio: "3000" });
    expect(reply?.initialValue).not.toHaveProperty("cClave");
  });

  it("says 'Invalid date' for 31 February and 'Year of birth too small' for 1850", async () => {
    const date = await submit(
      signUpFormFields({ nNacimientoDia: "31", nNacimientoMes: "2", nNacimientoAnio: "1990" }),
    );
    expect(date.reply?.error).toEqual({ nNacimientoDia: ["birthDateInvalid"] });
    const old = await submit(signUpFormFields({ nNacimientoAnio: "1850" }));
    expect(old.reply?.error).toEqual({ nNacimientoAnio: ["birthYearTooSmall"] });
    const high = await submit(signUpFormFields({ cNumeroDocumento: "123456789" }));
    expect(high.reply?.error).toEqual({ cNumeroDocumento: ["documentTooHigh"] });
  });

  it("puts the API's refusal on the e-mail field (already registered)", async () => {
    const first = signUpFormFields();
    await submit(first);
    const again = await submit(
      signUpFormFields({ cEmail: first.cEmail.toUpperCase(), cEmailConfirmacion: first.cEmail }),
    );
    expect(again.status).toBe(409);
    expect(again.reply?.error).toMatchObject({ cEmail: ["emailTaken"] });
  });

  it("refuses a form whose honeypot was filled, or whose time was forged, creating no one", async () => {
    const trap = await honeypotOfForm();
    const [nameField, timeField] = Object.keys(trap);
    for (const spoiled of [
      { ...trap, [nameField]: "http://spam.example" },
      { ...trap, [timeField]: "forged" },
    ]) {
      const fields = signUpFormFields(spoiled);
      const { reply, status, thrown } = await submit(fields);
      expect(thrown).toBeUndefined();
      expect(status).toBe(400);
      expect(reply?.error?.[""]).toEqual([
        "We could not take this form. Please reload the page and try again.",
      ]);
      const login = await t.call("/Cliente/Ingreso/Token", {
        body: { cEmail: fields.cEmail, cClave: fields.cClave },
      });
      expect(login.json.nCode).toBe(401);
    }
  });
});

describe("login", () => {
  it("greets once after a login too", async () => {
    const { email } = await signUp(t, { cNombre: "Luisa" });
    const fields = {
      cEmail: email,
      cClave: TEST_PASSWORD,
      ...(await honeypotOfForm(login.loader, "/login")),
    };
    const { thrown, setCookie } = await runRoute(login.action, formPost("/login", fields));
    expect((thrown as Response).headers.get("Location")).toBe("/");
    expect((await sessionOf(setCookie)).get("greeting")).toBe("Luisa");
  });

  it("refuses a login whose honeypot was filled, logging no one in", async () => {
    const { email } = await signUp(t);
    const trap = await honeypotOfForm(login.loader, "/login");
    const [nameField] = Object.keys(trap);
    const fields = { cEmail: email, cClave: TEST_PASSWORD, ...trap, [nameField]: "bot" };
    const { result, thrown, setCookie } = await runRoute(login.action, formPost("/login", fields));
    expect(thrown).toBeUndefined();
    expect((result as { init?: ResponseInit }).init?.status).toBe(400);
    expect(setCookie).toBeNull();
  });
});
