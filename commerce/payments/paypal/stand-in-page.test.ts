// The stand-in's approval page is valid HTML (decision 0075's rules) and every choice on it
// is labelled: a payer without JavaScript or with a screen reader can use it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ConfigData, HtmlValidate, StaticConfigLoader } from "html-validate";
import { describe, expect, it } from "vitest";
import { approvalPage, messagePage, payPalTestBuyers } from "./stand-in-page.ts";

const validator = new HtmlValidate(
  new StaticConfigLoader(
    JSON.parse(readFileSync(join(process.cwd(), ".htmlvalidate.json"), "utf8")) as ConfigData,
  ),
);

describe("the stand-in's pages", () => {
  it("are valid HTML with a language", async () => {
    const approval = approvalPage({
      orderId: "5O190127TN364715T",
      amount: { currency_code: "USD", value: "45.00" },
      description: 'Concierto "de prueba" <en vivo> & más',
    });
    for (const html of [approval, messagePage("Order not found", "This payment does not exist.")]) {
      const report = await validator.validateString(html);
      expect(
        report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`)),
      ).toEqual([]);
      expect(html).toContain('<html lang="en">');
    }
    expect(approval).toContain("Concierto &quot;de prueba&quot; &lt;en vivo&gt; &amp; más");
  });

  it("label every test buyer's choice", () => {
    const html = approvalPage({
      orderId: "X",
      amount: { currency_code: "USD", value: "1.00" },
      description: "x",
    });
    for (const buyer of payPalTestBuyers) {
      expect(html).toContain(`<input type="radio" name="buyer" id="buyer-${buyer.id}"`);
      expect(html).toContain(`<label for="buyer-${buyer.id}">`);
    }
  });
});
