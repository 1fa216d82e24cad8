// The external login against two real OpenID provider implementations started here: the
// bundled one (oidc-provider, scripts/idp.ts) and oauth2-mock-server. Against each, the
// storefront's strategy runs the whole flow (discovery, authorization with PKCE, the code
// exchange with client_secret_basic) and the API's own verifier checks the ID token with the
// provider's published keys; then the logout's end-session request, and a login after it.
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idTokenVerifier } from "../../commerce/customers/id-token.ts";
import { type IdentityProvider, idpPeople, startIdentityProvider } from "../../scripts/idp.ts";
import {
  ExternalLoginFailed,
  endSessionUrlOf,
  loggedOutCookie,
  OpenIdConnectStrategy,
  providerConfiguration,
} from "./external-login.server";

const host = "127.0.0.1";
const bundledPort = 4361;
const mockPort = 4362;
/** The shop as the providers know it; nothing listens there, the tests play the browser. */
const shop = `http://${host}:4363`;

/** A browser's cookies for one site: enough for the providers' own sessions. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, value = ""] = pair.split("=");
      const expired = attributes.some((part) => /expires=thu, 01 jan 1970/i.test(part.trim()));
      if (!value || expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }
}

type Provider = {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Fills the provider's login form, when it shows one. */
  logIn?: (page: string, pageUrl: URL) => { action: URL; form: URLSearchParams } | null;
};

/** oidc-provider's login form (scripts/idp.ts), filled in as Ana. */
function bundledLoginForm(page: string, pageUrl: URL) {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) return null;
  const form = new URLSearchParams({ login: "ana", password: idpPeople.ana.password });
  return { action: new URL(action, pageUrl), form };
}

/**
 * Follows the provider's pages from the authorization request until it sends the browser back
 * to the shop; whether it asked for the password on the way.
 */
async function throughProvider(provider: Provider, start: URL, jar: CookieJar) {
  let url = start;
  let init: RequestInit = {};
  let askedForPassword = false;
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, Cookie: jar.header() },
    });
    jar.keep(response);
    init = {};
    const location = response.headers.get("Location");
    if (location) {
      url = new URL(location, url);
      if (url.origin === shop) return { callback: url, askedForPassword };
      continue;
    }
    const filled = provider.logIn?.(await response.text(), url);
    if (response.status !== 200 || !filled) {
      throw new Error(`${provider.name} stopped at ${url.pathname} (${response.status})`);
    }
    askedForPassword = true;
    url = filled.action;
    init = {
      method: "POST",
      body: filled.form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error(`${provider.name} never sent the browser back`);
}

const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0];

/** The ID tokens the API accepted, and the API's verdicts, per test. */
function shopFor(provider: Provider) {
  const verifyIdToken = idTokenVerifier({
    issuer: provider.issuer,
    audience: provider.clientId,
    now: () => new Date(),
  });
  const accepted: string[] = [];
  const configuration = providerConfiguration({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    accountUrl: `${provider.issuer}/account`,
  });
  const strategy = new OpenIdConnectStrategy(configuration, async ({ idToken }) => {
    const identity = await verifyIdToken(idToken);
    if (!identity) throw new ExternalLoginFailed("refused");
    accepted.push(idToken);
    return identity.subject;
  });

  /** /login, the provider's pages, /loginRedirect: the subject the shop logged in. */
  async function logIn(jar: CookieJar, shopCookies: string[] = []) {
    const started = await strategy
      .authenticate(
        new Request(`${shop}/login?redirectTo=%2FmyOrders`, {
          headers: { Cookie: shopCookies.join("; ") },
        }),
      )
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expect(started).toBeInstanceOf(Response);
    const response = started as Response;
    const authorization = new URL(response.headers.get("Location") ?? "");
    const flow = cookiePair(response.headers.get("Set-Cookie"));
    const { callback, askedForPassword } = await throughProvider(provider, authorization, jar);
    const subject = await strategy.authenticate(
      new Request(callback, { headers: { Cookie: flow } }),
    );
    return { subject, askedForPassword, authorization };
  }

  return { logIn, accepted, configuration };
}

const kidOf = (token: string | undefined) =>
  JSON.parse(Buffer.from((token ?? "").split(".")[0], "base64url").toString()).kid as string;

let bundled: IdentityProvider;
let bundledOddClient: IdentityProvider;
const mock = new OAuth2Server();

beforeAll(async () => {
  bundled = await startIdentityProvider({ port: bundledPort, host, shopOrigins: [shop] });
  // The same implementation with a client whose id and secret need form-encoding.
  bundledOddClient = await startIdentityProvider({
    port: bundledPort + 3,
    host,
    shopOrigins: [shop],
    client: { id: "city-shop:ba", secret: "s3cr3t:with-colon%and+plus" },
  });
  await mock.issuer.keys.generate("RS256");
  // Its own default names the issuer "localhost" whatever address it listens on.
  mock.issuer.url = `http://${host}:${mockPort}`;
  await mock.start(mockPort, host);
});

