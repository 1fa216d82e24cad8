// /myPhone and /myAddress through the request context: login required, every intent (add,
// edit, makeDefault, delete) with its notice, refusals that keep what was typed, another
// customer's ids treated as unknown; and the optional phone of /signUp.
import { customerInfoSchema } from "@contract";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import {
  formPost,
  noCatalog,
  pageGet,
  runRoute,
  setUpRouteTests,
  signedUpAndLoggedIn,
  signUpFormFields,
} from "~/testing/route-harness";
import { TEST_PASSWORD, type TestApi } from "../../commerce/testing/harness.ts";
import * as myAddress from "./my-address/route";
import * as myPhone from "./my-phone/route";
import * as signUpRoute from "./sign-up";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

/** A customer signed up through the API, and their storefront session cookie. */
async function customer() {
  const { token, cookie } = await signedUpAndLoggedIn(t);
  const book = async () =>
    customerInfoSchema.parse((await t.call("/Cliente/Informacion", { token })).json.oData);
  return { token, cookie, book };
}

type Reply = {
  init: ResponseInit;
  data: {
    intent: string;
    failure?: string;
    reply?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  };
};

/** A change that went through: back to the page, with its notice for the next page. */
async function expectDone(
  outcome: { result?: unknown; setCookie: string | null },
  path: string,
  notice: string,
) {
  const response = outcome.result as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(path);
  const session = await sessionStorage.getSession(outcome.setCookie?.split(";")[0]);
  expect(session.get("notice")).toBe(notice);
}

