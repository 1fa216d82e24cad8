// The translations as a whole: every namespace has the same keys in es, en and pt, every key
// the code names exists, and the spec's texts (§8) are there word for word in English.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLocales } from "./locales";

const root = join(import.meta.dirname, "../..");
const localesDir = join(root, "locales");

type Messages = Record<string, unknown>;

const namespacesOf = (language: string) =>
  readdirSync(join(localesDir, language))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort();

const read = (language: string, namespace: string): Messages =>
  JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), "utf8"));

function keysOf(value: Messages, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? keysOf(inner as Messages, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** Source files of the storefront and its server (tests aside). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe("locales", () => {
  it("has the same namespaces and keys in es, en and pt", () => {
    const namespaces = namespacesOf("es");
    expect(namespaces.length).toBeGreaterThan(5);
    for (const language of supportedLocales) {
      expect(namespacesOf(language), language).toEqual(namespaces);
      for (const namespace of namespaces) {
        expect(keysOf(read(language, namespace)).sort(), `${language}/${namespace}`).toEqual(
          keysOf(read("es", namespace)).sort(),
        );
      }
    }
  });

  it("has a text for every key the code names", () => {
    const known = new Set(
      namespacesOf("es").flatMap((ns) =>
        // A plural key is named without its suffix.
        keysOf(read("es", ns)).map((key) => `${ns}:${key.replace(/_(one|other|many)$/, "")}`),
      ),
    );
    const missing: string[] = [];
    let checked = 0;
    for (const file of [...sourceFiles("app"), ...sourceFiles("server")]) {
      const text = readFileSync(file, "utf8");
      const fileNamespace = /useTranslation\("(\w+)"\)/.exec(text)?.[1] ?? "layout";
      // t("key"), t(`key`) with no interpolation, and i18n keys kept as notices.
      const calls = text.matchAll(
        /\bt\(\s*["'`]([\w:.-]+)["'`]|["']((?:layout):notices\.\w+)["']/g,
      );
      for (const [, called, notice] of calls) {
        const key = called ?? notice;
        const qualified = key.includes(":") ? key : `${fileNamespace}:${key}`;
        checked += 1;
        if (!known.has(qualified)) missing.push(`${file.slice(root.length + 1)}: ${qualified}`);
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it("keeps the spec's texts word for word in English (§8)", () => {
    const layout = read("en", "layout") as Record<string, Record<string, string>>;
    const checkout = read("en", "checkout") as Record<string, string>;
    const validation = read("en", "validation") as Record<string, string>;
    expect(layout.notices.purchaseExpired).toBe("Your purchase time limit has expired");
    expect(layout.notices.purchaseCancelled).toBe("Your purchase process has been canceled");
    expect(layout.notices.sessionDisconnected).toBe("Your user session has been disconnected");
    expect(layout.attention.title).toBe("Attention");
    expect(layout.errors.communication).toBe("A communication error has occurred with the server");
    expect(checkout.canceledTitle).toBe("Purchase process canceled");
    expect(validation.passwordMustMatch).toBe("Password must match");
    expect(validation.emailMustMatch).toBe("eMail must match");
    expect(validation.cardNumberInvalid).toBe("Card Number invalid");
  });
});
