// Shared pages' copies for visitors with a session (decision 0058): the root's middleware in
// its order, around a stand-in render that shows the header's name as the root loader does.
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { pageCacheHeader } from "~/lib/page-cache";
import { runMiddleware, sessionCookie, shopOrigin } from "~/testing/route-harness";
import { type Buyer, createBuyer, setUpHeldPurchase } from "~/testing/shop-buyer";
import { i18nMiddleware } from "./i18n.server";
import { nameTokenOf, type PageCopiesOptions, pageCopiesMiddleware } from "./page-copies.server";
import { getRequestContext, requestContextMiddleware } from "./request-context.server";
import { requestInfoContext } from "./request-info.server";

const held = setUpHeldPurchase();
let clock = 0;
beforeEach(() => {
  clock = 1_000_000;
});

type Rendered = { url: string; name: string; state: string };

/** A storefront whose every page shows the header's name in markup and in its data. */
function storefront(options: Partial<PageCopiesOptions> = {}) {
  const copies = pageCopiesMiddleware({ ttlMs: 1000, now: () => clock, ...options });
  const renders: Rendered[] = [];
  let shared = true;
  let status = 200;
  let nameInScript = false;
  let forgetsUser = false;
  const render = (context: RouterContextProvider, url: string, nonce: string) => {
    const shop = getRequestContext({ context });
    const name = shop.user ? (nameTokenOf(context) ?? shop.user.cNombre) : "";
    // As when the API refuses the visitor's login mid-render.
    if (forgetsUser) shop.session.unset("user");
    renders.push({ url, name, state: shop.user ? "member" : "guest" });
    const data = JSON.stringify(JSON.stringify(["name", name]));
    const html = [
      `<html><head><script nonce="${nonce}">${nameInScript ? `var who = "${name}";` : ""}</script></head><body>`,
      `<header>${shop.user ? `Hello, ${name}` : "Log in"}</header><main>${url}</main>`,
      `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${data});</script>`,
      "</body></html>",
    ].join("");
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (shared) headers.set(pageCacheHeader, "anonymous");
    return new Response(html, { status, headers });
  };

  async function get(path: string, cookie?: string, { dataRequest = false } = {}) {
    const request = new Request(`${shopOrigin}${path}`, {
      headers: { ...(cookie ? { Cookie: cookie } : {}), "Accept-Language": "en" },
    });
    const context = new RouterContextProvider();
    const nonce = `nonce${Math.random().toString(36).slice(2)}`;
    context.set(requestInfoContext, { requestId: "r", nonce, dataRequest });
    const args = {
      request,
      params: {},
      context,
      url: new URL(request.url),
      pattern: path.startsWith("/landing/") ? "/landing/:cSeo" : (path.split("?")[0] ?? "/"),
    };
    const response = await runMiddleware(i18nMiddleware, args, () =>
      runMiddleware(requestContextMiddleware, args, () =>
        runMiddleware(copies, args, async () => render(context, path, nonce)),
      ),
    );
    const html = await response.text();
    return { response, html, nonce };
  }

  return {
    get,
    renders,
    stopSharing: () => {
      shared = false;
    },
    answerWith: (code: number) => {
      status = code;
    },
    putNameInScript: () => {
      nameInScript = true;
    },
    forgetUserWhileRendering: () => {
      forgetsUser = true;
    },
  };
}

let ana: Buyer;
let bea: Buyer;
beforeEach(async () => {
  ana = held.buyer;
  bea = await createBuyer(held.api.db, held.api.t.clock, "Bea O'Neil & <Co>");
});

