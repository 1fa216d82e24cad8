// The queue gate (spec §4, decision 0049) in the loaders of /funcion/{cSeo}/{id},
// /funcion?idFuncion= and /funcionTienda, against the embedded API of a test database: a
// queued performance sends to the waiting page with the waiting ticket, the admission token
// lets in once and leaves the address bar, a forged one and any failure go to the billboard
// with their notice; a hold without a pass shows the API's translated refusal.
import { beforeEach, describe, expect, it } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import {
  forgetQueueList,
  queueTokenRefusedNotice,
  queueUnavailableNotice,
} from "~/services/queue-gate.server";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { type Buyer, createBuyer } from "~/testing/shop-buyer";
import { storefrontFetch } from "../../commerce/http/client-address.ts";
import { entryById } from "../../commerce/queue/entries.ts";
import { admissionTokenOf } from "../../commerce/queue/turn.ts";
import { grantStaffRole, type TestApi } from "../../commerce/testing/harness.ts";
import { productsFixture } from "../../commerce/testing/products-fixture.ts";
import { join, minutesFromNow, queueOn, waitPolling } from "../../commerce/testing/queue.ts";
import { i18nFor } from "../services/i18n.server";
import * as performancePage from "./performance/route";
import * as shopPerformance from "./shop-performance";

type ProductsFixture = Awaited<ReturnType<typeof productsFixture>>;

let t: TestApi;
let fx: ProductsFixture;
let ana: Buyer;
let operator: Buyer;
const api = setUpRouteTests({ fixture: productsFixture });
beforeEach(async () => {
  ({ t } = api);
  fx = api.fx as ProductsFixture;
  forgetQueueList();
  ana = await createBuyer(api.db, t.clock, "ana");
  operator = await createBuyer(api.db, t.clock, "operator");
  await grantStaffRole(api.db, "operator@example.com", "OPERATOR");
});

const mainId = () => fx.performances.main.id;
const pagePath = (query = "") => `/funcion/obra-de-prueba/${mainId()}${query}`;
const params = () => ({ cSeo: "obra-de-prueba", id: String(mainId()) });

async function openPage(query = "") {
  return runRoute(performancePage.loader, pageGet(pagePath(query), await ana.cookie()), params());
}

const locationOf = (thrown: unknown) => (thrown as Response).headers.get("Location");

async function noticeOf(setCookie: string | null) {
  const session = await sessionStorage.getSession(setCookie?.split(";")[0]);
  return session.get("notice");
}

/** The queue on for the main performance, its sale starting `minutes` from now. */
const queueMain = (minutes: number) =>
  queueOn(t, operator.token, mainId(), { dInicioVenta: minutesFromNow(t, minutes) });

/** Ana joined before the start and let in after it: the token the waiting page hands her. */
async function anaAdmitted() {
  await queueMain(1);
  const ticket = await join(t, ana.token, mainId());
  await waitPolling(t, 62, [ticket.entryId]);
  const entry = await entryById(api.db, ticket.entryId);
  if (entry?.state !== "admitted") throw new Error(`ana was not let in: ${entry?.state}`);
  return admissionTokenOf(t.deps, entry);
}

