// The browser's translator against i18next (which renders on the server): the same text for
// every message of every language and namespace, with its placeholders filled and, for
// plurals, the counts that pick each form.
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nFor, messages } from "~/services/i18n.server";
import { supportedLocales } from "./locales";
import { createTranslator } from "./translator";

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a message tree as [dotted key, text]. */
function leaves(tree: unknown, prefix = ""): [string, string][] {
  if (typeof tree === "string") return [[prefix, tree]];
  if (Array.isArray(tree) || !tree || typeof tree !== "object") return [];
  return Object.entries(tree).flatMap(([name, child]) =>
    leaves(child, prefix ? `${prefix}.${name}` : name),
  );
}

/** The calls a page could make for one message: with and without its placeholders' values. */
function callsFor(key: string, text: string): [string, Record<string, unknown>?][] {
  const names = [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1]);
  const values = Object.fromEntries(names.map((name, index) => [name, `«${name}${index}»`]));
  const base = key.replace(pluralSuffix, "");
  if (base !== key) {
    return [0, 1, 2, 5, 21, 1000].map((count) => [base, { ...values, count }]);
  }
  return [[key], [key, values], [key, { ...values, [names[0] ?? "unused"]: 7 }]];
}

describe("the browser's translator", () => {
  for (const locale of supportedLocales) {
    it(`gives i18next's text for every ${locale} message`, () => {
      const server = i18nFor(locale);
      const browser = createTranslator(locale, messages[locale], "layout");
      let compared = 0;
      for (const [namespace, tree] of Object.entries(messages[locale])) {
        const serverT = server.getFixedT(null, namespace) as TFunction;
        const browserT = browser.getFixedT(null, namespace);
        const layoutT = browser.getFixedT(null, null);
        const serverLayoutT = server.getFixedT(null, null) as TFunction;
        for (const [key, text] of leaves(tree)) {
          for (const [callKey, options] of callsFor(key, text)) {
            const expected = serverT(callKey, options as never);
            expect(browserT(callKey, options as never), `${namespace}:${callKey}`).toBe(expected);
            const qualified = `${namespace}:${callKey}`;
            expect(layoutT(qualified, options as never), qualified).toBe(
              serverLayoutT(qualified, options as never),
            );
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(500);
    });
  }

  it("answers a missing key with the key, or the default value", () => {
    const browser = createTranslator("en", messages.en, "layout").getFixedT(null, "checkout");
    const server = i18nFor("en").getFixedT(null, "checkout") as TFunction;
    for (const [key, options] of [
      ["no.such.key", undefined],
      ["validation:no.such.key", undefined],
      ["no.such.key", { defaultValue: "Left {{n}}", n: 3 }],
    ] as const) {
      expect(browser(key, options as never)).toBe(server(key, options as never));
    }
  });

  it("returns arrays and objects when asked, with their placeholders filled", () => {
    const page = Object.keys(messages.es.pages ?? {})[0];
    const key = `pages:${page}.body`;
    const browser = createTranslator("es", messages.es, "layout").getFixedT(null, null);
    const server = i18nFor("es").getFixedT(null, null) as TFunction;
    const answer = browser(key, { returnObjects: true } as never);
    expect(Array.isArray(answer)).toBe(true);
    expect(answer).toEqual(server(key, { returnObjects: true } as never));
  });
});
