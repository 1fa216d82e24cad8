// A storefront on a remote API serves the posters the API names (/v2/Imagenes/<file>) from
// that API, and nothing else of it.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { remoteImages, remoteImagesPath } from "./remote-images.ts";

function storefrontWith(send: (request: Request) => Promise<Response>) {
  const asked: string[] = [];
  const app = new Hono();
  app.on(
    ["GET", "HEAD"],
    remoteImagesPath,
    remoteImages("http://api.internal:3100/v2/", (request) => {
      asked.push(`${request.method} ${request.url} cookie=${request.headers.get("cookie")}`);
      return send(request);
    }),
  );
  return { app, asked };
}

const svg = () =>
  new Response("<svg/>", {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=600",
      etag: '"p1"',
      "set-cookie": "x=1",
    },
  });

describe("the API's images through a storefront on a remote API", () => {
  it("answers a poster with the API's file and cache headers, without the buyer's cookie", async () => {
    const { app, asked } = storefrontWith(async () => svg());
    const answer = await app.request("/v2/Imagenes/obra-de-prueba.svg", {
      headers: { cookie: "__session=secret" },
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("<svg/>");
    expect(answer.headers.get("content-type")).toBe("image/svg+xml");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=600");
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(asked).toEqual([
      "GET http://api.internal:3100/v2/Imagenes/obra-de-prueba.svg cookie=null",
    ]);
  });

  it("passes a 404 on and says 502 when the API cannot be reached", async () => {
    const missing = storefrontWith(async () => new Response("no", { status: 404 }));
    expect((await missing.app.request("/v2/Imagenes/nada.svg")).status).toBe(404);
    const down = storefrontWith(async () => {
      throw new TypeError("fetch failed");
    });
    expect((await down.app.request("/v2/Imagenes/obra.svg")).status).toBe(502);
  });

  it("never reaches another API path", async () => {
    const { app, asked } = storefrontWith(async () => svg());
    for (const path of [
      "/v2/Imagenes/..%2FCliente",
      "/v2/Imagenes/%2e%2e",
      "/v2/Imagenes/.env",
      "/v2/Imagenes/a%2Fb.svg",
      "/v2/Cliente/Datos",
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
    expect((await app.request("/v2/Imagenes/obra.svg", { method: "POST" })).status).toBe(404);
    expect(asked).toEqual([]);
  });
});