describe("/myPhone", () => {
  it("asks for a login, keeping the way back", async () => {
    const { thrown } = await runRoute(myPhone.loader, pageGet("/myPhone"));
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2FmyPhone");
    const post = await runRoute(
      myPhone.action,
      formPost("/myPhone", { intent: "add", cTipo: "MOVIL", cNumero: "1143215678" }),
    );
    expect((post.thrown as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("adds, edits, makes default and deletes, each with its notice", async () => {
    const { cookie, book } = await customer();
    const post = (fields: Record<string, string>) =>
      runRoute(myPhone.action, formPost("/myPhone", fields, cookie));

    await expectDone(
      await post({ intent: "add", cTipo: "MOVIL", cNumero: "+54 9 11 4321-5678" }),
      "/myPhone",
      "account:phones.notices.add",
    );
    await post({ intent: "add", cTipo: "PERMANENTE", cNumero: "011 4000 1111" });
    let [first, second] = (await book()).aTelefonos;
    expect([first.lPredeterminado, second.lPredeterminado]).toEqual([true, false]);

    await expectDone(
      await post({
        intent: "edit",
        idClienteTelefono: String(second.idClienteTelefono),
        cTipo: "PERMANENTE",
        cNumero: "011 4000 2222",
      }),
      "/myPhone",
      "account:phones.notices.edit",
    );
    await expectDone(
      await post({ intent: "makeDefault", id: String(second.idClienteTelefono) }),
      "/myPhone",
      "account:phones.notices.makeDefault",
    );
    [first, second] = (await book()).aTelefonos;
    expect(first).toMatchObject({ cNumero: "011 4000 2222", lPredeterminado: true });

    // The page names the phone to edit or to delete (the confirmation) by the query.
    const page = await runRoute(
      myPhone.loader,
      pageGet(`/myPhone?delete=${first.idClienteTelefono}`, cookie),
    );
    expect(page.result?.deleting?.idClienteTelefono).toBe(first.idClienteTelefono);
    expect(page.result?.editing).toBeNull();

    await expectDone(
      await post({ intent: "delete", id: String(first.idClienteTelefono) }),
      "/myPhone",
      "account:phones.notices.delete",
    );
    expect((await book()).aTelefonos).toEqual([{ ...second, lPredeterminado: true }]);
  });

  it("refuses a bad number with 400, keeping what was typed and adding nothing", async () => {
    const { cookie, book } = await customer();
    const { result, setCookie } = await runRoute(
      myPhone.action,
      formPost("/myPhone", { intent: "add", cTipo: "MOVIL", cNumero: "11 CASA" }, cookie),
    );
    const reply = result as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.intent).toBe("add");
    expect(reply.data.reply?.error?.cNumero).toEqual(["phoneCharacters"]);
    expect(reply.data.reply?.initialValue?.cNumero).toBe("11 CASA");
    expect(setCookie).toBeNull();
    expect((await book()).aTelefonos).toEqual([]);

    const missing = await runRoute(
      myPhone.action,
      formPost("/myPhone", { intent: "add", cNumero: "1143215678" }, cookie),
    );
    expect((missing.result as unknown as Reply).data.reply?.error?.cTipo).toEqual([
      "phoneTypeRequired",
    ]);
    const editWithoutId = await runRoute(
      myPhone.action,
      formPost("/myPhone", { intent: "edit", cTipo: "MOVIL", cNumero: "1143215678" }, cookie),
    );
    expect((editWithoutId.result as unknown as Reply).init.status).toBe(400);
    expect((await book()).aTelefonos).toEqual([]);
    const unknownIntent = await runRoute(
      myPhone.action,
      formPost("/myPhone", { intent: "steal", id: "1" }, cookie),
    );
    expect((unknownIntent.result as unknown as Reply).init.status).toBe(400);
  });

  it("treats another customer's phone as unknown: nothing shown, nothing changed", async () => {
    const bob = await customer();
    await runRoute(
      myPhone.action,
      formPost("/myPhone", { intent: "add", cTipo: "MOVIL", cNumero: "1143215678" }, bob.cookie),
    );
    const [bobsPhone] = (await bob.book()).aTelefonos;
    const ana = await customer();
    const id = String(bobsPhone.idClienteTelefono);

    const page = await runRoute(myPhone.loader, pageGet(`/myPhone?edit=${id}`, ana.cookie));
    expect(page.result?.editing).toBeNull();
    expect(page.result?.entries).toEqual([]);
    const attempts: Array<Record<string, string>> = [
      { intent: "delete", id },
      { intent: "makeDefault", id },
      { intent: "edit", idClienteTelefono: id, cTipo: "PERMANENTE", cNumero: "1100000000" },
    ];
    for (const fields of attempts) {
      const { result } = await runRoute(myPhone.action, formPost("/myPhone", fields, ana.cookie));
      const reply = result as unknown as Reply;
      expect(reply.init.status, fields.intent).toBe(404);
    }
    expect((await bob.book()).aTelefonos).toEqual([bobsPhone]);
  });
});

const address = (overrides: Record<string, string> = {}) => ({
  intent: "add",
  cTipo: "PARTICULAR",
  cReferente: "",
  cCalle: "Av. 18 de Julio",
  cNumero: "1360",
  cPiso: "2",
  cDepartamento: "",
  cPais: "UY",
  cProvincia: "UY-MO",
  cLocalidad: "Montevideo",
  cCodigoPostal: "11200",
  ...overrides,
});

describe("/myAddress", () => {
  it("asks for a login", async () => {
    const { thrown } = await runRoute(myAddress.loader, pageGet("/myAddress"));
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2FmyAddress");
  });

  it("adds, edits (clearing a field), makes default and deletes", async () => {
    const { cookie, book } = await customer();
    const post = (fields: Record<string, string>) =>
      runRoute(myAddress.action, formPost("/myAddress", fields, cookie));
    await expectDone(await post(address()), "/myAddress", "account:addresses.notices.add");
    await post(
      address({ cTipo: "LABORAL", cPais: "PY", cProvincia: "PY-ASU", cLocalidad: "Asunción" }),
    );
    let [home, work] = (await book()).aDomicilios;
    expect(home).toMatchObject({
      cPais: "UY",
      cPiso: "2",
      cReferente: null,
      lPredeterminado: true,
    });
    expect(work).toMatchObject({ cTipo: "LABORAL", cProvincia: "PY-ASU", lPredeterminado: false });

    await expectDone(
      await post(
        address({ intent: "edit", idClienteDomicilio: String(home.idClienteDomicilio), cPiso: "" }),
      ),
      "/myAddress",
      "account:addresses.notices.edit",
    );
    await expectDone(
      await post({ intent: "makeDefault", id: String(work.idClienteDomicilio) }),
      "/myAddress",
      "account:addresses.notices.makeDefault",
    );
    [work, home] = (await book()).aDomicilios;
    expect(work.lPredeterminado).toBe(true);
    expect(home.cPiso).toBeNull();
    await expectDone(
      await post({ intent: "delete", id: String(work.idClienteDomicilio) }),
      "/myAddress",
      "account:addresses.notices.delete",
    );
    expect((await book()).aDomicilios).toEqual([{ ...home, lPredeterminado: true }]);
  });

  it("refuses a province of another country (the form without JavaScript allows picking one)", async () => {
    const { cookie, book } = await customer();
    const { result } = await runRoute(
      myAddress.action,
      formPost("/myAddress", address({ cProvincia: "AR-X" }), cookie),
    );
    const reply = result as unknown as Reply;
    expect(reply.init.status).toBe(400);
    expect(reply.data.reply?.error?.cProvincia).toEqual(["provinceNotInCountry"]);
    expect(reply.data.reply?.initialValue).toMatchObject({ cCalle: "Av. 18 de Julio" });
    const empty = await runRoute(
      myAddress.action,
      formPost("/myAddress", { intent: "add" }, cookie),
    );
    expect(Object.keys((empty.result as unknown as Reply).data.reply?.error ?? {}).sort()).toEqual([
      "cCalle",
      "cCodigoPostal",
      "cLocalidad",
      "cNumero",
      "cPais",
      "cProvincia",
      "cTipo",
    ]);
    expect((await book()).aDomicilios).toEqual([]);
  });
});

describe("/signUp with a default phone", () => {
  const form = (overrides: Record<string, string>) =>
    signUpFormFields({
      cEmail: "bea@example.com",
      cEmailConfirmacion: "bea@example.com",
      ...overrides,
    });

  it("stores the phone as the new customer's default", async () => {
    const { thrown } = await runRoute(
      signUpRoute.action,
      formPost("/signUp", form({ cTelefonoTipo: "MOVIL", cTelefonoNumero: "11 5555 0000" })),
    );
    expect((thrown as Response).headers.get("Location")).toBe("/");
    const login = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: "bea@example.com", cClave: TEST_PASSWORD },
    });
    const info = customerInfoSchema.parse(
      (await t.call("/Cliente/Informacion", { token: login.json.oData.token })).json.oData,
    );
    expect(info.aTelefonos).toMatchObject([
      { cTipo: "MOVIL", cNumero: "11 5555 0000", lPredeterminado: true },
    ]);
  });

  it("wants both the type and the number, or neither", async () => {
    for (const [fields, field, key] of [
      [{ cTelefonoTipo: "MOVIL" }, "cTelefonoNumero", "phoneRequired"],
      [{ cTelefonoNumero: "11 5555 0000" }, "cTelefonoTipo", "phoneTypeRequired"],
      [{ cTelefonoTipo: "MOVIL", cTelefonoNumero: "12" }, "cTelefonoNumero", "phoneTooShort"],
    ] as const) {
      const { result } = await runRoute(signUpRoute.action, formPost("/signUp", form(fields)));
      const reply = result as unknown as {
        init: ResponseInit;
        data: { error: Record<string, string[]> };
      };
      expect(reply.init.status).toBe(400);
      expect(reply.data.error[field]).toEqual([key]);
    }
    const none = await runRoute(signUpRoute.action, formPost("/signUp", form({})));
    expect((none.thrown as Response).headers.get("Location")).toBe("/");
  });
});
