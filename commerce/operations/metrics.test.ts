// The metrics a scraper reads after real work through the API: places held and given back,
// orders, payments by the acquirer's answer, bookings, a waiting room's length and
// admissions, and requests by route pattern; the answer parses as Prometheus's text format.
// The registry is the process's: each test compares before and after.
import { Hono } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import { apiRouteOf } from "../http/request-log.ts";
import { queueOccupancy } from "../queue/occupancy.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { grantStaffRole, readyToPay, testCard } from "../testing/harness.ts";
import { parsePrometheusText, type Sample, sampleValue } from "../testing/prometheus.ts";
import { admissionPass, join, minutesFromNow, queueOn, waitPolling } from "../testing/queue.ts";
import { requestMetrics } from "./http-metrics.ts";
import { createLifecycle } from "./lifecycle.ts";
import { watchQueues } from "./metrics.ts";
import { operationsEndpoints } from "./routes.ts";

const api = setUpApiTests({ customers: ["ana", "bruno", "operator"] });

/** The API behind the request metrics and the operator's endpoints, as a server has them. */
function server() {
  const lifecycle = createLifecycle();
  lifecycle.ready();
  const routeOf = (c: { req: { method: string; path: string } }) =>
    apiRouteOf(c.req.method, c.req.path);
  const app = new Hono();
  app.use(operationsEndpoints(lifecycle, { production: false }));
  app.use(requestMetrics(routeOf));
  app.all("*", (c) => api.t.api.fetch(c.req.raw));
  return app;
}

async function scrape(): Promise<Sample[]> {
  const answer = await server().request("/metrics");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return parsePrometheusText(await answer.text());
}

/** How much each named series moved during `work`. */
async function moved(series: Array<[string, Record<string, string>?]>, work: () => Promise<void>) {
  const before = await scrape();
  await work();
  const after = await scrape();
  return series.map(
    ([name, labels]) => sampleValue(after, name, labels) - sampleValue(before, name, labels),
  );
}

const general = () => ({
  idFuncion: api.fx.performances.main.id,
  listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 2 }],
});

const pay = (processId: number, token: string, card: string, key: string) =>
  api.t.call(`/Proceso/${processId}/Cobrar`, {
    token,
    language: "en",
    body: { cClaveIdempotencia: key, nCuotas: 1, oTarjeta: testCard(card) },
  });

describe("the shop's counters", () => {
  it("count places held and given back, orders and payments by outcome", async () => {
    const [held, released, orders, approved, declined] = await moved(
      [
        ["shop_places_held_total"],
        ["shop_places_released_total"],
        ["shop_orders_total"],
        ["shop_payments_total", { outcome: "approved" }],
        ["shop_payments_total", { outcome: "declined" }],
      ],
      async () => {
        // Ana takes two places, gives them back, takes two again and pays.
        const first = await readyToPay(api.t, api.tokens.ana, general());
        const given = await api.t.call(`/Proceso/${first}/Posiciones/SoltarFuncion`, {
          token: api.tokens.ana,
          body: { idFuncion: api.fx.performances.main.id },
        });
        expect(given.json.nCode).toBe(200);
        const second = await readyToPay(api.t, api.tokens.ana, general());
        expect(
          (await pay(second, api.tokens.ana, "4242424242424242", "metrics-ok-1")).json.nCode,
        ).toBe(200);
        // Bruno's card is declined: no order.
        const bruno = await readyToPay(api.t, api.tokens.bruno, general());
        const refused = await pay(bruno, api.tokens.bruno, "4000000000000002", "metrics-no-1");
        expect(refused.json.oData?.cCodigo).toBe("PAYMENT_DECLINED");
        // The same key again is the stored answer, not another charge.
        await pay(second, api.tokens.ana, "4242424242424242", "metrics-ok-1");
      },
    );
    expect({ held, released, orders, approved, declined }).toEqual({
      held: 6,
      released: 2,
      orders: 1,
      approved: 1,
      declined: 1,
    });
  });

  it("count a booking once, when it is opened", async () => {
    const [bookings, held] = await moved(
      [["shop_bookings_total"], ["shop_places_held_total"]],
      async () => {
        const opened = await api.t.call("/Proceso/0/Posiciones/TomarReservaPorFuncion", {
          token: api.tokens.ana,
          body: { ...general(), lAceptaCondiciones: true },
        });
        expect(opened.json.nCode, JSON.stringify(opened.json)).toBe(200);
        const id = opened.json.oData.idProcesoDeCompra as number;
        // More places in the same booking: not another booking.
        const more = await api.t.call(`/Proceso/${id}/Posiciones/TomarReservaPorFuncion`, {
          token: api.tokens.ana,
          body: { ...general(), lAceptaCondiciones: true },
        });
        expect(more.json.nCode, JSON.stringify(more.json)).toBe(200);
      },
    );
    expect({ bookings, held }).toEqual({ bookings: 1, held: 4 });
  });

  it("do not count places of a take that was rolled back", async () => {
    const [first, second] = api.fx.seatIds;
    const takeSeats = (token: string, seats: number[]) =>
      api.t.call("/Proceso/0/Posiciones/Tomar", {
        token,
        body: { idFuncion: api.fx.performances.main.id, listaPosiciones: seats },
      });
    const [held] = await moved([["shop_places_held_total"]], async () => {
      expect((await takeSeats(api.tokens.bruno, [first])).json.nCode).toBe(200);
      // Ana's second seat is held inside her transaction, then rolled back with it.
      const refused = await takeSeats(api.tokens.ana, [second, first]);
      expect(refused.json.oData?.cCodigo).toBe("SEAT_TAKEN");
    });
    expect(held).toBe(1);
  });
});

