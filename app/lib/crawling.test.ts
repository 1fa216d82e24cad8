import { describe, expect, it } from "vitest";
import { mapUrl, venuePath } from "./browse-paths";
import { robotsTxt, sitemapXml } from "./crawling";

describe("sitemapXml", () => {
  it("lists absolute URLs, escaped", () => {
    const xml = sitemapXml(["https://e.example/", "https://e.example/AdvancedSearch?a=1&b=2"]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://e.example/</loc></url>");
    expect(xml).toContain("<loc>https://e.example/AdvancedSearch?a=1&#38;b=2</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });
});

describe("robotsTxt", () => {
  it("allows the catalog, keeps crawlers out of checkout and account, and names the sitemap", () => {
    const text = robotsTxt("https://e.example/sitemap.xml");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/BuyTicket", "/funcion", "/funcionTienda", "/myOrders", "/login"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.some((line) => /^Disallow: \/(landing|tienda|AdvancedSearch)/.test(line))).toBe(
      false,
    );
    expect(lines).toContain("Sitemap: https://e.example/sitemap.xml");
  });
});

describe("venue links", () => {
  const venue = {
    cSeo: "usina-cultural-sur",
    idEstablecimiento: 4,
    cLatitud: "-34.6345",
    cLongitud: "-58.3567",
    cDireccion: "Av. Pedro de Mendoza 1701",
    cCiudad: "Buenos Aires",
  };

  it("builds the venue page path", () => {
    expect(venuePath(venue)).toBe("/establecimiento/usina-cultural-sur/4");
  });

  it("pins the coordinates on OpenStreetMap, or searches the address without them", () => {
    expect(mapUrl(venue)).toBe(
      "https://www.openstreetmap.org/?mlat=-34.6345&mlon=-58.3567#map=17/-34.6345/-58.3567",
    );
    expect(mapUrl({ ...venue, cLatitud: null })).toBe(
      "https://www.openstreetmap.org/search?query=Av.%20Pedro%20de%20Mendoza%201701%2C%20Buenos%20Aires",
    );
  });
});
