// Home delivery (TiposDeEntrega, EntregaTipo/Seleccionar): offered online and only far enough
// before the earliest performance, sent to one of the buyer's own addresses in Argentina,
// charged with its fee, and kept on the order as the address was when paid.
import { beforeEach, describe, expect, it } from "vitest";
import {
  addressSchema,
  deliveryTypesResponse,
  errorData,
  ordersResponse,
  purchaseProcessSchema,
} from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import type { Fixture, TestApi } from "../testing/harness.ts";
import { testCard } from "../testing/harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;

const api = setUpApiTests({ customers: ["alice", "bob"] });
beforeEach(() => {
  ({ t, fx } = api);
  ({ alice, bob } = api.tokens);
});

const HOME = 3;

async function addAddress(token: string, overrides: Record<string, unknown> = {}) {
  const { status, json } = await t.call("/Cliente/Domicilio/Insertar", {
    token,
    body: {
      cTipo: "PARTICULAR",
      cReferente: "Portería",
      cCalle: "Av. de Mayo",
      cNumero: "525",
      cPiso: "3",
      cDepartamento: "B",
      cPais: "AR",
      cProvincia: "AR-C",
      cLocalidad: "Buenos Aires",
      cCodigoPostal: "C1084",
      ...overrides,
    },
  });
  expect(status, JSON.stringify(json)).toBe(200);
  return addressSchema.parse(json.oData).idClienteDomicilio;
}

async function startProcess(token: string, performanceId = fx.performances.later.id) {
  const sector =
    performanceId === fx.performances.later.id ? fx.sectors.laterGeneral : fx.sectors.general;
  const { json } = await t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    body: { idFuncion: performanceId, listaSectores: [{ idSector: sector.id, nCantidad: 1 }] },
  });
  expect(json.nCode, JSON.stringify(json)).toBe(200);
  return purchaseProcessSchema.parse(json.oData);
}

async function deliveryCodes(processId: number, token: string) {
  const { json } = await t.call(`/Proceso/${processId}/TiposDeEntrega`, { token });
  return deliveryTypesResponse.parse(json.oData).Lista.map((type) => type.cCodigo);
}

function chooseHome(processId: number, token: string, addressId?: unknown) {
  return t.call(`/Proceso/${processId}/EntregaTipo/Seleccionar`, {
    token,
    body: { idEntregaTipo: HOME, idClienteDomicilio: addressId },
  });
}

async function fieldErrorsOf(answer: { status: number; json: { oData?: unknown } }) {
  expect(answer.status).toBe(400);
  return errorData.parse(answer.json.oData).oErrores;
}

