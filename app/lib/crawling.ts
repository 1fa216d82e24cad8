// The texts crawlers read: /sitemap.xml and /robots.txt.

const xmlEscape = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A sitemap of absolute URLs (sitemaps.org 0.9). */
export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** Login-only and transient paths (§2): nothing there for a search engine. */
export const disallowedPaths = [
  "/BuyTicket",
  "/BuyTicketBox",
  "/funcion",
  "/funcionTienda",
  "/promocion",
  "/login",
  "/signUp",
  "/recoverPassword",
  "/loginRedirect",
  "/logout",
  "/language",
  "/myOrders",
  "/myBookings",
  "/myBookingsBox",
  "/myData",
  "/myAlias",
  "/myCards",
  "/myPhone",
  "/myAddress",
  "/additionalData",
  "/changePassword",
  "/payConfirm",
  "/payConfirmPool",
  "/payError",
  "/payFinish",
  "/apay/",
  "/bancard/",
  "/paypal/",
  "/linkPago",
  "/payConfirmLinkPago",
  "/payConfirmTigoMoney",
  "/cartelera/resultados",
  "/v2/",
] as const;

/** Everything else may be crawled, including the posters the pages use as images. */
export function robotsTxt(sitemapUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /v2/Imagenes/",
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${sitemapUrl}`,
    "",
  ].join("\n");
}
