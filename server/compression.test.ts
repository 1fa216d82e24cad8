import { gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chosenEncoding, compressResponses } from "./compression.ts";

const page = `<!doctype html><p>${"Entradas para la ciudad. ".repeat(400)}</p>`;

function appAnswering(answer: () => Response) {
  const app = new Hono();
  app.use(compressResponses());
  app.all("*", answer);
  return app;
}

const html = (headers: Record<string, string> = {}) =>
  new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

describe("chosenEncoding", () => {
  it("takes gzip or deflate as the client weighs them, gzip on a tie", () => {
    expect(chosenEncoding("gzip, deflate, br")).toBe("gzip");
    expect(chosenEncoding("deflate")).toBe("deflate");
    expect(chosenEncoding("gzip;q=0.5, deflate")).toBe("deflate");
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding("GZIP ; q=1")).toBe("gzip");
  });

  it("answers plain when nothing usable is accepted", () => {
    for (const header of [undefined, "", "br", "identity", "gzip;q=0", "*;q=0", "gzip;q=x"]) {
      expect(chosenEncoding(header)).toBeNull();
    }
  });
});

describe("compressResponses", () => {
  it("compresses a page the client accepts gzip for, and says it varies by encoding", async () => {
    const answer = await appAnswering(() => html()).request("/", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(answer.headers.get("Content-Encoding")).toBe("gzip");
    expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    expect(answer.headers.get("Content-Length")).toBeNull();
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(page);
    // Not the default level's bytes: the level chosen for CPU is in force.
    expect(bytes.length).not.toBe(gzipSync(page).length);
  });

  it("compresses with deflate when only that is accepted", async () => {
    const answer = await appAnswering(() => html()).request("/", {
      headers: { "Accept-Encoding": "deflate" },
    });
    expect(answer.headers.get("Content-Encoding")).toBe("deflate");
    expect(inflateSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(page);
  });

  it("leaves alone what must not or need not be compressed", async () => {
    const cases: Array<[string, () => Response, RequestInit?]> = [
      ["no Accept-Encoding", () => html()],
      ["a small body", () => html({ "Content-Length": "20" })],
      ["an image", () => new Response(page, { headers: { "Content-Type": "image/png" } })],
      ["no-transform", () => html({ "Cache-Control": "public, no-transform" })],
      ["already encoded", () => html({ "Content-Encoding": "br" })],
      ["HEAD", () => html(), { method: "HEAD" }],
    ];
    for (const [name, answer, init] of cases) {
      const headers: Record<string, string> =
        name === "no Accept-Encoding" ? {} : { "Accept-Encoding": "gzip" };
      const response = await appAnswering(answer).request("/", { headers, ...init });
      expect(response.headers.get("Content-Encoding"), name).not.toBe("gzip");
    }
  });

  it("keeps the other Vary values and weakens a strong ETag", async () => {
    const answer = await appAnswering(() => html({ Vary: "Cookie", ETag: '"abc"' })).request("/", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(answer.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(answer.headers.get("ETag")).toBe('W/"abc"');
  });
});