afterAll(async () => {
  await Promise.all([bundled?.close(), bundledOddClient?.close(), mock.stop()]);
});

const providers = (): Provider[] => [
  {
    name: "oidc-provider",
    issuer: bundled.issuer,
    clientId: bundled.clientId,
    clientSecret: bundled.clientSecret,
    logIn: bundledLoginForm,
  },
  {
    name: "oauth2-mock-server",
    issuer: `http://${host}:${mockPort}`,
    // oauth2-mock-server takes any client: the id names the ID token's audience as the
    // provider read it from the Basic credentials, without decoding them.
    clientId: "city-ticket-shop",
    clientSecret: "mock-secret",
  },
];

describe.each(["oidc-provider", "oauth2-mock-server"])("the login against %s", (name) => {
  const provider = () => {
    const found = providers().find((candidate) => candidate.name === name);
    if (!found) throw new Error(name);
    return found;
  };

  it("logs in: the code exchanged with a client id that has a '-', the ID token verified by the API", async () => {
    const { logIn, accepted } = shopFor(provider());
    const { subject, authorization } = await logIn(new CookieJar());
    expect(subject).toBe(name === "oidc-provider" ? "ana" : "johndoe");
    expect(accepted).toHaveLength(1);
    expect(authorization.searchParams.get("prompt")).toBeNull();
  });

  it("the end-session request is accepted, and sends the browser back to the shop", async () => {
    const { configuration } = shopFor(provider());
    const url = new URL(endSessionUrlOf(await configuration(), provider().clientId, shop));
    const jar = new CookieJar();
    let response = await fetch(url, { redirect: "manual" });
    jar.keep(response);
    expect(response.status).toBeLessThan(400);
    if (response.status === 200) {
      // oidc-provider confirms with a form of its own (posted by script in a browser).
      const page = await response.text();
      const action = /<form[^>]* action="([^"]+)"/.exec(page)?.[1] ?? "";
      const fields = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)];
      response = await fetch(new URL(action, url), {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams(fields.map(([, field, value]) => [field, value])),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: jar.header(),
        },
      });
    }
    expect(response.headers.get("Location")).toBe(`${shop}/endSession?state=done`);
  });
});

describe("key rotation", () => {
  it("a login right after the provider starts signing with a new key goes through", async () => {
    const provider = providers()[1];
    const { logIn, accepted } = shopFor(provider);
    await logIn(new CookieJar());
    const before = kidOf(accepted.at(-1));
    const rotated = await mock.issuer.keys.generate("RS256");
    expect(rotated.kid).not.toBe(before);
    // The mock signs with its keys in turn (the access token, then the ID token): the next ID
    // token has the new key, which the API has not seen yet.
    await logIn(new CookieJar());
    expect(kidOf(accepted.at(-1))).toBe(rotated.kid);
    expect(accepted).toHaveLength(2);
  });

  it("tokens naming made-up keys cannot make the API fetch the keys more than a few times", async () => {
    const provider = providers()[1];
    let keyFetches = 0;
    const verify = idTokenVerifier({
      issuer: provider.issuer,
      audience: provider.clientId,
      now: () => new Date(),
      onRefused: () => {},
      fetch: (input, init) => {
        if (String(input).endsWith("/jwks")) keyFetches++;
        return fetch(input, init);
      },
    });
    // Signed by the provider's own key, naming another key id when told to.
    const token = (kid?: string) =>
      mock.issuer.buildToken({
        scopesOrTransform: (header, payload) => {
          if (kid) header.kid = kid;
          Object.assign(payload, { sub: "someone", aud: provider.clientId });
        },
      });
    expect(await verify(await token())).not.toBeNull();
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(await verify(await token(`made-up-${attempt}`))).toBeNull();
    }
    expect(keyFetches).toBeLessThanOrEqual(1 + 3);
  });
});

describe("client credentials that need form-encoding", () => {
  it("an id with ':' and a secret with ':', '%' and '+' log in at a provider that decodes them", async () => {
    const { logIn } = shopFor({
      name: "oidc-provider (odd client)",
      issuer: bundledOddClient.issuer,
      clientId: bundledOddClient.clientId,
      clientSecret: bundledOddClient.clientSecret,
      logIn: bundledLoginForm,
    });
    expect((await logIn(new CookieJar())).subject).toBe("ana");
  });
});

describe("a login after a logout", () => {
  it("is not silent: the provider's session that outlived the logout asks for the password", async () => {
    const { logIn } = shopFor(providers()[0]);
    const jar = new CookieJar();
    expect((await logIn(jar)).askedForPassword).toBe(true);
    // Still logged in at the provider: a login without the logout's mark is silent…
    expect((await logIn(jar)).askedForPassword).toBe(false);
    // …and after the shop's logout (its cookie), the provider is asked to prompt.
    const loggedOut = cookiePair(await loggedOutCookie.serialize(true));
    const after = await logIn(jar, [loggedOut]);
    expect(after.authorization.searchParams.get("prompt")).toBe("login");
    expect(after.askedForPassword).toBe(true);
    expect(after.subject).toBe("ana");
  });
});
