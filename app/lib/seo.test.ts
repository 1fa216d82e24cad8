import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  canonicalPath,
  descriptionOf,
  maxTitleLength,
  normalizeOrigin,
  pageTitle,
  type Seo,
  seoMeta,
} from "./seo";

const base: Seo = {
  title: "Cartelera",
  description: "Entradas para teatro y más.",
  url: "https://entradas.example/",
  locale: "es",
  siteName: "Entradas BA",
  image: "https://entradas.example/v2/Imagenes/x.svg",
};

const find = (tags: ReturnType<typeof seoMeta>, key: string, value: string) =>
  tags.filter((tag) => (tag as Record<string, unknown>)[key] === value);

describe("pageTitle", () => {
  it("adds the site name once", () => {
    expect(pageTitle("Cartelera", "Entradas BA")).toBe("Cartelera — Entradas BA");
    expect(pageTitle("Entradas BA", "Entradas BA")).toBe("Entradas BA");
    expect(pageTitle("  ", "Entradas BA")).toBe("Entradas BA");
  });

  it("leaves the site name out when the title would pass 70 characters", () => {
    const performance = "Los Inquilinos del Conventillo — sábado, 29 de noviembre, 20:30";
    expect(pageTitle(performance, "Entradas BA")).toBe(performance);
    expect(pageTitle("Cartelera", "Entradas BA").length).toBeLessThanOrEqual(maxTitleLength);
  });
});

describe("descriptionOf", () => {
  it("flattens whitespace and keeps short texts whole", () => {
    expect(descriptionOf("  Una\n obra   íntima. ")).toBe("Una obra íntima.");
  });

  it("cuts long texts at a word, within 160 characters, with an ellipsis", () => {
    const long = "palabra ".repeat(40);
    const cut = descriptionOf(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("palabra…")).toBe(true);
  });
});

describe("origins and URLs", () => {
  it("normalises an origin and refuses non-web ones", () => {
    expect(normalizeOrigin("https://entradas.example/some/path/")).toBe("https://entradas.example");
    expect(() => normalizeOrigin("ftp://x.example")).toThrow();
  });

  it("makes absolute URLs on the origin, leaving absolute ones alone", () => {
    expect(absoluteUrl("https://e.example", "/landing/a")).toBe("https://e.example/landing/a");
    expect(absoluteUrl("https://e.example/", "landing/a")).toBe("https://e.example/landing/a");
    expect(absoluteUrl("https://e.example", "https://cdn.example/p.svg")).toBe(
      "https://cdn.example/p.svg",
    );
  });
});

describe("canonicalPath", () => {
  it("keeps only the listed parameters, sorted, without blanks or repeats", () => {
    const search =
      "?utm_source=x&cBuscar=tango&aListaidTipoDeEspectaculo=3&aListaidTipoDeEspectaculo=1&aListaidTipoDeEspectaculo=3&cZona=";
    expect(
      canonicalPath("/AdvancedSearch", search, ["cBuscar", "aListaidTipoDeEspectaculo", "cZona"]),
    ).toBe("/AdvancedSearch?cBuscar=tango&aListaidTipoDeEspectaculo=1&aListaidTipoDeEspectaculo=3");
  });

  it("drops the query and trailing slashes by default", () => {
    expect(canonicalPath("/tienda/", "?x=1")).toBe("/tienda");
    expect(canonicalPath("/", "?pagina=2")).toBe("/");
  });
});

describe("seoMeta", () => {
  it("emits title, description, canonical and Open Graph tags", () => {
    const tags = seoMeta(base);
    expect(tags).toContainEqual({ title: "Cartelera — Entradas BA" });
    expect(tags).toContainEqual({ name: "description", content: "Entradas para teatro y más." });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://entradas.example/",
    });
    expect(tags).toContainEqual({ property: "og:title", content: "Cartelera — Entradas BA" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://entradas.example/" });
    expect(tags).toContainEqual({ property: "og:type", content: "website" });
    expect(tags).toContainEqual({ property: "og:image", content: base.image });
    expect(tags).toContainEqual({ property: "og:locale", content: "es_AR" });
    expect(
      find(tags, "property", "og:locale:alternate").map((t) => (t as { content: string }).content),
    ).toEqual(["en_US", "pt_BR"]);
    expect(find(tags, "name", "robots")).toEqual([]);
  });

  it("follows the page's language and marks private pages noindex", () => {
    const tags = seoMeta({ ...base, locale: "pt", noindex: true, type: "product" });
    expect(tags).toContainEqual({ property: "og:locale", content: "pt_BR" });
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, follow" });
  });

  it("emits nothing without data (an error response renders its own title)", () => {
    expect(seoMeta(undefined)).toEqual([]);
  });
});
