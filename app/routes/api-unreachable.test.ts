// With the commerce API out of reach, every form says so in the buyer's language (spec §8:
// 'A communication error has occurred with the server'), never with the raw error text, and
// keeps what was typed (passwords aside).
import { beforeEach, describe, expect, it } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import { formPost, runRoute, signUpFormFields } from "~/testing/route-harness";
import * as login from "./login";
import * as signUp from "./sign-up";

const unreachable = "fetch failed: connect ECONNREFUSED 127.0.0.1:3100";

beforeEach(() => {
  registerEmbeddedCommerce(async () => {
    throw new TypeError(unreachable);
  });
});

type Reply = {
  init: ResponseInit;
  data: { error: Record<string, string[]>; initialValue: Record<string, string> };
};

function inSpanish(request: Request) {
  request.headers.set("Accept-Language", "es-AR");
  return request;
}

describe("forms while the API cannot be reached", () => {
  it("login: 503 with the translated communication error, the e-mail kept", async () => {
    const form = { cEmail: "ana@example.com", cClave: "Secreta123", redirectTo: "/" };
    const { result } = await runRoute(login.action, formPost("/login", form));
    const reply = result as unknown as Reply;
    expect(reply.init.status).toBe(503);
    expect(reply.data.error[""]).toEqual(["A communication error has occurred with the server"]);
    expect(JSON.stringify(reply)).not.toContain("fetch failed");
    expect(reply.data.initialValue.cEmail).toBe("ana@example.com");
    expect(reply.data.initialValue.cClave).toBeUndefined();
  });

  it("login in Spanish says it in Spanish", async () => {
    const form = { cEmail: "ana@example.com", cClave: "Secreta123", redirectTo: "/" };
    const { result } = await runRoute(login.action, inSpanish(formPost("/login", form)));
    expect((result as unknown as Reply).data.error[""]).toEqual([
      "Ocurrió un error de comunicación con el servidor",
    ]);
  });

  it("sign-up: 503 with the translated communication error", async () => {
    const form = signUpFormFields();
    const { result } = await runRoute(signUp.action, formPost("/signUp", form));
    const reply = result as unknown as Reply;
    expect(reply.init.status).toBe(503);
    expect(reply.data.error[""]).toEqual(["A communication error has occurred with the server"]);
    expect(JSON.stringify(reply)).not.toContain("fetch failed");
  });
});
