// The support contact form on /TechnicalSupport, through the request context.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formPost, runRoute, useCommerce } from "~/testing/route-harness";
import type { Database } from "../../commerce/db/client.ts";
import { resetDatabase, testDatabase } from "../../commerce/testing/harness.ts";
import * as staticPage from "./static-page";

let db: Database;
beforeAll(async () => {
  db = (await testDatabase()).db;
});
beforeEach(async () => {
  await resetDatabase(db);
  useCommerce(db);
});

const message = {
  cTipo: "CONSULTA",
  cNombre: "Ana García",
  cEmail: "ana@example.com",
  cMensaje: "¿Hay funciones el domingo?\r\nGracias.",
};

type Reply = {
  init: ResponseInit | null;
  data: { result: { error?: Record<string, string[]>; initialValue?: Record<string, string> } };
};

describe("the contact form", () => {
  it("sends a message, line breaks included", async () => {
    const { result } = await runRoute(staticPage.action, formPost("/TechnicalSupport", message));
    const reply = result as unknown as Reply & { data: { sentId: number } };
    expect(reply.init?.status ?? 200).toBe(200);
    expect(reply.data.sentId).toBeGreaterThan(0);
  });

  it("refuses a control character with a 400 naming the field, keeping what was typed", async () => {
    const typed = { ...message, cNombre: "Ana\u0000García" };
    const { result, thrown } = await runRoute(
      staticPage.action,
      formPost("/TechnicalSupport", typed),
    );
    expect(thrown).toBeUndefined();
    const reply = result as unknown as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ cNombre: ["controlCharacters"] });
    expect(reply.data.result.initialValue?.cMensaje).toBe(message.cMensaje);
  });
});
