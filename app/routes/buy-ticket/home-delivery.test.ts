// Home delivery on the checkout: the buyer's addresses are offered, a missing one is said on
// its field, and without JavaScript a delivery that changes the total shows the new total
// before anything is charged. Adding an address from the checkout comes back to it.
import { beforeEach, describe, expect, it } from "vitest";
import { formPost, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { type Buyer, cardFormFields, createBuyer, holdPlaces } from "~/testing/shop-buyer";
import { testCard } from "../../../commerce/testing/harness.ts";
import { action as addressAction, loader as addressLoader } from "../my-address/route";
import { action, loader } from "./route";

const api = setUpRouteTests();
let buyer: Buyer;
let cookie: string;
let processId: number;

beforeEach(async () => {
  buyer = await createBuyer(api.db, api.t.clock, "ana");
  // The later performance: far enough away for the courier.
  processId = await holdPlaces(api.t, buyer, {
    idFuncion: api.fx.performances.later.id,
    listaSectores: [{ idSector: api.fx.sectors.laterGeneral.id, nCantidad: 1 }],
  });
  cookie = await buyer.cookie({ processId });
});

const HOME = "3";
const checkout = () => `/BuyTicket/${processId}`;
const params = () => ({ idProcesoDeCompra: String(processId) });
const addressFields = {
  intent: "add",
  cTipo: "PARTICULAR",
  cCalle: "Av. de Mayo",
  cNumero: "525",
  cPais: "AR",
  cProvincia: "AR-C",
  cLocalidad: "Buenos Aires",
  cCodigoPostal: "C1084",
};

async function addAddress(): Promise<number> {
  const { json } = await api.t.call("/Cliente/Domicilio/Insertar", {
    token: buyer.token,
    body: { ...addressFields, intent: undefined },
  });
  return json.oData.idClienteDomicilio;
}

async function loadCheckout() {
  const { result } = await runRoute(loader, pageGet(checkout(), cookie), params());
  if (!result) throw new Error("the checkout did not load");
  return result;
}

const payment = (extra: Record<string, string>) => ({
  intent: "pay",
  idEntregaTipo: HOME,
  nFormaDePago: "1",
  nCuotas: "1",
  lAceptaTerminos: "on",
  cClaveIdempotencia: `home-${processId}-${Math.random().toString(36).slice(2)}`,
  ...cardFormFields(testCard("4111111111111111")),
  ...extra,
});

type Reply = {
  init: ResponseInit | null;
  data: { error?: Record<string, string[]>; totalChanged?: number };
};

describe("home delivery on the checkout", () => {
  it("offers the buyer's addresses with the type's fee", async () => {
    const addressId = await addAddress();
    const page = await loadCheckout();
    const home = page.deliveryTypes.find((type) => type.cCodigo === "HOME");
    expect(home).toMatchObject({ fPrecio: 2_500, lRequiereDomicilio: true });
    expect(page.addresses.map((a) => a.idClienteDomicilio)).toEqual([addressId]);
  });

  it("says on its field that home delivery needs an address", async () => {
    const seen = String((await loadCheckout()).process.fTotal);
    const { result } = await runRoute(
      action,
      formPost(checkout(), payment({ fTotalVisto: seen }), cookie),
      params(),
    );
    const reply = result as unknown as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.error?.idClienteDomicilio).toEqual(["deliveryAddressRequired"]);
  });

  it("without JavaScript shows the new total first, then pays it", async () => {
    const addressId = String(await addAddress());
    const before = (await loadCheckout()).process.fTotal;
    const first = await runRoute(
      action,
      formPost(
        checkout(),
        payment({ idClienteDomicilio: addressId, fTotalVisto: String(before) }),
        cookie,
      ),
      params(),
    );
    const reply = first.result as unknown as Reply;
    expect(reply.data.totalChanged).toBe(before + 2_500);
    const orders = await api.t.call("/Historial2", { token: buyer.token });
    expect(orders.json.oData.Lista).toHaveLength(0);

    const page = await loadCheckout();
    expect(page.process).toMatchObject({ fTotal: before + 2_500, idEntregaTipo: 3 });
    const paid = await runRoute(
      action,
      formPost(
        checkout(),
        payment({ idClienteDomicilio: addressId, fTotalVisto: String(before + 2_500) }),
        cookie,
      ),
      params(),
    );
    expect((paid.result as Response).headers.get("Location")).toBe(`/BuyTicket/ok/${processId}`);
  });

  it("adding an address from the checkout comes back to it; any other return is ignored", async () => {
    const back = `/myAddress?volver=${encodeURIComponent(checkout())}`;
    const page = await runRoute(addressLoader, pageGet(back, cookie), {});
    expect(page.result?.returnTo).toBe(checkout());
    const added = await runRoute(
      addressAction,
      formPost("/myAddress", { ...addressFields, volver: checkout() }, cookie),
      {},
    );
    expect((added.result as Response).headers.get("Location")).toBe(checkout());
    for (const elsewhere of ["https://evil.example/BuyTicket/1", "//evil.example", "/myOrders"]) {
      const other = await runRoute(
        addressAction,
        formPost("/myAddress", { ...addressFields, volver: elsewhere }, cookie),
        {},
      );
      expect((other.result as Response).headers.get("Location")).toBe("/myAddress");
    }
  });
});
