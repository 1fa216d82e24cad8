// Giving back a performance's places (SoltarFuncion): a process left without places has no
// purchase in it any more, so it ends (CANCELLED) in the same transaction, for every client.
import { beforeEach, describe, expect, it } from "vitest";
import { performanceDetailSchema, purchaseProcessSchema } from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";

const api = setUpApiTests({ customers: ["alice"] });
let processId: number;

beforeEach(async () => {
  const { t, fx, tokens } = api;
  const taken = await t.call("/Proceso/0/Posiciones/Tomar", {
    token: tokens.alice,
    body: {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
    },
  });
  processId = taken.json.oData.idProcesoDeCompra;
});

async function release(idFuncion: number) {
  const { json } = await api.t.call(`/Proceso/${processId}/Posiciones/SoltarFuncion`, {
    token: api.tokens.alice,
    body: { idFuncion },
  });
  expect(json.nCode).toBe(200);
  return purchaseProcessSchema.parse(json.oData);
}

async function freeGeneralPlaces() {
  const { json } = await api.t.call(`/Funcion/${api.fx.performances.main.id}`);
  return performanceDetailSchema.parse(json.oData).listaSectores[0].nDisponibles;
}

describe("releasing a performance's places", () => {
  it("keeps the process running while it holds other places", async () => {
    const { t, fx, tokens } = api;
    await t.call(`/Proceso/${processId}/Posiciones/Tomar`, {
      token: tokens.alice,
      body: {
        idFuncion: fx.performances.later.id,
        listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
      },
    });
    const after = await release(fx.performances.main.id);
    expect(after.cEstado).toBe("ACTIVE");
    expect(after.oCantidadTotal.nCantidadTotal).toBe(1);
  });

  it("ends the process when its last places go", async () => {
    const after = await release(api.fx.performances.main.id);
    expect(after.cEstado).toBe("CANCELLED");
    expect(after.oCantidadTotal.nCantidadTotal).toBe(0);
    expect(await freeGeneralPlaces()).toBe(api.fx.generalPlaces);
    const again = await api.t.call(`/Proceso/${processId}/Posiciones/Tomar`, {
      token: api.tokens.alice,
      body: {
        idFuncion: api.fx.performances.main.id,
        listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
      },
    });
    expect(again.json.oData.cCodigo).toBe("PROCESS_CANCELLED");
  });

  it("leaves an expired process expired", async () => {
    api.t.clock.advanceMinutes(31);
    const after = await release(api.fx.performances.main.id);
    expect(after.cEstado).toBe("EXPIRED");
  });
});
