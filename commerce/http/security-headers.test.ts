// The API's own answers carry the security headers, embedded or standalone: data that may
// not run, load anything or be framed; its documentation page keeps its own style rule.
import { describe, expect, it } from "vitest";
import { createPosterApi } from "../app.ts";

const api = createPosterApi();

function expectGuarded(answer: Response) {
  const policy = answer.headers.get("content-security-policy") ?? "";
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(answer.headers.get("x-frame-options")).toBe("DENY");
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("security headers of the API's answers", () => {
  it("guards JSON, SVG, the documentation page and errors alike", async () => {
    const answers = {
      json: await api.request("/v2/openapi.json"),
      svg: await api.request("/v2/Imagenes/los-inquilinos-del-conventillo.svg"),
      docs: await api.request("/v2/docs"),
      notFound: await api.request("/v2/Nada"),
      badMethod: await api.request("/v2/docs", { method: "POST" }),
    };
    for (const answer of Object.values(answers)) expectGuarded(answer);
    expect(answers.svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(answers.docs.headers.get("content-security-policy")).toContain(
      "style-src 'unsafe-inline'",
    );
    expect(answers.docs.headers.get("content-security-policy")).not.toContain("script-src");
  });

  it("asks for HTTPS only when the answer went over HTTPS", async () => {
    const plain = await api.request("http://api.test/v2/openapi.json");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const secure = await api.request("https://api.test/v2/openapi.json");
    expect(secure.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
