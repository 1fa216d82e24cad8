// The OpenID Connect strategy against a provider played by msw (its token endpoint): the
// authorization request carries PKCE (S256), state and nonce; the checks travel in the signed
// flow cookie with the wanted path (made safe); the return is accepted only with the same
// state, and the ID token only with the same nonce, and the code is exchanged with the verifier.
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import * as oidc from "openid-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ExternalLoginFailed,
  externalLoginScope,
  flowCookie,
  formEncodedClientSecretBasic,
  loggedOutCookie,
  OpenIdConnectStrategy,
  readFlowChecks,
} from "./external-login.server";
import { log } from "./log.server";

const issuer = "https://login.city.test";
const clientId = "shop";
const key = generateKeyPairSync("rsa", { modulusLength: 2048 });
const configuration = new oidc.Configuration(
  {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    end_session_endpoint: `${issuer}/session/end`,
  },
  clientId,
  "secret",
);

let issued: { nonce?: string; verifierSeen?: string | null } = {};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
function idToken(nonce: string | undefined, claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const header = b64({ alg: "RS256", kid: "k1" });
  const payload = b64({
    iss: issuer,
    aud: clientId,
    sub: "person-1",
    iat: now,
    exp: now + 600,
    nonce,
    ...claims,
  });
  const signature = sign("sha256", Buffer.from(`${header}.${payload}`), key.privateKey);
  return `${header}.${payload}.${signature.toString("base64url")}`;
}
const provider = setupServer(
  http.post(`${issuer}/token`, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    issued.verifierSeen = form.get("code_verifier");
    return HttpResponse.json({
      access_token: "at",
      token_type: "Bearer",
      id_token: idToken(issued.nonce),
      expires_in: 600,
    });
  }),
  http.get(`${issuer}/jwks`, () =>
    HttpResponse.json({
      keys: [{ ...key.publicKey.export({ format: "jwk" }), kid: "k1", use: "sig" }],
    }),
  ),
);
beforeAll(() => provider.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  provider.resetHandlers();
  issued = {};
});
afterAll(() => provider.close());

const seen: Array<{ idToken: string; redirectTo: string }> = [];
const strategy = new OpenIdConnectStrategy(
  async () => configuration,
  async (params) => {
    seen.push({ idToken: params.idToken, redirectTo: params.redirectTo });
    return params.redirectTo;
  },
);

async function start(redirectTo: string, shopCookie?: string) {
  const thrown = await strategy
    .authenticate(
      new Request(`http://shop.test/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
        headers: shopCookie ? { Cookie: shopCookie } : {},
      }),
    )
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  const location = new URL(response.headers.get("Location") ?? "");
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  return { location, cookie };
}

function callback(cookie: string, params: Record<string, string>) {
  const search = new URLSearchParams(params);
  return strategy.authenticate(
    new Request(`http://shop.test/loginRedirect?${search}`, { headers: { Cookie: cookie } }),
  );
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("starting the login", () => {
  it("asks for the code with PKCE S256, state, nonce and the scope, back to /loginRedirect", async () => {
    const { location, cookie } = await start("/myOrders");
    expect(location.origin + location.pathname).toBe(`${issuer}/auth`);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: clientId,
      response_type: "code",
      scope: externalLoginScope,
      redirect_uri: "http://shop.test/loginRedirect",
      code_challenge_method: "S256",
    });
    const checks = await readFlowChecks(
      new Request("http://shop.test/", { headers: { Cookie: cookie } }),
    );
    expect(checks).not.toBeNull();
    expect(query.state).toBe(checks?.state);
    expect(query.nonce).toBe(checks?.nonce);
    expect(query.code_challenge).toBe(
      createHash("sha256")
        .update(checks?.codeVerifier ?? "")
        .digest("base64url"),
    );
    expect(checks?.redirectTo).toBe("/myOrders");
    // The verifier never leaves the shop's signed cookie.
    expect(location.href).not.toContain(checks?.codeVerifier);
  });

  it("draws new checks at every start", async () => {
    const first = await start("/");
    const second = await start("/");
    expect(first.location.searchParams.get("state")).not.toBe(
      second.location.searchParams.get("state"),
    );
    expect(first.location.searchParams.get("nonce")).not.toBe(
      second.location.searchParams.get("nonce"),
    );
  });

  it("after a logout (its cookie), asks the provider to prompt: the next login is not silent", async () => {
    const plain = await start("/");
    expect(plain.location.searchParams.get("prompt")).toBeNull();
    const loggedOut = (await loggedOutCookie.serialize(true)).split(";")[0];
    const after = await start("/", loggedOut);
    expect(after.location.searchParams.get("prompt")).toBe("login");
  });

  it("keeps only a same-site wanted path", async () => {
    for (const unsafe of ["//evil.test/x", "https://evil.test/", "/\\evil.test"]) {
      const { cookie } = await start(unsafe);
      const checks = await readFlowChecks(
        new Request("http://shop.test/", { headers: { Cookie: cookie } }),
      );
      expect(checks?.redirectTo).toBe("/");
    }
  });
});

