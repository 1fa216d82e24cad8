// The API's rate limits as the storefront's forms show them (issue 7): login, sign-up and
// the contact form answer 429 with Retry-After, the API's translated message in the form's
// error summary, and what was typed kept (passwords aside). Logins are refused per address,
// never to an owner whose address has not failed (issue 29 §5). The buyer's address reaches the
// API from the header the storefront's server sets (server/app.ts).
import { beforeEach, describe, expect, it } from "vitest";
import {
  formPost,
  noCatalog,
  runRoute,
  setUpRouteTests,
  signUpFormFields,
} from "~/testing/route-harness";
import { parseRateLimits } from "../../commerce/limits/rate-limits.ts";
import { signUp, TEST_PASSWORD, type TestApi } from "../../commerce/testing/harness.ts";
import * as login from "./login";
import * as signUpRoute from "./sign-up";
import * as staticPage from "./static-page";

let t: TestApi;
// Low limits, so a few posts reach them.
const api = setUpRouteTests({
  fixture: noCatalog,
  api: () => ({
    rateLimits: parseRateLimits(
      "login.pair=3/15,login.account=2/15,signUp.address=2/60,contact.address=2/60",
    ),
  }),
});
beforeEach(() => {
  ({ t } = api);
});

/** A form post as the storefront's server hands it on: with the buyer's address. */
function postFrom(address: string, path: string, fields: Record<string, string>) {
  const request = formPost(path, fields);
  request.headers.set("X-Client-Address", address);
  return request;
}

type Reply = {
  init: { status: number; headers?: Record<string, string> };
  data: { error: Record<string, string[]>; initialValue: Record<string, string> };
};

function expectTooMany(result: unknown) {
  const reply = result as Reply;
  expect(reply.init.status).toBe(429);
  expect(Number(reply.init.headers?.["Retry-After"])).toBeGreaterThan(0);
  expect(reply.data.error[""]).toEqual([
    expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
  ]);
  return reply.data.initialValue;
}

describe("rate limits in the storefront's forms", () => {
  it("login: 429 after an address's failed logins into the account, e-mail kept, password not", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 3; i++) {
      const wrong = await runRoute(
        login.action,
        postFrom("203.0.113.5", "/login", { cEmail: email, cClave: "Equivocada9" }),
      );
      expect((wrong.result as Reply).init.status).toBe(401);
    }
    const { result, setCookie } = await runRoute(
      login.action,
      postFrom("203.0.113.5", "/login", { cEmail: email, cClave: TEST_PASSWORD }),
    );
    const kept = expectTooMany(result);
    expect(kept.cEmail).toBe(email);
    expect(kept.cClave).toBeUndefined();
    expect(setCookie).toBeNull();
  });

  it("login: failures from elsewhere do not lock the owner out; past a few of their own, they are told why in their language", async () => {
    const { email } = await signUp(t);
    const post = (address: string, cClave: string, language = "en") => {
      const request = postFrom(address, "/login", { cEmail: email, cClave });
      request.headers.set("Accept-Language", language);
      return runRoute(login.action, request);
    };
    for (let i = 0; i < 3; i++) await post("198.51.100.1", "Equivocada9");
    const owner = await post("203.0.113.6", TEST_PASSWORD);
    expect((owner.thrown as Response).status).toBe(302);
    expect(owner.setCookie).not.toBeNull();

    const told = {
      es: /^Hubo demasiados intentos fallidos de ingresar a esta cuenta desde otros lugares\. Volvé a intentarlo en \d+ minutos?, o elegí una contraseña nueva con el código que te enviamos por correo/,
      en: /^This account has had too many failed logins from elsewhere\. Please try again in \d+ minutes?, or choose a new password with the code we mail you/,
      pt: /^Esta conta teve muitas tentativas de entrada sem sucesso a partir de outros lugares\. Tente novamente em \d+ minutos? ou escolha uma nova senha com o código que enviamos por e-mail/,
    };
    for (const [i, [language, message]] of Object.entries(told).entries()) {
      const address = `192.0.2.${i + 1}`;
      for (let j = 0; j < 3; j++) await post(address, "Equivocada9", language);
      const { result } = await post(address, TEST_PASSWORD, language);
      const reply = result as Reply;
      expect(reply.init.status).toBe(429);
      expect(reply.data.error[""]).toEqual([expect.stringMatching(message)]);
    }
  });

  it("sign-up: 429 past the address's sign-ups, what was typed kept; another address goes on", async () => {
    const form = () => signUpFormFields();
    for (let i = 0; i < 2; i++) {
      const { thrown } = await runRoute(
        signUpRoute.action,
        postFrom("198.51.100.9", "/signUp", form()),
      );
      expect((thrown as Response).status).toBe(302);
    }
    const third = form();
    const { result } = await runRoute(
      signUpRoute.action,
      postFrom("198.51.100.9", "/signUp", third),
    );
    const kept = expectTooMany(result);
    expect(kept).toMatchObject({
      cNombre: "Ana",
      cEmail: third.cEmail,
      cNumeroDocumento: third.cNumeroDocumento,
    });
    expect(kept.cClave).toBeUndefined();

    const elsewhere = await runRoute(
      signUpRoute.action,
      postFrom("198.51.100.10", "/signUp", form()),
    );
    expect((elsewhere.thrown as Response).status).toBe(302);
  });

  it("contact form: 429 past the address's messages, the message kept", async () => {
    const message = (i: number) => ({
      cTipo: "CONSULTA",
      cNombre: "Ana",
      cEmail: `ana${i}@example.com`,
      cMensaje: `¿A qué hora abre la boletería? (${i})`,
    });
    for (let i = 0; i < 2; i++) {
      const { result } = await runRoute(
        staticPage.action,
        postFrom("192.0.2.44", "/TechnicalSupport", message(i)),
      );
      expect((result as { data: { sentId: number } }).data.sentId).toBeGreaterThan(0);
    }
    const { result } = await runRoute(
      staticPage.action,
      postFrom("192.0.2.44", "/TechnicalSupport", message(3)),
    );
    const reply = result as { init: Reply["init"]; data: { result: Reply["data"]; sentId: null } };
    expect(reply.data.sentId).toBeNull();
    expect(expectTooMany({ init: reply.init, data: reply.data.result })).toMatchObject(message(3));
  });
});
