// /additionalData after an external login: until the data the provider did not give is
// complete, login-required pages lead there first, carrying the wanted path; completing it
// goes on to that path (same-site only) and opens them again. The customer is made as
// Cliente/Externo makes one (a link with pending fields), its token by the API's own code.
import { eq } from "drizzle-orm";
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
import { startSession } from "../../commerce/customers/tokens.ts";
import { customers, externalLogins } from "../../commerce/db/schema.ts";
import * as additionalData from "./additional-data";
import * as myOrders from "./my-orders";

const api = setUpRouteTests({ fixture: noCatalog });
const pending = ["cGenero", "cTipoDocumento", "cNumeroDocumento"] as const;
let cookie: string;
let customerId: number;

beforeEach(async () => {
  const [customer] = await api.db
    .insert(customers)
    .values({
      email: "eva@ciudad.example",
      passwordHash: "external-login",
      firstName: "Eva",
      lastName: "Sol",
      gender: "NO_INFORMA",
      documentType: "NO_IDENTIFICADO",
      documentNumber: "",
    })
    .returning();
  customerId = customer.id;
  await api.db.insert(externalLogins).values({
    issuer: "https://login.city.test",
    subject: "eva",
    customerId,
    pendingFields: [...pending],
  });
  const session = await startSession(api.t.deps, customer);
  cookie = await loggedIn(session, { external: { pending: [...pending] } });
});

const location = (thrown: unknown) => (thrown as Response).headers.get("Location");

describe("/additionalData", () => {
  it("comes before any login-required page, carrying the wanted path", async () => {
    const { thrown } = await runRoute(myOrders.loader, pageGet("/myOrders?page=2", cookie));
    expect(location(thrown)).toBe("/additionalData?redirectTo=%2FmyOrders%3Fpage%3D2");
  });

  it("asks only for the pending fields", async () => {
    const { result } = await runRoute(
      additionalData.loader,
      pageGet("/additionalData?redirectTo=/myOrders", cookie),
    );
    expect(result).toMatchObject({ pending: [...pending], redirectTo: "/myOrders" });
  });

  it("refuses a submission breaking the sign-up's rules and changes nothing", async () => {
    const form = {
      cGenero: "X",
      cTipoDocumento: "DNI",
      cNumeroDocumento: "1",
      redirectTo: "/myOrders",
    };
    const { result } = await runRoute(
      additionalData.action,
      formPost("/additionalData", form, cookie),
    );
    const reply = (result as { data: { error: Record<string, string[]> } }).data;
    expect(Object.keys(reply.error ?? {})).toEqual(
      expect.arrayContaining(["cGenero", "cNumeroDocumento"]),
    );
    const [row] = await api.db.select().from(customers).where(eq(customers.id, customerId));
    expect(row.documentType).toBe("NO_IDENTIFICADO");
  });

  it("completes the data, goes on to the wanted path, and the pages open again", async () => {
    const form = {
      cGenero: "FEMENINO",
      cTipoDocumento: "DNI",
      cNumeroDocumento: "27111222",
      redirectTo: "/myOrders",
    };
    const { thrown, setCookie } = await runRoute(
      additionalData.action,
      formPost("/additionalData", form, cookie),
    );
    expect(location(thrown)).toBe("/myOrders");
    const [row] = await api.db.select().from(customers).where(eq(customers.id, customerId));
    expect(row).toMatchObject({
      gender: "FEMENINO",
      documentType: "DNI",
      documentNumber: "27111222",
    });
    const next = setCookie?.split(";")[0] ?? "";
    expect((await sessionStorage.getSession(next)).get("external")).toEqual({ pending: [] });
    const page = await runRoute(myOrders.loader, pageGet("/myOrders", next));
    expect(page.thrown).toBeUndefined();
    // Nothing left to complete: the page itself sends on.
    const again = await runRoute(
      additionalData.loader,
      pageGet("/additionalData?redirectTo=/myOrders", next),
    );
    expect(location(again.thrown)).toBe("/myOrders");
  });

  it("goes on only to a same-site path", async () => {
    const form = {
      cGenero: "OTRO",
      cTipoDocumento: "DNI",
      cNumeroDocumento: "27111222",
      redirectTo: "//evil.test/",
    };
    const { thrown } = await runRoute(
      additionalData.action,
      formPost("/additionalData", form, cookie),
    );
    expect(location(thrown)).toBe("/");
  });

  it("needs a login", async () => {
    const { thrown } = await runRoute(additionalData.loader, pageGet("/additionalData"));
    expect(location(thrown)).toBe("/login?redirectTo=%2FadditionalData");
  });
});
