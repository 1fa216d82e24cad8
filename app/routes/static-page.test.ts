// The support contact form on /TechnicalSupport, through the request context.
import { describe, expect, it } from "vitest";
import { formPost, noCatalog, runRoute, setUpRouteTests } from "~/testing/route-harness";
import * as staticPage from "./static-page";

// Each test gets the embedded API of an emptied database (no catalog needed).
setUpRouteTests({ fixture: noCatalog });
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
