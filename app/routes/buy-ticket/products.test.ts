// The checkout's "Add to your purchase" (ProductoAsignado/Lista/*) against the embedded API:
// the offered products on the page, quantities set by a plain form, refusals kept on it.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { setUpHeldPurchase } from "~/testing/shop-buyer";
import type { TestApi } from "../../../commerce/testing/harness.ts";
import { productsFixture } from "../../../commerce/testing/products-fixture.ts";
import * as checkout from "./route";

type ProductsFixture = Awaited<ReturnType<typeof productsFixture>>;

let t: TestApi;
let fx: ProductsFixture;
let cookie: string;
let processId: number;

const held = setUpHeldPurchase({ fixture: productsFixture });
beforeEach(() => {
  t = held.api.t;
  fx = held.api.fx as ProductsFixture;
  ({ processId, cookie } = held);
});

const params = () => ({ idProcesoDeCompra: String(processId) });
const post = (fields: Record<string, string>) =>
  runRoute(checkout.action, formPost(`/BuyTicket/${processId}`, fields, cookie), params());
const field = () => `product-${fx.programme.show.id}`;
const programmeLine = async () =>
  (await t.call(`/Proceso/${processId}`, { token: held.buyer.token })).json.oData.listaFuncion.find(
    (line: { idFuncion: number }) => line.idFuncion === fx.programme.sale.id,
  );

describe("the checkout's products", () => {
  it("offers the products of the purchase's show, with their units", async () => {
    const { result } = await runRoute(
      checkout.loader,
      pageGet(`/BuyTicket/${processId}`, cookie),
      params(),
    );
    expect(
      result?.products.map((p) => [p.cEspectaculoCartelNombre, p.nCantidad, p.nDisponible]),
    ).toEqual([["Programa de mano", 0, 3]]);
  });

  it("adds units to the purchase and comes back saying so", async () => {
    const { result, setCookie } = await post({ intent: "products", [field()]: "2" });
    expect((result as Response).headers.get("Location")).toBe(`/BuyTicket/${processId}`);
    const session = await sessionStorage.getSession(setCookie?.split(";")[0]);
    expect(session.get("notice")).toBe("checkout:products.saved");
    expect(await programmeLine()).toMatchObject({ nCantidadPosiciones: 2 });
  });

  it("refuses a quantity that is not a whole number, keeping what was typed", async () => {
    for (const typed of ["abc", "-1", "1.5", "99", ""]) {
      const { result } = await post({ intent: "products", [field()]: typed });
      const refused = result as {
        init: ResponseInit;
        data: { products: { message: string; typed: Record<string, string> } };
      };
      expect(refused.init.status, typed).toBe(400);
      expect(refused.data.products).toEqual({
        message: "Enter a whole number of units from 0 to 20",
        typed: { [field()]: typed },
      });
    }
    expect(await programmeLine()).toBeUndefined();
  });

  it("shows the API's refusal when the stock is short, changing nothing", async () => {
    const { result } = await post({ intent: "products", [field()]: "4" });
    const refused = result as { init: ResponseInit; data: { products: { message: string } } };
    expect(refused.init.status).toBe(409);
    expect(refused.data.products.message).toMatch(/not enough/i);
    expect(await programmeLine()).toBeUndefined();
  });
});
