import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxBodyBytes } from "../app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { createTestApi, testDatabase } from "../testing/harness.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe("request size", () => {
  it("refuses a body over the limit with a translated 413 before reading it", async () => {
    const t = createTestApi(database.db);
    const huge = JSON.stringify({ cEmail: "a@b.co", cClave: "x".repeat(maxBodyBytes) });
    const { status, json } = await t.call("/Cliente/Ingreso/Token", {
      body: huge,
      language: "en",
    });
    expect(status).toBe(413);
    expect(json.nCode).toBe(413);
    expect(json.cMensaje).toBeTruthy();
    expect(json.oData).toEqual({ cCodigo: "VALIDATION", oErrores: { _: ["bodyTooLarge"] } });
  });

  it("lets an ordinary body through", async () => {
    const t = createTestApi(database.db);
    const { status, json } = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: "nobody@example.com", cClave: "Secreta123" },
    });
    expect(status).toBe(200);
    expect(json.oData.cCodigo).toBe("BAD_CREDENTIALS");
  });
});