describe("the performance page behind a queue", () => {
  it("opens as before when the performance has no queue", async () => {
    const { result, thrown } = await openPage();
    expect(thrown).toBeUndefined();
    expect(result?.showName).toBe("Obra de Prueba");
  });

  it("sends an early buyer to the waiting page, with the waiting ticket and no personal data", async () => {
    await queueMain(30);
    const { thrown } = await openPage("?vista=lista");
    const response = thrown as Response;
    expect(response.status).toBe(302);
    // A whole-document visit: the waiting page is not one of the storefront's routes.
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    const location = new URL(locationOf(thrown) ?? "", "http://shop.test");
    expect(location.pathname).toBe("/cola");
    expect(location.searchParams.get("qid")).toBe(String(mainId()));
    const ticket = location.searchParams.get("turno") ?? "";
    expect(ticket.length).toBeGreaterThan(20);
    expect(location.search).not.toContain("ana");
    // The same place when she comes back: the ticket names the same entry.
    const again = new URL(locationOf((await openPage()).thrown) ?? "", "http://shop.test");
    expect(again.searchParams.get("qid")).toBe(String(mainId()));
  });

  it("lets an admitted buyer in once, taking the token out of the address bar", async () => {
    const token = await anaAdmitted();
    const used = await openPage(`?vista=lista&colaToken=${encodeURIComponent(token)}`);
    expect(locationOf(used.thrown)).toBe(pagePath("?vista=lista"));
    // With her pass live, the page opens.
    const { result, thrown } = await openPage("?vista=lista");
    expect(thrown).toBeUndefined();
    expect(result?.view).toBe("list");
  });

  it("refuses a forged or replayed token: the billboard, saying why", async () => {
    const token = await anaAdmitted();
    const forged = `${token.slice(0, -4)}AAAA`;
    const refused = await openPage(`?colaToken=${encodeURIComponent(forged)}`);
    expect(locationOf(refused.thrown)).toBe("/");
    expect(await noticeOf(refused.setCookie)).toBe(queueTokenRefusedNotice);
    // Used once, then tried by someone else (bruno, who has no pass): refused as well.
    expect(locationOf((await openPage(`?colaToken=${encodeURIComponent(token)}`)).thrown)).toBe(
      pagePath(),
    );
    const bruno = await createBuyer(api.db, t.clock, "bruno");
    const replayed = await runRoute(
      performancePage.loader,
      pageGet(pagePath(`?colaToken=${encodeURIComponent(token)}`), await bruno.cookie()),
      params(),
    );
    expect(locationOf(replayed.thrown)).toBe("/");
    expect(await noticeOf(replayed.setCookie)).toBe(queueTokenRefusedNotice);
  });

  it("drops a token left in the address of a performance no longer queued", async () => {
    const { thrown } = await openPage("?colaToken=anything&vista=lista");
    expect(locationOf(thrown)).toBe(pagePath("?vista=lista"));
  });

  it("checks /funcion?idFuncion= before moving it to the performance's own address", async () => {
    await queueMain(30);
    const { thrown } = await runRoute(
      performancePage.loader,
      pageGet(`/funcion?idFuncion=${mainId()}`, await ana.cookie()),
    );
    expect(locationOf(thrown)).toMatch(new RegExp(`^/cola\\?qid=${mainId()}&turno=`));
  });
});

describe("when the queue cannot be asked", () => {
  /** The embedded API, except that calls whose path matches `broken` cannot be reached. */
  function breakCalls(broken: RegExp) {
    const reach = storefrontFetch(t.api.fetch);
    registerEmbeddedCommerce((request) => {
      if (broken.test(new URL(request.url).pathname)) throw new Error("connection refused");
      return reach(request);
    });
  }

  it("an unreachable list sends to the billboard with a notice", async () => {
    breakCalls(/\/v2\/Colas$/);
    const { thrown, setCookie } = await openPage();
    expect(locationOf(thrown)).toBe("/");
    expect(await noticeOf(setCookie)).toBe(queueUnavailableNotice);
  });

  it("an unreachable turn call sends to the billboard with a notice", async () => {
    await queueMain(30);
    breakCalls(/\/v2\/Cola\/\d+$/);
    const { thrown, setCookie } = await openPage();
    expect(locationOf(thrown)).toBe("/");
    expect(await noticeOf(setCookie)).toBe(queueUnavailableNotice);
  });
});

describe("the shop's product page behind a queue", () => {
  const productPath = () => `/funcionTienda?idFuncion=${fx.cap.sale.id}`;

  it("is gated like a performance", async () => {
    const { result, thrown } = await runRoute(
      shopPerformance.loader,
      pageGet(productPath(), await ana.cookie()),
    );
    expect(thrown).toBeUndefined();
    expect(result?.performance.idFuncion).toBe(fx.cap.sale.id);

    await queueOn(t, operator.token, fx.cap.sale.id, { dInicioVenta: minutesFromNow(t, 30) });
    // The list this node read a moment ago is kept 2 s: as if they had passed.
    forgetQueueList();
    const queued = await runRoute(
      shopPerformance.loader,
      pageGet(productPath(), await ana.cookie()),
    );
    expect(locationOf(queued.thrown)).toMatch(new RegExp(`^/cola\\?qid=${fx.cap.sale.id}&turno=`));
  });
});

describe("a hold without a pass", () => {
  it("shows the API's translated refusal on the performance page, with a 403", async () => {
    // The sale has started; the page was opened before the queue was on (an old tab).
    await queueMain(-1);
    const { result } = await runRoute(
      performancePage.action,
      formPost(pagePath(), { [`qty-${fx.sectors.general.id}`]: "1" }, await ana.cookie()),
      params(),
    );
    const refusal = result as unknown as { init: ResponseInit; data: { error: string } };
    expect(refusal.init.status).toBe(403);
    expect(refusal.data.error).toBe(i18nFor("en").t("errors:QUEUE_PASS_REQUIRED"));
  });
});
