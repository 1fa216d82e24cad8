// The footers as configured: the payment logos are the cards the card check accepts, and
// each brand's footer shows the parts it turns on and none it turns off.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type Brand, BrandProvider } from "~/config/brand";
import { cityBrand } from "~/config/brands/city";
import { venueBrand } from "~/config/brands/venue";
import { TranslatorContext } from "~/lib/i18n";
import { translatorFor } from "~/services/i18n.server";
import { acceptedCardBrands } from "../../../commerce/contract/card-rules";
import { SiteFooter } from "../site-footer";

function footerOf(brand: Brand): string {
  return renderToStaticMarkup(
    <TranslatorContext value={translatorFor("en")}>
      <BrandProvider value={brand}>
        <MemoryRouter>
          <SiteFooter />
        </MemoryRouter>
      </BrandProvider>
    </TranslatorContext>,
  );
}

const logos = (html: string) =>
  [...html.matchAll(/src="\/payments\/([a-z]+)\.svg"/g)].map((m) => m[1]);

describe("the footer's payment logos", () => {
  it("are the cards the card check accepts, and no other (no Naranja)", () => {
    const expected = acceptedCardBrands.map((card) => card.toLowerCase());
    expect(logos(footerOf(cityBrand))).toEqual(expected);
    expect(logos(footerOf(venueBrand))).toEqual(expected);
    expect(footerOf(cityBrand)).not.toContain("naranja");
  });
});

describe("the footer of each brand", () => {
  it("city: footer 6 with newsletter, withdrawal, consumer defence and powered-by", () => {
    const html = footerOf(cityBrand);
    expect(html).toContain('class="footer6"');
    expect(html).toContain('id="newsletter-title"');
    expect(html).toContain(cityBrand.links.withdrawalForm);
    for (const { href } of cityBrand.links.consumerDefence) expect(html).toContain(href);
    expect(html).toContain(cityBrand.poweredBy.href);
  });

  it("venue: footer 1 without the city's newsletter, withdrawal and consumer defence", () => {
    const html = footerOf(venueBrand);
    expect(html).toContain('class="footer1"');
    expect(html).not.toContain('id="newsletter-title"');
    expect(html).not.toContain(venueBrand.links.withdrawalForm);
    expect(html).not.toContain("defensaconsumidor");
    expect(html).toContain(venueBrand.poweredBy.href);
  });

  it("shows a part a brand turns on in the variant that lacks it by default", () => {
    const html = footerOf({
      ...venueBrand,
      footerParts: { ...venueBrand.footerParts, newsletter: true, withdrawal: true },
    });
    expect(html).toContain('id="newsletter-title"');
    expect(html).toContain(venueBrand.links.withdrawalForm);
  });
});
