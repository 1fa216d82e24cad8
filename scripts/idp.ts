// A real OpenID provider on this machine (oidc-provider), for trying the shop's external login
// (LOGIN_MODE=external) and for its end-to-end tests: one registered client (the shop), a
// few test people, a login form that works without JavaScript, the end-session round trip,
// and an account page (OIDC_ACCOUNT_URL) with a link back to the shop.
//
//   npm run idp            (PORT=4000, SHOP_ORIGIN=http://127.0.0.1:3000 by default)
//
// Not a production identity provider: in-memory sessions, keys made at each start, a fixed
// client secret printed on purpose.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import Provider, { type Account, type KoaContextWithOIDC } from "oidc-provider";

export const idpClientId = "city-ticket-shop";
export const idpClientSecret = "local-idp-secret-for-development-only";

type Person = { password: string; claims: Record<string, string | boolean> };

/** Test people: one the provider knows everything of (with the document), one without it. */
export const idpPeople: Record<string, Person> = {
  ana: {
    password: "Ana12345",
    claims: {
      given_name: "Ana",
      family_name: "Pérez",
      name: "Ana Pérez",
      email: "ana.perez@ciudad.example",
      email_verified: true,
      gender: "female",
      document_type: "DNI",
      document_number: "30111222",
    },
  },
  bruno: {
    password: "Bruno12345",
    claims: {
      given_name: "Bruno",
      family_name: "Díaz",
      name: "Bruno Díaz",
      email: "bruno.diaz@ciudad.example",
      email_verified: true,
    },
  },
};

/**
 * Anyone else may log in with this password as a new person without a document (named after
 * the user name), so each test run can make a first login of its own.
 */
export const idpNewcomerPassword = "Nuevo12345";