describe("coming back", () => {
  it("exchanges the code with the verifier and restores the wanted path", async () => {
    const { location, cookie } = await start("/BuyTicket/5?idFuncion=3");
    const checks = await readFlowChecks(
      new Request("http://shop.test/", { headers: { Cookie: cookie } }),
    );
    issued.nonce = checks?.nonce;
    const state = location.searchParams.get("state") ?? "";
    const user = await callback(cookie, { code: "c1", state, iss: issuer });
    expect(user).toBe("/BuyTicket/5?idFuncion=3");
    expect(issued.verifierSeen).toBe(checks?.codeVerifier);
    expect(seen.at(-1)?.idToken.split(".")).toHaveLength(3);
  });

  it("refuses another state (a forged or crossed return) before any code is exchanged", async () => {
    const { cookie } = await start("/myOrders");
    const error = await failure(callback(cookie, { code: "c1", state: "forged", iss: issuer }));
    expect(error).toBeInstanceOf(ExternalLoginFailed);
    expect((error as ExternalLoginFailed).reason).toBe("refused");
    expect(issued.verifierSeen).toBeUndefined();
  });

  it("refuses an ID token with another nonce (a replayed token)", async () => {
    const { location, cookie } = await start("/myOrders");
    issued.nonce = "someone-elses-nonce";
    const state = location.searchParams.get("state") ?? "";
    const error = await failure(callback(cookie, { code: "c1", state, iss: issuer }));
    expect((error as ExternalLoginFailed).reason).toBe("refused");
  });

  it("refuses a return without the flow cookie, or with one not signed by the shop", async () => {
    const none = await failure(callback("", { code: "c1", state: "s" }));
    expect((none as ExternalLoginFailed).reason).toBe("flow");
    const planted = `__login_flow=${b64({ state: "s", nonce: "n", codeVerifier: "v", redirectTo: "/" })}`;
    const forged = await failure(callback(planted, { code: "c1", state: "s", iss: issuer }));
    expect((forged as ExternalLoginFailed).reason).toBe("flow");
  });

  it("an error from the provider (the person said no) is a refusal", async () => {
    const { location, cookie } = await start("/myOrders");
    const state = location.searchParams.get("state") ?? "";
    const error = await failure(callback(cookie, { error: "access_denied", state, iss: issuer }));
    expect((error as ExternalLoginFailed).reason).toBe("refused");
  });

  it("the flow cookie is short-lived and httpOnly", async () => {
    const serialized = await flowCookie.serialize({ state: "s" });
    expect(serialized).toMatch(/Max-Age=600/);
    expect(serialized).toMatch(/HttpOnly/);
    expect(serialized).toMatch(/SameSite=Lax/);
  });
});

