// The browser's translator: the few i18next features the storefront's messages use, in a
// kilobyte instead of i18next and react-i18next (~15 KiB gzip on every page). The server keeps
// i18next; translator.test.ts checks that both give the same text for every message of every
// language, so what the browser hydrates is what the server rendered.
//
// What it does: "namespace:key.path" keys, {{name}} placeholders (left as written when the
// option is absent), plurals by count with the language's Intl rules and a `_zero` form when
// the message has one, defaultValue, returnObjects.
import type { TFunction } from "i18next";

/** namespace → its messages (nested objects, strings at the leaves). */
export type Messages = Record<string, unknown>;

/** The part of an i18next instance the storefront's components use. */
export type Translator = {
  language: string;
  getFixedT(language: null, namespace: string | null): TFunction;
};

type Options = Record<string, unknown> & {
  count?: unknown;
  defaultValue?: unknown;
  returnObjects?: boolean;
};

const placeholder = /{{\s*([\w.]+)\s*}}/g;

function interpolate(text: string, options: Options | undefined): string {
  if (!options) return text;
  return text.replace(placeholder, (written, name: string) => {
    if (!(name in options)) return written;
    const value = options[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

function interpolateDeep(value: unknown, options: Options | undefined): unknown {
  if (typeof value === "string") return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, options));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, interpolateDeep(item, options)]),
    );
  }
  return value;
}

function lookUp(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function createTranslator(
  language: string,
  namespaces: Record<string, Messages>,
  defaultNamespace: string,
): Translator {
  const plurals = new Intl.PluralRules(language);

  function message(namespace: string, path: string, count: unknown): unknown {
    const tree = namespaces[namespace];
    if (typeof count === "number") {
      const forms = count === 0 ? [`${path}_zero`] : [];
      forms.push(`${path}_${plurals.select(count)}`);
      for (const form of forms) {
        const found = lookUp(tree, form);
        if (found !== undefined) return found;
      }
    }
    return lookUp(tree, path);
  }

  function translate(fixedNamespace: string | null, key: string, options?: Options): unknown {
    const separator = key.indexOf(":");
    const namespace =
      separator > 0 ? key.slice(0, separator) : (fixedNamespace ?? defaultNamespace);
    const path = separator > 0 ? key.slice(separator + 1) : key;
    const found = message(namespace, path, options?.count);
    if (typeof found === "string") return interpolate(found, options);
    if (found !== undefined && options?.returnObjects) return interpolateDeep(found, options);
    if (options?.defaultValue != null) return interpolateDeep(options.defaultValue, options);
    return path;
  }

  return {
    language,
    getFixedT(_language, namespace) {
      return ((key: string, options?: Options) =>
        translate(namespace, key, options)) as unknown as TFunction;
    },
  };
}