describe("home delivery", () => {
  it("is offered with its fee and needs an address", async () => {
    const process = await startProcess(alice);
    const { json } = await t.call(`/Proceso/${process.idProcesoDeCompra}/TiposDeEntrega`, {
      token: alice,
      language: "en",
    });
    const home = deliveryTypesResponse.parse(json.oData).Lista.find((d) => d.cCodigo === "HOME");
    expect(home).toMatchObject({
      idEntregaTipo: HOME,
      cNombre: "Home delivery",
      fPrecio: 2_500,
      lRequiereDomicilio: true,
    });
  });

  it("adds its fee to the total, sends to the buyer's address, and the order keeps it", async () => {
    const process = await startProcess(alice);
    const id = process.idProcesoDeCompra;
    const addressId = await addAddress(alice);
    const chosen = await chooseHome(id, alice, addressId);
    const view = purchaseProcessSchema.parse(chosen.json.oData);
    expect(view).toMatchObject({ idEntregaTipo: HOME, idClienteDomicilio: addressId });
    expect(view.fCargoEntrega).toBe(2_500);
    expect(view.fTotal).toBe(process.fTotal + 2_500);

    await t.call(`/Proceso/${id}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: 1 },
    });
    const paid = await t.call(`/Proceso/${id}/Cobrar`, {
      token: alice,
      body: { cClaveIdempotencia: `home-${id}-key`, nCuotas: 1, oTarjeta: testCard() },
    });
    expect(paid.json.nCode, JSON.stringify(paid.json)).toBe(200);
    // Changing the address afterwards does not move the order's.
    await t.call(`/Cliente/Domicilio/${addressId}/Modificar`, {
      token: alice,
      body: { cCalle: "Perú" },
    });
    const orders = ordersResponse.parse(
      (await t.call("/Historial2", { token: alice, language: "en" })).json.oData,
    ).Lista;
    expect(orders[0]).toMatchObject({
      cEntrega: "Home delivery",
      fCargoEntrega: 2_500,
      oDomicilioEntrega: { cCalle: "Av. de Mayo", cNumero: "525", cPiso: "3", cPais: "AR" },
    });
  });

  it("refuses a missing, someone else's, unknown or foreign address", async () => {
    const process = await startProcess(alice);
    const id = process.idProcesoDeCompra;
    const bobsAddress = await addAddress(bob);
    const abroad = await addAddress(alice, { cPais: "UY", cProvincia: "UY-MO" });
    for (const [addressId, key] of [
      [undefined, "deliveryAddressRequired"],
      ["", "deliveryAddressRequired"],
      ["x", "deliveryAddressRequired"],
      [bobsAddress, "deliveryAddressNotFound"],
      [999_999, "deliveryAddressNotFound"],
      [abroad, "deliveryAddressAbroad"],
    ] as const) {
      const errors = await fieldErrorsOf(await chooseHome(id, alice, addressId));
      expect(errors, String(addressId)).toEqual({ idClienteDomicilio: [key] });
    }
    // Nothing was chosen by the refusals.
    const { json } = await t.call(`/Proceso/${id}`, { token: alice });
    expect(purchaseProcessSchema.parse(json.oData).idEntregaTipo).toBeNull();
  });

  it("is not offered within three days of the performance, and refused when paying late", async () => {
    // The main performance starts three days after the fixture's clock.
    const near = await startProcess(alice, fx.performances.main.id);
    const later = await startProcess(bob);
    const bobsAddress = await addAddress(bob);
    expect(await chooseHome(later.idProcesoDeCompra, bob, bobsAddress)).toMatchObject({
      status: 200,
    });
    t.clock.advanceMinutes(1);
    expect(await deliveryCodes(near.idProcesoDeCompra, alice)).toEqual(["ETICKET", "BOX_OFFICE"]);
    const aliceAddress = await addAddress(alice);
    const errors = await fieldErrorsOf(
      await chooseHome(near.idProcesoDeCompra, alice, aliceAddress),
    );
    expect(errors).toEqual({ idEntregaTipo: ["deliveryNotOffered"] });
    expect(await deliveryCodes(later.idProcesoDeCompra, bob)).toContain("HOME");
  });

  it("refuses paying once the address is gone, without charging", async () => {
    const process = await startProcess(alice);
    const id = process.idProcesoDeCompra;
    const addressId = await addAddress(alice);
    await chooseHome(id, alice, addressId);
    await t.call(`/Proceso/${id}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: 1 },
    });
    await t.call(`/Cliente/Domicilio/${addressId}/Eliminar`, { token: alice, method: "POST" });
    const paid = await t.call(`/Proceso/${id}/Cobrar`, {
      token: alice,
      body: { cClaveIdempotencia: `gone-${id}-key`, nCuotas: 1, oTarjeta: testCard() },
      language: "en",
    });
    expect(paid.json).toMatchObject({
      nCode: 422,
      cMensaje: "Choose the address to deliver to",
      oData: { cCodigo: "DELIVERY_ADDRESS_REQUIRED" },
    });
    const { json } = await t.call(`/Proceso/${id}`, { token: alice });
    expect(purchaseProcessSchema.parse(json.oData)).toMatchObject({
      cEstado: "ACTIVE",
      idClienteDomicilio: null,
      oPago: null,
    });
  });
});