describe("why a return was refused, in the log", () => {
  /** The warnings logged while `run` goes, as one text and as calls. */
  async function warningsOf(run: () => Promise<unknown>) {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      await failure(run());
      return { calls: warn.mock.calls, text: JSON.stringify(warn.mock.calls) };
    } finally {
      warn.mockRestore();
    }
  }

  const refusal = (calls: unknown[][]) => calls.map(([fields]) => fields);

  it("a forged state, a foreign nonce, the provider's error, no flow cookie: each by its name", async () => {
    const forged = await start("/myOrders");
    const stateCase = await warningsOf(() =>
      callback(forged.cookie, { code: "code-never-logged", state: "forged-state", iss: issuer }),
    );
    expect(refusal(stateCase.calls)).toEqual([
      expect.objectContaining({ event: "external_login_refused", reason: "state" }),
    ]);
    expect(stateCase.text).not.toContain("forged-state");
    expect(stateCase.text).not.toContain("code-never-logged");

    const replay = await start("/myOrders");
    issued.nonce = "someone-elses-nonce";
    const nonceCase = await warningsOf(() =>
      callback(replay.cookie, {
        code: "code-never-logged",
        state: replay.location.searchParams.get("state") ?? "",
        iss: issuer,
      }),
    );
    expect(refusal(nonceCase.calls)).toEqual([expect.objectContaining({ reason: "nonce" })]);
    expect(nonceCase.text).not.toContain("someone-elses-nonce");
    expect(nonceCase.text).not.toContain(replay.location.searchParams.get("state"));

    const denied = await start("/myOrders");
    const deniedCase = await warningsOf(() =>
      callback(denied.cookie, {
        error: "access_denied",
        error_description: "ana.perez@ciudad.example said no",
        state: denied.location.searchParams.get("state") ?? "",
        iss: issuer,
      }),
    );
    expect(refusal(deniedCase.calls)).toEqual([
      expect.objectContaining({ reason: "provider_error", providerError: "access_denied" }),
    ]);
    expect(deniedCase.text).not.toContain("ana.perez");

    const flowCase = await warningsOf(() => callback("", { code: "c1", state: "s" }));
    expect(refusal(flowCase.calls)).toEqual([expect.objectContaining({ reason: "flow" })]);
  });

  it("a refused code at the token endpoint: its error code and status", async () => {
    provider.use(
      http.post(`${issuer}/token`, () =>
        HttpResponse.json(
          { error: "invalid_grant", error_description: "code expired" },
          { status: 400 },
        ),
      ),
    );
    const { location, cookie } = await start("/");
    const { calls } = await warningsOf(() =>
      callback(cookie, {
        code: "code-never-logged",
        state: location.searchParams.get("state") ?? "",
        iss: issuer,
      }),
    );
    expect(refusal(calls)).toEqual([
      expect.objectContaining({
        reason: "token_error",
        providerError: "invalid_grant",
        status: 400,
      }),
    ]);
  });

  it("an ID token for another client or from another issuer", async () => {
    for (const [claims, reason] of [
      [{ aud: "another-shop" }, "audience"],
      [{ iss: "https://other.test" }, "issuer"],
    ] as const) {
      provider.use(
        http.post(`${issuer}/token`, () =>
          HttpResponse.json({
            access_token: "at",
            token_type: "Bearer",
            id_token: idToken(issued.nonce, claims),
          }),
        ),
      );
      const { location, cookie } = await start("/");
      const checks = await readFlowChecks(
        new Request("http://shop.test/", { headers: { Cookie: cookie } }),
      );
      issued.nonce = checks?.nonce;
      const { calls } = await warningsOf(() =>
        callback(cookie, {
          code: "c",
          state: location.searchParams.get("state") ?? "",
          iss: issuer,
        }),
      );
      expect(refusal(calls)).toEqual([expect.objectContaining({ reason })]);
      provider.resetHandlers();
    }
  });
});

describe("client_secret_basic", () => {
  it("form-encodes the id and the secret before base64 (RFC 6749 §2.3.1), leaving '-' as it is", () => {
    const headers = new Headers();
    formEncodedClientSecretBasic("s3cr3t:with-colon%and+plus ")(
      { issuer },
      { client_id: "city-shop:ba" },
      new URLSearchParams(),
      headers,
    );
    const [scheme, credentials] = (headers.get("Authorization") ?? "").split(" ");
    expect(scheme).toBe("Basic");
    expect(Buffer.from(credentials, "base64").toString()).toBe(
      "city-shop%3Aba:s3cr3t%3Awith-colon%25and%2Bplus+",
    );
  });
});
