// The waiting room as buyers meet it (issue 12, decision 0049), JavaScript on and off: a buyer
// who arrives before the sale starts waits in the pre-queue on the waiting page, is let in after
// the start (the page's poll, or its meta refresh without JavaScript) and buys; a buyer with a
// forged admission token is refused; a queue that cannot be asked sends to the billboard.
// Each test queues a performance of its own (chosen from the end of the billboard, which the
// other specs do not buy from) through the staff API as the demo operator, and turns its queue
// off again at the end. axe on every page.
import type { ChildProcess } from "node:child_process";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_QUEUE_SHOW } from "../../commerce/seed/queue.ts";
import { payOnCardForm } from "./bancard-form";
import { closedPort, startSecondStorefront, stopSecondStorefront } from "./second-storefront";
import { expectAccessible, holdGeneralPlaces, signUpByPost, skipSplash } from "./support";

test.describe.configure({ timeout: 150_000 });
test.beforeEach(skipSplash);

/** The demo's operator (commerce/seed/staff.ts), who sets a performance's queue. */
const operator = { cEmail: "operador@demo.ciudad.test", cClave: "Operador2026" };
const THEATRE = 1;
const MUSIC = 2;
/**
 * Shows other specs open by name, and the demo's own queued show (commerce/seed/queue.ts):
 * never queued here.
 */
const namedElsewhere = new Set(["los-inquilinos-del-conventillo", DEMO_QUEUE_SHOW]);

// biome-ignore lint/suspicious/noExplicitAny: the API's answers, read as the contract names them.
type Json = { nCode: number; cMensaje: string; oData: any };

