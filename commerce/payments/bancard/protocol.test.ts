// The tokens against digests computed by hand (md5 of the concatenation, printed by another
// tool) for one example: private key "priv", shop_process_id 54322, 10330 guaraníes.
import { describe, expect, it } from "vitest";
import { formatBancardAmount, sameToken, bancardTokens as t } from "./protocol.ts";

describe("Bancard vPOS tokens", () => {
  it("signs each operation as the protocol concatenates it", () => {
    expect(t.singleBuy("priv", 54322, "10330.00", "PYG")).toBe("d9e46fc0b02070b94d16ec1885f2eddb");
    expect(t.confirmation("priv", 54322, "10330.00", "PYG")).toBe(
      "dc6c6447f9fb3b8e52d2e34087fa762e",
    );
    expect(t.getConfirmation("priv", 54322)).toBe("a51026e69fc931c49bad5ff8fa289c7e");
    expect(t.rollback("priv", "54322")).toBe("20e4adea5f75988738aa6b71501d4ba8");
    expect(t.preauthorizationConfirm("priv", 54322)).toBe("bba3068d60207cddcc20c52169cda330");
    expect(t.newCard("priv", 77, 12)).toBe("4a825f1231040872154dd89e2f12c3c3");
    expect(t.userCards("priv", 12)).toBe("ba7bfda7b96b4e61a0dfd1d4ec194861");
    expect(t.charge("priv", 54322, "10330.00", "PYG", "alias-1")).toBe(
      "845deefe9eae0e53f92b1886fe1f88f9",
    );
    expect(t.deleteCard("priv", 12, "alias-1")).toBe("2fd6fc8deeeb672cd2ffe23adb86df81");
  });

  it("writes amounts with two decimals and refuses anything but whole positive amounts", () => {
    expect(formatBancardAmount(10330)).toBe("10330.00");
    expect(() => formatBancardAmount(10.5)).toThrow(RangeError);
    expect(() => formatBancardAmount(0)).toThrow(RangeError);
  });

  it("compares tokens of any length without throwing", () => {
    expect(sameToken("abc", "abc")).toBe(true);
    expect(sameToken("abc", "abcd")).toBe(false);
  });
});