describe("copies of shared pages for visitors with a session", () => {
  it("renders a shared page once and gives each visitor their own name and nonce", async () => {
    const shop = storefront();
    const anaCookie = await ana.cookie();
    const beaCookie = await bea.cookie();
    // The first render tells that the page is shared; the second makes the copy.
    await shop.get("/", anaCookie);
    const made = await shop.get("/", anaCookie);
    const forBea = await shop.get("/", beaCookie);
    const forAna = await shop.get("/", anaCookie);
    expect(shop.renders.length).toBe(2);
    expect(shop.renders[1]?.name).toMatch(/^shopname[0-9a-f]{24}$/);
    expect(made.html).toContain("Hello, ana</header>");
    expect(forBea.html).toContain("Hello, Bea O&#x27;Neil &amp; &lt;Co&gt;</header>");
    expect(forBea.html).toContain(
      JSON.stringify(JSON.stringify(["name", "Bea O'Neil & <Co>"]))
        .replace(/&/g, "\\u0026")
        .replace(/</g, "\\u003c")
        .replace(/>/g, "\\u003e"),
    );
    expect(forAna.html).toContain("Hello, ana</header>");
    for (const answer of [made, forBea, forAna]) {
      expect(answer.html).not.toContain("shopname");
      expect([...answer.html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])).toEqual([
        answer.nonce,
        answer.nonce,
      ]);
      expect(answer.response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("keeps a copy per address and header state, for its lifetime only", async () => {
    const shop = storefront();
    const member = await ana.cookie();
    const withAlias = await sessionCookie({
      user: {
        token: ana.token,
        cNombre: "ana",
        cEmail: "ana@example.com",
        dLogin: new Date().toISOString(),
        lAlias: true,
      },
    });
    const guest = await sessionCookie({ sid: "a-visitor-who-logged-out" });
    await shop.get("/", member);
    for (const cookie of [member, withAlias, guest, member, withAlias, guest]) {
      await shop.get("/", cookie);
    }
    await shop.get("/?pagina=2", member);
    await shop.get("/?pagina=2", member);
    expect(shop.renders.map((render) => `${render.url} ${render.state}`)).toEqual([
      "/ member",
      "/ member",
      "/ member",
      "/ guest",
      "/?pagina=2 member",
    ]);
    clock += 1000;
    await shop.get("/", member);
    expect(shop.renders.length).toBe(6);
  });

  it("lets visitors who arrive while a copy is made wait for it", async () => {
    const shop = storefront();
    const anaCookie = await ana.cookie();
    const beaCookie = await bea.cookie();
    await shop.get("/", anaCookie);
    const answers = await Promise.all([
      shop.get("/", anaCookie),
      shop.get("/", beaCookie),
      shop.get("/", anaCookie),
    ]);
    expect(shop.renders.length).toBe(2);
    expect(answers.map((answer) => /Hello, ([^<]*)</.exec(answer.html)?.[1])).toEqual([
      "ana",
      "Bea O&#x27;Neil &amp; &lt;Co&gt;",
      "ana",
    ]);
  });

  it("renders as before a header with more than a name in it", async () => {
    const shop = storefront();
    const clerk = await createBuyer(held.api.db, held.api.t.clock, "clerk", { boxClerk: true });
    const door = await createBuyer(held.api.db, held.api.t.clock, "door", { doorStaff: true });
    const cookies = [
      // A purchase running: the cart and its clock.
      held.cookie,
      held.cookie,
      // A one-time notice, or the greeting after a login.
      await ana.cookie({ __flash_notice__: "layout:notices.sessionDisconnected" } as never),
      await clerk.cookie(),
      await clerk.cookie(),
      await door.cookie(),
      await door.cookie(),
    ];
    await shop.get("/", await ana.cookie());
    for (const cookie of cookies) await shop.get("/", cookie);
    expect(shop.renders.length).toBe(1 + cookies.length);
    expect(shop.renders.slice(1).every((render) => !render.name.startsWith("shopname"))).toBe(true);
  });

  it("serves a copy to a visitor whose purchase has ended", async () => {
    const shop = storefront();
    const ended = await ana.cookie({ processId: held.processId + 1000 });
    await shop.get("/", ended);
    await shop.get("/", ended);
    const answer = await shop.get("/", ended);
    expect(shop.renders.length).toBe(2);
    expect(answer.html).toContain("Hello, ana</header>");
  });

  it("never renders a token for a route that has not said it is shared, nor for data", async () => {
    const shop = storefront();
    shop.stopSharing();
    const cookie = await ana.cookie();
    for (let index = 0; index < 3; index++) await shop.get("/login", cookie);
    expect(shop.renders.map((render) => render.name)).toEqual(["ana", "ana", "ana"]);
    const data = storefront();
    for (let index = 0; index < 3; index++) await data.get("/", cookie, { dataRequest: true });
    expect(data.renders.map((render) => render.name)).toEqual(["ana", "ana", "ana"]);
  });

  it("fills in, but does not keep, another answer of a shared route", async () => {
    const shop = storefront();
    const cookie = await ana.cookie();
    await shop.get("/landing/x", cookie);
    shop.answerWith(404);
    const missing = await shop.get("/landing/y", cookie);
    expect(missing.response.status).toBe(404);
    expect(missing.html).toContain("Hello, ana</header>");
    await shop.get("/landing/y", cookie);
    expect(shop.renders.length).toBe(3);
  });

  it("sends the visitor back for a plain render when the name sits in an unknown script", async () => {
    const shop = storefront();
    const cookie = await ana.cookie();
    await shop.get("/?pagina=1", cookie);
    shop.putNameInScript();
    const refused = await shop.get("/?pagina=1", cookie);
    expect(refused.response.status).toBe(303);
    expect(refused.response.headers.get("location")).toBe("/?pagina=1");
    expect(refused.html).toBe("");
    const again = await shop.get("/?pagina=1", cookie);
    expect(again.html).toContain('var who = "ana";');
    expect(shop.renders.map((render) => render.name.startsWith("shopname"))).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("does not keep a render that changed the visitor's session", async () => {
    const shop = storefront();
    const cookie = await ana.cookie();
    await shop.get("/", cookie);
    shop.forgetUserWhileRendering();
    const changed = await shop.get("/", cookie);
    expect(changed.html).toContain("Hello, ana</header>");
    expect(changed.response.headers.get("set-cookie")).toContain("__session=");
    await shop.get("/", cookie);
    expect(shop.renders.length).toBe(3);
  });

  it("is off with no lifetime", async () => {
    const shop = storefront({ ttlMs: 0 });
    const cookie = await ana.cookie();
    for (let index = 0; index < 3; index++) await shop.get("/", cookie);
    expect(shop.renders.map((render) => render.name)).toEqual(["ana", "ana", "ana"]);
  });
});
