import { describe, expect, it } from "vitest";
import { createPosterApi } from "../app.ts";
import { productSeeds, showSeeds, TYPE } from "./data.ts";
import { escapeXml, posterSvg, wrapWords } from "./posters.ts";
import { assertWellFormedXml } from "./xml-check.ts";

describe("the XML check used below", () => {
  it("rejects broken documents", () => {
    expect(() => assertWellFormedXml("<svg><g></svg>")).toThrow();
    expect(() => assertWellFormedXml("<svg>a & b</svg>")).toThrow();
    expect(() => assertWellFormedXml('<svg x="1" x="2"/>')).toThrow();
    expect(() => assertWellFormedXml("<svg/><svg/>")).toThrow();
    expect(() => assertWellFormedXml('<svg a="<"/>')).toThrow();
    expect(() => assertWellFormedXml('<svg a="1"><t>x &amp; y</t></svg>')).not.toThrow();
  });
});

describe("posterSvg", () => {
  it("is a well-formed SVG for every seeded show and product", () => {
    const all = [...showSeeds, ...productSeeds.map((p) => ({ ...p, typeId: TYPE.shop }))];
    for (const show of all) {
      const svg = posterSvg(show);
      expect(svg.startsWith("<svg ")).toBe(true);
      expect(svg).toContain('viewBox="0 0 600 800"');
      expect(svg.endsWith("</svg>")).toBe(true);
      assertWellFormedXml(svg);
    }
  });

  it("escapes markup in the title", () => {
    const svg = posterSvg({ title: `Rock & <Roll> "en" vivo's`, typeId: 2, seo: "rock-roll" });
    assertWellFormedXml(svg);
    expect(svg).toContain("Rock &amp; &lt;Roll&gt;");
    expect(svg).toContain("&quot;en&quot;");
    expect(svg).not.toContain("<Roll>");
    expect(svg).toContain("<title id=");
  });

  it("drops characters XML cannot carry", () => {
    expect(escapeXml("a\u0001b\u000bc")).toBe("abc");
  });

  it("is deterministic per seo and differs between shows", () => {
    const show = { title: "La Traviata", typeId: 7, seo: "la-traviata" };
    expect(posterSvg(show)).toBe(posterSvg({ ...show }));
    expect(posterSvg(show)).not.toBe(posterSvg({ ...show, seo: "la-traviata-2" }));
  });

  it("labels the category and places the whole title", () => {
    const svg = posterSvg({ title: "Madama Butterfly", typeId: 7, seo: "madama-butterfly" });
    expect(svg).toContain("ÓPERA");
    const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(lines.join(" ")).toBe("Madama Butterfly");
    // No category label for an unknown type, but still a poster.
    const unknown = posterSvg({ title: "Algo", typeId: 999, seo: "algo" });
    assertWellFormedXml(unknown);
    expect(unknown).not.toContain("ÓPERA");
  });

  it("wraps long titles and keeps every line inside the poster", () => {
    const title =
      "Buenos Aires Subterránea: Túneles de San Telmo y otras historias bajo la calle Defensa";
    const svg = posterSvg({ title, typeId: 5, seo: "long-one" });
    const size = Number(/font-size="(\d+)" font-weight="700" fill="#ffffff"/.exec(svg)?.[1]);
    const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(5);
    for (const line of lines) expect(line.length * size * 0.55).toBeLessThanOrEqual(600 - 88);
  });

  it("cuts a word longer than a line", () => {
    expect(wrapWords("abcdefghij xy", 4)).toEqual(["abcd", "efgh", "ij", "xy"]);
    expect(wrapWords("  uno dos   tres ", 7)).toEqual(["uno dos", "tres"]);
  });
});

describe("posters without a database", () => {
  const app = createPosterApi();

  it("serves a seeded show's poster", async () => {
    const response = await app.request("/v2/Imagenes/la-traviata.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const body = await response.text();
    expect(body).toContain("La Traviata");
    assertWellFormedXml(body);
  });

  it("answers 404 with the envelope for unknown or malformed files", async () => {
    for (const file of ["no-such-show.svg", "la-traviata.png", "La-Traviata.svg", "..%2Fx.svg"]) {
      const response = await app.request(`/v2/Imagenes/${file}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        nCode: 404,
        cMensaje: "No encontramos lo que estás buscando",
      });
    }
  });
});
