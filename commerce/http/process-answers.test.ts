// What a performance asks before paying (DatosAdicionales): listed with its labels, answered
// all or nothing with every value checked, someone else's process a 404, and the charge
// refuses while a question is unanswered.
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeEach, describe, expect, it } from "vitest";
import { errorData, processQuestionsResponse } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { performances, processAnswers } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { type Fixture, readyToPay, type TestApi, testCard } from "../testing/harness.ts";
import { pageTexts } from "../testing/pdf-text.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
let processId: number;

const api = setUpApiTests({ customers: ["alice", "bob"] });
beforeEach(async () => {
  ({ db, t, fx } = api);
  ({ alice, bob } = api.tokens);
  await db
    .update(performances)
    .set({ requestedData: ["HOLDER_NAME", "HOLDER_DOCUMENT"] })
    .where(eq(performances.id, fx.performances.main.id));
  processId = await readyToPay(t, alice, {
    idFuncion: fx.performances.main.id,
    listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
  });
});

const path = () => `/Proceso/${processId}/DatosAdicionales`;
const answers = (name: unknown, document: unknown) => ({
  listaFuncion: [
    {
      idFuncion: fx.performances.main.id,
      listaDatos: [
        { cCodigo: "HOLDER_NAME", cValor: name },
        { cCodigo: "HOLDER_DOCUMENT", cValor: document },
      ],
    },
  ],
});
const pay = () =>
  t.call(`/Proceso/${processId}/Cobrar`, {
    token: alice,
    language: "en",
    body: { cClaveIdempotencia: `answers-${processId}-key`, nCuotas: 1, oTarjeta: testCard() },
  });

describe("GET and POST Proceso/{id}/DatosAdicionales", () => {
  it("lists what the performance asks, labelled in the caller's language", async () => {
    const { json } = await t.call(path(), { token: alice, language: "en" });
    const [performance] = processQuestionsResponse.parse(json.oData).Lista;
    expect(performance).toMatchObject({
      idFuncion: fx.performances.main.id,
      cEspectaculo: "Obra de Prueba",
      listaDatos: [
        { cCodigo: "HOLDER_NAME", cEtiqueta: "Ticket holder's full name", cValor: null },
        { cCodigo: "HOLDER_DOCUMENT", cEtiqueta: "Ticket holder's DNI number", cValor: null },
      ],
    });
  });

  it("refuses to charge until answered, then pays", async () => {
    const refused = await pay();
    expect(refused.json).toMatchObject({
      nCode: 422,
      cMensaje: "Complete the data the performance asks for",
      oData: { cCodigo: "PERFORMANCE_DATA_REQUIRED" },
    });
    const saved = await t.call(path(), {
      token: alice,
      body: answers(" Ana García ", "30.111.222"),
    });
    expect(saved.status).toBe(200);
    const values = processQuestionsResponse
      .parse(saved.json.oData)
      .Lista[0].listaDatos.map((d) => d.cValor);
    expect(values).toEqual(["Ana García", "30.111.222"]);
    const paid = await pay();
    expect(paid.json.nCode).toBe(200);
    // The e-ticket names the holder the answers gave, not the buyer who paid.
    const eticket = await t.request(`/Pedido/${paid.json.oData.idPedido}/ETicket`, {
      token: alice,
      language: "en",
    });
    const page = pageTexts(await PDFDocument.load(await eticket.arrayBuffer()), 0);
    expect(page).toEqual(
      expect.arrayContaining(["TICKET HOLDER", "Ana García", "HOLDER'S DNI", "30.111.222"]),
    );
    // Paid, the answers can no longer change.
    const late = await t.call(path(), { token: alice, body: answers("Otra Persona", "30111223") });
    expect(late.json.oData.cCodigo).toBe("PROCESS_PAID");
  });

  it("checks every value and saves nothing when one is wrong", async () => {
    for (const [name, document, errors] of [
      ["", "30111222", { [`${fx.performances.main.id}.HOLDER_NAME`]: ["answerRequired"] }],
      ["12345", "30111222", { [`${fx.performances.main.id}.HOLDER_NAME`]: ["answerInvalid"] }],
      ["Ana", "12", { [`${fx.performances.main.id}.HOLDER_DOCUMENT`]: ["documentTooLow"] }],
      [
        "Ana\u0007",
        "30111222",
        // Refused by the contract, before any rule of the performance.
        { "listaFuncion.0.listaDatos.0.cValor": ["controlCharacters"] },
      ],
    ] as const) {
      const { status, json } = await t.call(path(), {
        token: alice,
        body: answers(name, document),
      });
      expect(status, `${name} ${document}`).toBe(400);
      expect(errorData.parse(json.oData).oErrores).toEqual(errors);
    }
    const stored = await db.select().from(processAnswers);
    expect(stored).toEqual([]);
  });

  it("refuses answers for a performance not held or a question not asked", async () => {
    const other = {
      listaFuncion: [
        {
          idFuncion: fx.performances.later.id,
          listaDatos: [{ cCodigo: "INSTITUTION", cValor: "x" }],
        },
        {
          idFuncion: fx.performances.main.id,
          listaDatos: [{ cCodigo: "INSTITUTION", cValor: "Escuela 3" }],
        },
      ],
    };
    const { status, json } = await t.call(path(), { token: alice, body: other });
    expect(status).toBe(400);
    expect(errorData.parse(json.oData).oErrores).toEqual({
      [String(fx.performances.later.id)]: ["performanceNotAsking"],
      [`${fx.performances.main.id}.INSTITUTION`]: ["notAsked"],
    });
    for (const body of [{}, { listaFuncion: [] }, { listaFuncion: [{ idFuncion: "x" }] }, "text"]) {
      expect((await t.call(path(), { token: alice, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("is a 404 for someone else's process, read or answered", async () => {
    expect((await t.call(path(), { token: bob })).status).toBe(404);
    const answered = await t.call(path(), { token: bob, body: answers("Bob", "30111222") });
    expect(answered.status).toBe(404);
    expect(await db.select().from(processAnswers)).toEqual([]);
    expect((await t.call(path())).status).toBe(401);
  });
});
