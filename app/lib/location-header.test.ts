import { describe, expect, it } from "vitest";
import { headerSafePath } from "./location-header";

describe("headerSafePath", () => {
  it("keeps an ASCII path as it is, percent signs included", () => {
    expect(headerSafePath("/funcion/x/3?a=1&b=%20c#top")).toBe("/funcion/x/3?a=1&b=%20c#top");
  });

  it("percent-encodes what is beyond ASCII as UTF-8", () => {
    expect(headerSafePath("/landing/ñandú?q=日本🎭")).toBe(
      "/landing/%C3%B1and%C3%BA?q=%E6%97%A5%E6%9C%AC%F0%9F%8E%AD",
    );
    expect(new Headers({ Location: headerSafePath("/é日") as string }).get("Location")).toBe(
      "/%C3%A9%E6%97%A5",
    );
  });

  it("refuses control characters and text that is not well-formed", () => {
    for (const bad of [
      "/a\r\nb",
      "/a\nb",
      "/a\u0000b",
      "/a\tb",
      "/a\u007fb",
      "/a\u0085b",
      "/a\ud800b",
    ]) {
      expect(headerSafePath(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
