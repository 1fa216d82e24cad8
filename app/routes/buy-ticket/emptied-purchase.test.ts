// Removing the last places ends the purchase: the buyer goes back to the page the places
// came from, told why once, and no screen shows an empty purchase with a running clock.
import { beforeEach, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { type Buyer, setUpHeldPurchase } from "~/testing/shop-buyer";
import { purchaseProcesses } from "../../../commerce/db/schema.ts";
import { action, loader } from "./route";

const held = setUpHeldPurchase();
const api = held.api;
let buyer: Buyer;
let processId: number;
let cookie: string;
beforeEach(() => {
  ({ buyer, processId, cookie } = held);
});

const checkout = () => `/BuyTicket/${processId}`;
const params = () => ({ idProcesoDeCompra: String(processId) });
const release = (idFuncion: number) =>
  runRoute(
    action,
    formPost(checkout(), { intent: "release", idFuncion: String(idFuncion) }, cookie),
    params(),
  );
const sessionOf = (setCookie: string | null) => sessionStorage.getSession(setCookie?.split(";")[0]);

describe("removing places at the checkout", () => {
  it("stays at the checkout while other places remain", async () => {
    const { fx, t } = api;
    await t.call(`/Proceso/${processId}/Posiciones/Tomar`, {
      token: buyer.token,
      body: {
        idFuncion: fx.performances.later.id,
        listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
      },
    });
    const { result } = await release(fx.performances.main.id);
    expect((result as Response).headers.get("Location")).toBe(checkout());
  });

  it("ends the purchase with the last ones and goes back to their performance, saying so", async () => {
    const { result, setCookie } = await release(api.fx.performances.main.id);
    expect((result as Response).headers.get("Location")).toBe(
      `/funcion/obra-de-prueba/${api.fx.performances.main.id}`,
    );
    const after = await sessionOf(setCookie);
    expect(after.get("processId")).toBeUndefined();
    expect(after.get("notice")).toBe("layout:notices.purchaseEmptied");
    const process = await api.t.call(`/Proceso/${processId}`, { token: buyer.token });
    expect(process.json.oData.cEstado).toBe("CANCELLED");
  });
});

describe("a running purchase without places", () => {
  // Left by an older API, which kept emptied processes running.
  beforeEach(async () => {
    const now = api.t.clock.now();
    const [empty] = await api.db
      .insert(purchaseProcesses)
      .values({ customerId: 1, startedAt: now, deadline: new Date(now.getTime() + 20 * 60_000) })
      .returning();
    processId = empty.id;
    cookie = await buyer.cookie({ processId });
  });

  it("is no cart in the header", async () => {
    const { result } = await runRoute(rootLoader, pageGet("/", cookie));
    expect(result?.cart).toBeNull();
  });

  it("is no checkout: the buyer goes to the billboard, told why", async () => {
    const { thrown, setCookie } = await runRoute(loader, pageGet(checkout(), cookie), params());
    expect((thrown as Response).headers.get("Location")).toBe("/");
    const after = await sessionOf(setCookie);
    expect(after.get("processId")).toBeUndefined();
    expect(after.get("notice")).toBe("layout:notices.purchaseEmptied");
  });
});
