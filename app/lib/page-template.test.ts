import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { escapeHtmlText } from "./escape-html";
import { escapeInStreamScript, fillTemplate, type PageTemplate, templateOf } from "./page-template";

const token = "shopname0123456789abcdef";
const streamStart = "window.__reactRouterContext.streamController.enqueue(";

/** A page as React and React Router write it: the name in markup and in the loader data. */
function page(name: string, nonce: string) {
  const markup = renderToString(
    createElement("header", null, createElement("span", { title: name }, "Hello, ", name)),
  );
  // turbo-stream's string, inside React Router's JSON string, escaped for the script element.
  const chunk = JSON.stringify(["name", name]);
  const script = JSON.stringify(chunk).replace(
    /[&<>\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return [
    `<html><head><script nonce="${nonce}">var a = 1;</script></head><body>`,
    markup,
    `<script nonce="${nonce}">${streamStart}${script});</script></body></html>`,
  ].join("");
}

/** The name as the browser gets it back from the data script. */
function nameInData(html: string): string {
  const start = html.indexOf(streamStart) + streamStart.length;
  const literal = html.slice(start, html.indexOf(");</script>", start));
  return (JSON.parse(JSON.parse(literal)) as string[])[1] ?? "";
}

const awkwardNames = [
  "Ana",
  "Ana O'Brien & <Co>",
  'Bea "Zé" Ñandú',
  "line\u2028separator\u2029",
  "</script><script>alert(1)</script>",
  "back\\slash \\u0041",
  "emoji 🎭 and tab\t",
];

describe("a page kept with holes", () => {
  it("gives each visitor the same page a render for them would have given", () => {
    const template = templateOf(page(token, "N0"), { nonce: "N0", nameToken: token });
    expect(template).not.toBeNull();
    for (const name of awkwardNames) {
      const filled = fillTemplate(template as PageTemplate, { nonce: "N1", name });
      expect(filled).toBe(page(name, "N1"));
      expect(nameInData(filled)).toBe(name);
    }
  });

  it("knows each hole's kind: the nonces, the markup and the data script", () => {
    const template = templateOf(page(token, "N0"), { nonce: "N0", nameToken: token });
    expect(template?.holes).toEqual(["nonce", "html", "html", "nonce", "stream"]);
    expect(template?.parts.join("")).not.toContain(token);
    expect(template?.parts.join("")).not.toContain("N0");
  });

  it("refuses a page whose name sits in a script of unknown escaping", () => {
    const html = `<script nonce="N0">var name = "${token}";</script>`;
    expect(templateOf(html, { nonce: "N0", nameToken: token })).toBeNull();
  });

  it("refuses a page without the nonce to cut at", () => {
    expect(templateOf(`<p>${token}</p>`, { nonce: "N0", nameToken: token })).toBeNull();
    expect(templateOf(`<p nonce="N0">${token}</p>`, { nonce: "", nameToken: token })).toBeNull();
  });

  it("takes a page with no name in it (a guest's header)", () => {
    const template = templateOf('<script nonce="N0"></script><p>Log in</p>', {
      nonce: "N0",
      nameToken: token,
    });
    expect(template?.holes).toEqual(["nonce"]);
    expect(fillTemplate(template as PageTemplate, { nonce: "N9", name: "" })).toBe(
      '<script nonce="N9"></script><p>Log in</p>',
    );
  });
});

describe("escaping", () => {
  it("escapes markup as React does", () => {
    expect(escapeHtmlText(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&#x27;f");
  });

  it("escapes the data script's strings twice over, and for HTML", () => {
    expect(escapeInStreamScript('say "hi" & <go>\\')).toBe(
      'say \\\\\\"hi\\\\\\" \\u0026 \\u003cgo\\u003e\\\\\\\\',
    );
    expect(escapeInStreamScript("\u2028")).toBe("\\u2028");
  });
});