describe("the waiting room's figures", () => {
  beforeEach(async () => {
    await grantStaffRole(api.db, "operator@example.com", "OPERATOR");
    watchQueues(() => queueOccupancy(api.db));
  });

  it("show the queue's length, who is inside, and count admissions", async () => {
    const main = api.fx.performances.main.id;
    const performance = String(main);
    await queueOn(api.t, api.tokens.operator, main, {
      dInicioVenta: minutesFromNow(api.t, 1),
      nAdmisionesPorMinuto: 60,
    });
    const ana = await join(api.t, api.tokens.ana, main);
    const bruno = await join(api.t, api.tokens.bruno, main);
    await admissionPass(api.t);
    const waiting = await scrape();
    expect(sampleValue(waiting, "shop_queue_waiting", { performance })).toBe(2);
    expect(sampleValue(waiting, "shop_queue_active", { performance })).toBe(0);

    const [admitted] = await moved([["shop_queue_admissions_total", { performance }]], () =>
      // Shuffled at 60 s, then one a second.
      waitPolling(api.t, 65, [ana.entryId, bruno.entryId]),
    );
    expect(admitted).toBe(2);
    // The gauges are read at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const inside = await scrape();
    expect(sampleValue(inside, "shop_queue_waiting", { performance })).toBe(0);
    expect(sampleValue(inside, "shop_queue_active", { performance })).toBe(2);
  });
});

describe("the requests", () => {
  it("are counted and timed by the contract's route pattern, never the path's ids", async () => {
    const app = server();
    const before = await scrape();
    const first = await app.request(`/v2/Funcion/${api.fx.performances.main.id}`);
    const second = await app.request("/v2/Funcion/999999");
    expect([first.status, second.status]).toEqual([200, 404]);
    const after = await scrape();
    const route = "/v2/Funcion/{id}";
    const count = (status: string) =>
      sampleValue(after, "http_requests_total", { method: "GET", route, status }) -
      sampleValue(before, "http_requests_total", { method: "GET", route, status });
    expect([count("200"), count("404")]).toEqual([1, 1]);
    const timed = (samples: Sample[]) =>
      sampleValue(samples, "http_request_duration_seconds_count", { method: "GET", route });
    expect(timed(after) - timed(before)).toBe(2);
    expect(
      after.some((sample) => Object.values(sample.labels).includes("/v2/Funcion/999999")),
    ).toBe(false);
  });
});
