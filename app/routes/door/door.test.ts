// The door check's pages against the embedded API: door staff scan a paid ticket (let in,
// then "already used" with where), the entrance and performance are kept for the next scan,
// a bad form keeps what was typed; the public key downloads for anyone; a customer who is not
// door staff, or whose role was withdrawn since the login, gets the door's 403 page.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { type Buyer, createBuyer, setUpPaidOrder } from "~/testing/shop-buyer";
import { orders, staffRoles, tickets } from "../../../commerce/db/schema.ts";
import * as cancelledTickets from "./cancelled-tickets";
import * as publicKey from "./public-key";
import * as door from "./route";

const paid = setUpPaidOrder();
let porter: Buyer;
let code: string;

beforeEach(async () => {
  porter = await createBuyer(paid.api.db, paid.api.t.clock, "porter", { doorStaff: true });
  const [ticket] = await paid.api.db.select().from(tickets).where(eq(tickets.orderId, paid.order));
  code = ticket.code;
});

const statusOf = (outcome: { result?: unknown; thrown?: unknown }) => {
  const answer = (outcome.thrown ?? outcome.result) as { status?: number; init?: ResponseInit };
  return answer.status ?? answer.init?.status;
};

describe("the door check page", () => {
  it("lets a paid ticket in once, then says when and where it was used", async () => {
    const cookie = await porter.cookie();
    const page = await runRoute(door.loader, pageGet("/door", cookie));
    expect(page.result?.performances.map((p) => p.idFuncion)).toContain(
      paid.api.fx.performances.main.id,
    );
    expect(page.result?.entrance).toBe("");

    const scan = { cCodigo: code, cEntrada: "Puerta 3", idFuncion: "" };
    const first = await runRoute(door.action, formPost("/door", scan, cookie));
    expect(first.result).toMatchObject({
      check: { cResultado: "ADMITTED", cEntrada: "Puerta 3", oTicket: { cSector: "Campo" } },
    });
    // The entrance is kept for the next scan.
    const kept = await sessionStorage.getSession(first.setCookie?.split(";")[0]);
    expect(kept.get("door")).toEqual({ entrance: "Puerta 3", performanceId: null });
    const again = await runRoute(door.loader, pageGet("/door", first.setCookie?.split(";")[0]));
    expect(again.result?.entrance).toBe("Puerta 3");

    const second = await runRoute(
      door.action,
      formPost("/door", { ...scan, cEntrada: "Puerta 5" }, cookie),
    );
    expect(second.result).toMatchObject({
      check: { cResultado: "ALREADY_USED", cEntrada: "Puerta 3" },
    });
  });

  it("refuses an incomplete form with the fields' errors, keeping what was typed", async () => {
    const cookie = await porter.cookie();
    const refused = await runRoute(
      door.action,
      formPost("/door", { cCodigo: "", cEntrada: "", idFuncion: "x" }, cookie),
    );
    expect(statusOf(refused)).toBe(400);
    const reply = (refused.result as unknown as { data: Record<string, unknown> }).data;
    expect(reply).toMatchObject({
      values: { cCodigo: "", cEntrada: "", idFuncion: "x" },
      fieldErrors: {
        cCodigo: ["ticketCodeRequired"],
        cEntrada: ["entranceRequired"],
        idFuncion: ["invalid"],
      },
    });
  });

  it("is the door's 403 for a customer, and for door staff whose role was withdrawn", async () => {
    const customer = await paid.ana.cookie();
    for (const outcome of [
      await runRoute(door.loader, pageGet("/door", customer)),
      await runRoute(door.action, formPost("/door", { cCodigo: code, cEntrada: "X" }, customer)),
    ]) {
      expect(statusOf(outcome)).toBe(403);
      expect((outcome.thrown as { data: { staff: string } }).data.staff).toBe("door");
    }
    await paid.api.db.delete(staffRoles);
    const withdrawn = await runRoute(door.loader, pageGet("/door", await porter.cookie()));
    expect(statusOf(withdrawn)).toBe(403);
  });
});

describe("the public key file", () => {
  it("is the PEM that the API publishes, for anyone", async () => {
    const outcome = await runRoute(publicKey.loader, pageGet("/door/public-key.pem"));
    const response = outcome.result as Response;
    expect(response.headers.get("Content-Type")).toBe("application/x-pem-file");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="ticket-key-/,
    );
    const api = (await paid.api.t.call("/Acceso/ClavePublica")).json.oData;
    expect(await response.text()).toBe(api.cPem);
  });
});

describe("the cancelled tickets file", () => {
  const fileOf = (performanceId: string, cookie: string) =>
    runRoute(
      cancelledTickets.loader,
      pageGet(`/door/cancelled-tickets.json?idFuncion=${performanceId}`, cookie),
    );

  it("lists, for door staff, the performance's tickets whose order was cancelled", async () => {
    const main = String(paid.api.fx.performances.main.id);
    const cookie = await porter.cookie();
    const before = (await fileOf(main, cookie)).result as Response;
    expect(before.headers.get("Content-Disposition")).toBe(
      `attachment; filename="cancelled-tickets-${main}.json"`,
    );
    expect(before.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await before.json()).Lista).toEqual([]);

    await paid.api.db.update(orders).set({ status: "CANCELLED" }).where(eq(orders.id, paid.order));
    const [ticket] = await paid.api.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, paid.order));
    const after = (await fileOf(main, cookie)).result as Response;
    expect(await after.json()).toMatchObject({ idFuncion: Number(main), Lista: [ticket.id] });
  });

  it("is the door's 403 for a customer, and a 404 for a malformed performance", async () => {
    const refused = await fileOf(String(paid.api.fx.performances.main.id), await paid.ana.cookie());
    expect(statusOf(refused)).toBe(403);
    expect(statusOf(await fileOf("abc", await porter.cookie()))).toBe(404);
  });
});
