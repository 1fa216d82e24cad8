// The operator's endpoints on the storefront's port (server/app.ts with `operations`):
// pages get a translated 503 until the server is ready (no build is even asked for), the
// probes answer meanwhile, and /metrics is never public there: 404 in production without
// METRICS_TOKEN, 401 without the token when it is set.
import type { ServerBuild } from "react-router";
import { expect, it } from "vitest";
import { createLifecycle } from "../commerce/operations/lifecycle.ts";
import type { MetricsAccess } from "../commerce/operations/routes.ts";
import { createStorefrontApp } from "./app.ts";

function storefront(metrics: MetricsAccess) {
  const lifecycle = createLifecycle();
  let builds = 0;
  const app = createStorefrontApp({
    mode: "production",
    build: async (): Promise<ServerBuild> => {
      builds += 1;
      throw new Error("no build in this test");
    },
    operations: { lifecycle, metrics },
  });
  return { app, lifecycle, builds: () => builds };
}

it("answers pages with a translated 503 while starting, and the probes meanwhile", async () => {
  const { app, builds } = storefront({ production: true });
  const page = await app.request("http://shop.test/funcion/obra/1", {
    headers: { "Accept-Language": "pt-BR,pt;q=0.9" },
  });
  expect(page.status).toBe(503);
  expect(page.headers.get("x-request-id")).toBeTruthy();
  expect(page.headers.get("content-security-policy")).toBeTruthy();
  const html = await page.text();
  expect(html).toContain('<html lang="pt">');
  expect(html).toContain("O serviço não está disponível no momento.");
  expect(builds()).toBe(0);
  expect((await app.request("http://shop.test/healthz")).status).toBe(200);
  expect(await (await app.request("http://shop.test/readyz")).json()).toEqual({
    status: "starting",
  });
});

it("keeps /metrics off the public port", async () => {
  const closed = storefront({ production: true }).app;
  expect((await closed.request("http://shop.test/metrics")).status).toBe(404);
  const token = "storefront-metrics-token-0123456";
  const guarded = storefront({ production: true, token });
  guarded.lifecycle.ready();
  expect((await guarded.app.request("http://shop.test/metrics")).status).toBe(401);
  const scraped = await guarded.app.request("http://shop.test/metrics", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(scraped.status).toBe(200);
  expect(await scraped.text()).toContain("# TYPE shop_orders_total counter");
});