function personFor(login: string): Person | null {
  if (Object.hasOwn(idpPeople, login)) return idpPeople[login];
  if (!/^[a-z0-9-]{3,40}$/.test(login)) return null;
  return {
    password: idpNewcomerPassword,
    claims: {
      given_name: login,
      family_name: "Prueba",
      name: `${login} Prueba`,
      email: `${login}@ciudad.example`,
      email_verified: true,
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1c1917}
label{display:block;margin-top:1rem}input{display:block;width:100%;padding:.5rem;font-size:1rem}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;background:#1d4ed8;color:#fff;border:0}
.error{color:#b91c1c}a{color:#1d4ed8}</style></head>
<body><main>${body}</main></body></html>`;
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
  });
  res.end(html);
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 10_000) break;
  }
  return new URLSearchParams(text);
}

function loginPage(uid: string, error?: string, login = "") {
  return page(
    "Cuenta de la Ciudad: ingresar",
    `<h1>Cuenta de la Ciudad</h1>
<p>Ingresá con tu usuario de la Ciudad.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="login">Usuario</label><input id="login" name="login" autocomplete="username" required value="${escapeHtml(login)}">
<label for="password">Contraseña</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Ingresar</button>
</form>`,
  );
}

export type IdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accountUrl: string;
  close(): Promise<void>;
};

export async function startIdentityProvider(options: {
  port: number;
  host?: string;
  /** Origins of the shops that may use it (their /loginRedirect and / are registered). */
  shopOrigins: string[];
  /** Another client than the shop's usual one (tests of ids and secrets with `:` or `-`). */
  client?: { id: string; secret: string };
}): Promise<IdentityProvider> {
  const client = options.client ?? { id: idpClientId, secret: idpClientSecret };
  const host = options.host ?? "127.0.0.1";
  const issuer = `http://${host}:${options.port}`;
  const signingKey = {
    ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
    kid: randomBytes(6).toString("hex"),
    use: "sig",
    alg: "RS256",
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        client_name: "Entradas BA",
        redirect_uris: options.shopOrigins.map((origin) => `${origin}/loginRedirect`),
        post_logout_redirect_uris: options.shopOrigins.map((origin) => `${origin}/endSession`),
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    pkce: { required: () => true },
    // Seconds; short, as for a development provider.
    ttl: {
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    // The profile and the document travel in the ID token, where the shop's API checks them.
    conformIdTokenClaims: false,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name", "gender", "document_type", "document_number"],
    },
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const person = personFor(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person.claims }) };
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    // The shop is the city's own client: no consent screen, its scopes are granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        accountId: session.accountId,
        clientId: client.clientId,
      });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // The confirmation posts itself with JavaScript (the shop's hidden frame); without
        // JavaScript the visitor presses the one button, and the round trip goes on.
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.body = page(
            "Cuenta de la Ciudad: cerrar sesión",
            `<h1>Cerrar la sesión de la Ciudad</h1>
${form.replace("</form>", '<input type="hidden" name="logout" value="yes"></form>')}
<button type="submit" form="op.logoutForm">Cerrar sesión</button>
<script>document.getElementById("op.logoutForm").submit()</script>`,
          );
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.body = page(
            "Cuenta de la Ciudad: sesión cerrada",
            "<h1>Sesión cerrada</h1><p>Cerraste la sesión de tu cuenta de la Ciudad.</p>",
          );
        },
      },
    },
  });
  const oidc = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string[]) {
    const [uid, action] = path;
    let details: Awaited<ReturnType<Provider["interactionDetails"]>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(
        res,
        400,
        page(
          "Sesión vencida",
          "<h1>El ingreso venció</h1><p>Volvé a la tienda e intentá otra vez.</p>",
        ),
      );
    }
    if (details.uid !== uid) return send(res, 400, page("Error", "<h1>Ingreso desconocido</h1>"));
    if (req.method === "POST" && action === "login") {
      const form = await formOf(req);
      const login = (form.get("login") ?? "").trim().toLowerCase();
      const person = personFor(login);
      if (!person || form.get("password") !== person.password) {
        return send(res, 200, loginPage(uid, "Usuario o contraseña incorrectos.", login));
      }
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
    }
    if (details.prompt.name === "login") return send(res, 200, loginPage(uid));
    return send(res, 400, page("Error", "<h1>Paso no previsto</h1>"));
  }

  async function account(req: IncomingMessage, res: ServerResponse, url: URL) {
    const session = await provider.Session.get(provider.createContext(req, res));
    const back = url.searchParams.get("back") ?? "";
    const backLink = options.shopOrigins.some((origin) => back.startsWith(`${origin}/`))
      ? `<p><a href="${escapeHtml(back)}">Volver a la tienda</a></p>`
      : "";
    const person = session.accountId ? personFor(session.accountId) : null;
    if (!person) {
      return send(
        res,
        200,
        page("Cuenta de la Ciudad", `<h1>Cuenta de la Ciudad</h1><p>No ingresaste.</p>${backLink}`),
      );
    }
    const rows = Object.entries(person.claims)
      .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(String(value))}</dd>`)
      .join("");
    send(
      res,
      200,
      page(
        "Cuenta de la Ciudad: mis datos",
        `<h1>Mis datos en la Ciudad</h1><dl>${rows}</dl>${backLink}`,
      ),
    );
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const path = url.pathname.split("/").filter(Boolean);
    const handled =
      path[0] === "interaction"
        ? interaction(req, res, path.slice(1))
        : url.pathname === "/account"
          ? account(req, res, url)
          : null;
    if (!handled) return oidc(req, res);
    handled.catch(() => {
      if (!res.headersSent) send(res, 500, page("Error", "<h1>Error</h1>"));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  return {
    issuer,
    clientId: client.id,
    clientSecret: client.secret,
    accountUrl: `${issuer}/account`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.PORT ?? 4000);
  const shopOrigins = (process.env.SHOP_ORIGIN ?? "http://127.0.0.1:3000")
    .split(",")
    .map((origin) => new URL(origin.trim()).origin);
  const idp = await startIdentityProvider({ port, shopOrigins });
  process.stdout.write(
    [
      `Local identity provider at ${idp.issuer} for ${shopOrigins.join(", ")}`,
      `People: ${Object.entries(idpPeople)
        .map(([login, p]) => `${login} / ${p.password}`)
        .join(", ")};`,
      `anyone else: any user name with the password ${idpNewcomerPassword} (no document).`,
      "Start the shop in external mode with:",
      `  LOGIN_MODE=external OIDC_ISSUER=${idp.issuer} OIDC_CLIENT_ID=${idp.clientId} \\`,
      `  OIDC_CLIENT_SECRET=${idp.clientSecret} OIDC_ACCOUNT_URL=${idp.accountUrl} npm run dev`,
      "",
    ].join("\n"),
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => idp.close().then(() => process.exit(0)));
  }
}
