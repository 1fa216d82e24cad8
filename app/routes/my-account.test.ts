// My data and My alias through the request context: login required, the sign-up's rules on
// each field, the API's answer kept, and the session's name and alias flag following it.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import {
  formPost,
  loggedIn,
  noCatalog,
  pageGet,
  runRoute,
  setUpRouteTests,
} from "~/testing/route-harness";
import { signUp, type TestApi } from "../../commerce/testing/harness.ts";
import * as myAlias from "./my-alias";
import * as myData from "./my-data";

let t: TestApi;
const api = setUpRouteTests({ fixture: noCatalog });
beforeEach(() => {
  ({ t } = api);
});

const sessionOf = (setCookie: string | null) => sessionStorage.getSession(setCookie?.split(";")[0]);
const location = (thrown: unknown) => (thrown as Response).headers.get("Location");
type Reply = { error?: Record<string, string[] | null> };
const replyOf = (result: unknown) => (result as { data?: Reply }).data;

async function customer(overrides: Record<string, unknown> = {}) {
  const { token, email } = await signUp(t, { cNombre: "Ana", ...overrides });
  const cookie = await loggedIn({
    token,
    cNombre: "Ana",
    cEmail: email,
    dLogin: new Date().toISOString(),
    lAlias: false,
  });
  return { token, email, cookie };
}

const personalFields = (overrides: Record<string, string> = {}) => ({
  cNombre: "Beatriz",
  cApellido: "Ruiz",
  cGenero: "OTRO",
  cTipoDocumento: "DNI",
  cNumeroDocumento: "28.765.432",
  nNacimientoDia: "2",
  nNacimientoMes: "10",
  nNacimientoAnio: "1975",
  ...overrides,
});

describe("/myData", () => {
  it("sends a visitor to log in, coming back here", async () => {
    for (const run of [
      runRoute(myData.loader, pageGet("/myData")),
      runRoute(myData.action, formPost("/myData", personalFields())),
    ]) {
      expect(location((await run).thrown)).toBe("/login?redirectTo=%2FmyData");
    }
  });

  it("shows the own data with the birthday split into its fields", async () => {
    const { cookie, email } = await customer({
      nNacimientoDia: 7,
      nNacimientoMes: 1,
      nNacimientoAnio: 1999,
    });
    const { result } = await runRoute(myData.loader, pageGet("/myData", cookie));
    expect(result).toMatchObject({
      email,
      current: {
        cNombre: "Ana",
        nNacimientoDia: "7",
        nNacimientoMes: "1",
        nNacimientoAnio: "1999",
      },
    });
  });

  it("saves, says so once, and the header's name follows", async () => {
    const { cookie, token } = await customer();
    const { result, setCookie } = await runRoute(
      myData.action,
      formPost("/myData", personalFields(), cookie),
    );
    expect(location(result)).toBe("/myData");
    const session = await sessionOf(setCookie);
    expect(session.get("user")?.cNombre).toBe("Beatriz");
    expect(session.get("user")?.token).toBe(token);
    expect(session.get("notice")).toBe("account:myData.saved");
    const info = (await t.call("/Cliente/Informacion", { token })).json.oData;
    expect(info).toMatchObject({ cNumeroDocumento: "28.765.432", dNacimiento: "1975-10-02" });
  });

  it("answers the birthday and document rules on their fields and changes nothing", async () => {
    const { cookie, token } = await customer();
    const before = (await t.call("/Cliente/Informacion", { token })).json.oData;
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ nNacimientoDia: "31", nNacimientoMes: "4" }, "nNacimientoDia", "birthDateInvalid"],
      [{ nNacimientoDia: "x" }, "nNacimientoDia", "birthDayInvalid"],
      [{ nNacimientoMes: "0" }, "nNacimientoMes", "birthMonthInvalid"],
      [{ nNacimientoAnio: "" }, "nNacimientoAnio", "birthYearInvalid"],
      [{ nNacimientoAnio: "1890" }, "nNacimientoAnio", "birthYearTooSmall"],
      [{ cNumeroDocumento: "" }, "cNumeroDocumento", "documentRequired"],
      [{ cNumeroDocumento: "123.456.789" }, "cNumeroDocumento", "documentTooHigh"],
      [{ cNombre: "" }, "cNombre", "firstNameRequired"],
    ];
    for (const [overrides, field, key] of cases) {
      const { result, setCookie } = await runRoute(
        myData.action,
        formPost("/myData", personalFields(overrides), cookie),
      );
      expect(replyOf(result)?.error?.[field], JSON.stringify(overrides)).toEqual([key]);
      expect(setCookie).toBeNull();
    }
    expect((await t.call("/Cliente/Informacion", { token })).json.oData).toEqual(before);
  });
});

describe("/myAlias", () => {
  it("sets, changes and clears the alias; lAlias in the session follows", async () => {
    const { cookie, token } = await customer();
    const set = await runRoute(myAlias.action, formPost("/myAlias", { cAlias: "La Bea" }, cookie));
    expect(location(set.result)).toBe("/myAlias");
    let session = await sessionOf(set.setCookie);
    expect(session.get("user")?.lAlias).toBe(true);
    expect(session.get("notice")).toBe("account:alias.saved");
    const withAlias = set.setCookie?.split(";")[0] ?? "";
    const shown = await runRoute(myAlias.loader, pageGet("/myAlias", withAlias));
    expect(shown.result?.alias).toBe("La Bea");

    const cleared = await runRoute(myAlias.action, formPost("/myAlias", { cAlias: "" }, withAlias));
    session = await sessionOf(cleared.setCookie);
    expect(session.get("user")?.lAlias).toBe(false);
    expect(session.get("notice")).toBe("account:alias.cleared");
    expect((await t.call("/Cliente/Informacion", { token })).json.oData.cAlias).toBeNull();
  });

  it("refuses a bad alias on its field; a visitor goes to log in", async () => {
    const { cookie } = await customer();
    const bad = await runRoute(myAlias.action, formPost("/myAlias", { cAlias: "<b>" }, cookie));
    expect(replyOf(bad.result)?.error?.cAlias).toEqual(["aliasInvalid"]);
    const visitor = await runRoute(myAlias.loader, pageGet("/myAlias"));
    expect(location(visitor.thrown)).toBe("/login?redirectTo=%2FmyAlias");
  });
});
