// The category-tab header (§2): the first six categories by nOrden as a row of links under
// the bar, the one shown marked, and the bar's own parts (search, shop, cart, account, drawer).
import type { ShowType } from "@contract";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type Brand, BrandProvider } from "~/config/brand";
import { venueBrand } from "~/config/brands/venue";
import { TranslatorContext } from "~/lib/i18n";
import { translatorFor } from "~/services/i18n.server";
import { SiteHeader } from "../site-header";
import { categoryHref } from "./show-types";

// Unsorted (the header gets them without the shop's products).
const categories: ShowType[] = [8, 3, 1, 7, 2, 5, 4, 6].map((id) => ({
  idEspectaculoTipo: id,
  cNombre: `Type ${id}`,
  nOrden: id,
}));

function headerAt(path: string, brand: Brand = venueBrand): string {
  // A data router (the account menu reads the root's loader data), as on the site.
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      Component: () => <SiteHeader user={null} cart={null} categories={categories} />,
    },
  ]);
  return renderToStaticMarkup(
    <TranslatorContext value={translatorFor("en")}>
      <BrandProvider value={brand}>
        <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: null } }} />
      </BrandProvider>
    </TranslatorContext>,
  );
}

/** The tab row's links: their text and whether each is the current page. */
function tabsOf(html: string) {
  const row = html.match(/<nav aria-label="Categories"[^>]*>(.*?)<\/nav>/)?.[1] ?? "";
  return [...row.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, text]) =>
    attributes.includes('aria-current="page"') ? `${text} (current)` : text,
  );
}

describe("the category-tab header (venue brand)", () => {
  it("shows the first six categories by nOrden as tabs", () => {
    expect(tabsOf(headerAt("/"))).toEqual([
      "Type 1",
      "Type 2",
      "Type 3",
      "Type 4",
      "Type 5",
      "Type 6",
    ]);
  });

  it("holds six tabs at most, whatever count the brand sets", () => {
    const generous = { ...venueBrand, headerShortcutTypes: 12 };
    expect(tabsOf(headerAt("/", generous))).toHaveLength(6);
    expect(tabsOf(headerAt("/", { ...venueBrand, headerShortcutTypes: 3 }))).toHaveLength(3);
  });

  it("marks the category shown as the current page", () => {
    expect(tabsOf(headerAt(categoryHref(2)))[1]).toBe("Type 2 (current)");
  });

  it("keeps the bar's parts: the drawer with every category, search, shop, cart and account", () => {
    const html = headerAt("/");
    expect(html).toContain('role="search"');
    expect(html).toContain('href="/tienda"');
    expect(html).toContain("drawer-panel");
    // The drawer lists all eight categories (the tabs six of them).
    expect(html.match(/class="menu-item" href="\/AdvancedSearch/g)).toHaveLength(8);
    expect(html).toContain('aria-label="Sala Sinfónica, go to the billboard"');
  });
});