async function apiCall(
  request: APIRequestContext,
  method: "GET" | "POST" | "PUT",
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
) {
  const response = await request.fetch(`/v2${path}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data: body,
  });
  const json = (await response.json()) as Json;
  expect(json.nCode, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json.oData;
}

type OwnPerformance = { id: number; path: string };

/** The tests that take a performance of their own (their `slot`s: 0, 1, 2). */
const slotsInUse = 3;

/**
 * A performance for this test alone: ON_SALE, with general-admission places left, of a theatre
 * or music show from the end of the billboard; `slot` tells the tests (and the two projects)
 * apart so no two share one, and a retry takes another (a queue's start cannot move once it
 * has passed). The list does not depend on what the other tests queued meanwhile.
 */
async function ownPerformance(request: APIRequestContext, slot: number): Promise<OwnPerformance> {
  const { retry, project } = test.info();
  const index = (retry * slotsInUse + slot) * 2 + (project.name === "js-on" ? 0 : 1);
  const shows = (await apiCall(request, "GET", "/EspectaculosCartel")).Lista.filter(
    (show: { idEspectaculoCartelTipo: number; cSeo: string; fPrecioDesde: number | null }) =>
      [THEATRE, MUSIC].includes(show.idEspectaculoCartelTipo) &&
      show.fPrecioDesde !== null &&
      !namedElsewhere.has(show.cSeo),
  );
  const candidates: OwnPerformance[] = [];
  for (const show of shows.reverse()) {
    const { listaFunciones } = await apiCall(request, "GET", `/EspectaculoCartel/${show.cSeo}`);
    for (const performance of listaFunciones) {
      if (performance.cEstado !== "ON_SALE" || performance.nDisponibles < 10) continue;
      const { listaSectores } = await apiCall(request, "GET", `/Funcion/${performance.idFuncion}`);
      const general = listaSectores.some(
        (s: { cTipo: string; nDisponibles: number }) => s.cTipo === "GENERAL" && s.nDisponibles > 0,
      );
      if (!general) continue;
      candidates.push({
        id: performance.idFuncion,
        path: `/funcion/${show.cSeo}/${performance.idFuncion}`,
      });
      if (candidates.length > index) return candidates[index];
    }
  }
  throw new Error("not enough general-admission performances on sale in the demo catalog");
}

async function operatorToken(request: APIRequestContext): Promise<string> {
  return (await apiCall(request, "POST", "/Cliente/Ingreso/Token", { body: operator })).token;
}

type QueueSettings = { on: boolean; saleStartsAt: Date };

async function setQueue(request: APIRequestContext, performanceId: number, q: QueueSettings) {
  await apiCall(request, "PUT", `/Cola/${performanceId}/Configuracion`, {
    token: await operatorToken(request),
    body: {
      lActiva: q.on,
      dInicioVenta: q.saleStartsAt.toISOString(),
      nAdmisionesPorMinuto: 120,
      nMaximoActivos: 50,
      nVentanaCompraSegundos: 900,
    },
  });
}

/**
 * Opens the performance until the gate sends the buyer to the waiting page: the storefront
 * and the API each keep the list of queued performances up to 2 s, so a queue just turned on
 * may take a few seconds to be seen (a buyer let through meanwhile is simply let through).
 */
async function arriveAtWaitingPage(page: Page, performance: OwnPerformance) {
  await expect(async () => {
    await page.goto(performance.path);
    expect(new URL(page.url()).pathname).toBe("/cola");
  }).toPass({ timeout: 20_000 });
}

test("a buyer who arrives early waits in the pre-queue, is let in after the start and buys", async ({
  page,
  request,
}) => {
  const performance = await ownPerformance(request, 0);
  await signUpByPost(page, "queue-early");
  // The sale starts seconds from now: the buyer arrives before it.
  const saleStartsAt = new Date(Date.now() + 20_000);
  await setQueue(request, performance.id, { on: true, saleStartsAt });
  try {
    await arriveAtWaitingPage(page, performance);
    // The ticket went into a cookie: nothing of it stays in the address bar.
    expect(new URL(page.url()).search).toBe(`?qid=${performance.id}`);
    await expect(
      page.getByRole("heading", { level: 1, name: /^Fila virtual para / }),
    ).toBeVisible();
    // The pre-queue: places are drawn at the start, whoever arrived first.
    await expect(page.getByText(/antes de ese momento reciben un lugar al azar/)).toBeVisible();
    await expect(page.getByText("Se sortea al empezar la venta")).toBeVisible();
    await expectAccessible(page);
    const entries = await page.evaluate(() => history.length);

    // After the start: the page's poll (with JavaScript) or its meta refresh (without)
    // shows the turn; with JavaScript it follows the link at once.
    const turn = page.getByRole("link", { name: "Elegir mis lugares" });
    if (test.info().project.use.javaScriptEnabled === false) {
      await expect(page.getByRole("heading", { name: "¡Es tu turno!" })).toBeVisible({
        timeout: 60_000,
      });
      await expectAccessible(page);
      await turn.click();
    }
    // The admission was used and stripped from the address bar: the performance page.
    await expect(page).toHaveURL(new RegExp(`${performance.path}$`), { timeout: 60_000 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // With JavaScript the performance took the waiting page's entry: Back never finds the
    // used turn again (decision 0071). Without it the buyer followed a link: one more entry.
    if (test.info().project.use.javaScriptEnabled !== false) {
      expect(await page.evaluate(() => history.length)).toBe(entries);
    }
    await expectAccessible(page);

    await holdGeneralPlaces(page, 1);
    await expectAccessible(page);
    await payOnCardForm(page, "4111111111111111");
    await expect(page).toHaveURL(/\/BuyTicket\/ok\/\d+$/);
    await expect(page.getByRole("heading", { name: "¡Compra confirmada!" })).toBeVisible();
    await expectAccessible(page);

    // The fairness report after the draw: its long hashes wrap on a phone.
    await page.goto(`/cola/equidad?qid=${performance.id}`);
    await expect(
      page.getByRole("heading", { level: 1, name: /^Equidad de la fila/ }),
    ).toBeVisible();
    await expectAccessible(page);
  } finally {
    // Off again, for any other spec (the start stays: it cannot move once shuffled).
    await setQueue(request, performance.id, { on: false, saleStartsAt });
  }
});

test("a forged admission token is refused: the billboard says why", async ({ page, request }) => {
  const performance = await ownPerformance(request, 1);
  const saleStartsAt = new Date(Date.now() - 60_000);
  await setQueue(request, performance.id, { on: true, saleStartsAt });
  try {
    await signUpByPost(page, "queue-forged");
    // A token made up by the buyer (a real one's shape: payload and signature, base64url).
    const payload = { performanceId: performance.id, entryId: 1, exp: Date.now() + 60_000 };
    const forged = `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${"A".repeat(86)}`;
    // Until the gate sees the queue (up to a few seconds), the token is only dropped.
    await expect(async () => {
      await page.goto(`${performance.path}?colaToken=${forged}`);
      expect(new URL(page.url()).pathname).toBe("/");
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: "no es válido" })).toBeVisible();
    await expectAccessible(page);
  } finally {
    // Off again, for any other spec (the start stays: it cannot move once shuffled).
    await setQueue(request, performance.id, { on: false, saleStartsAt });
  }
});

// ---------------------------------------------------------------- a queue that fails

/**
 * A second storefront on the suite's API whose queue list (QUEUE_LIST_URL) cannot be reached:
 * every gated page fails its queue check.
 */
async function startStorefrontWithDeadQueue(port: number): Promise<ChildProcess> {
  return startSecondStorefront(port, {
    DATA_DIR: "test-results/e2e-data-dead-queue",
    SESSION_SECRET: "e2e-session-secret-dead-queue-01",
    LOG_LEVEL: "silent",
    COMMERCE_API_URL: `http://127.0.0.1:${process.env.E2E_PORT}/v2`,
    QUEUE_LIST_URL: `http://127.0.0.1:${await closedPort()}/colas.json`,
  });
}

test.describe("when the queue cannot be asked", () => {
  let storefront: ChildProcess | undefined;
  let origin = "";

  test.beforeAll(async () => {
    // A free port of the system's: no clash with any other server of the suite.
    const port = await closedPort();
    storefront = await startStorefrontWithDeadQueue(port);
    origin = `http://127.0.0.1:${port}`;
  });

  test.afterAll(async () => {
    await stopSecondStorefront(storefront);
  });

  test("a performance page sends the buyer to the billboard, saying so", async ({
    page,
    request,
  }) => {
    const performance = await ownPerformance(request, 2);
    await signUpByPost(page, "queue-down", origin);
    await page.goto(`${origin}${performance.path}`);
    await expect(page).toHaveURL(`${origin}/`);
    await expect(
      page.getByRole("status").filter({ hasText: "No pudimos consultar la fila virtual" }),
    ).toBeVisible();
    await expectAccessible(page);
  });
});
