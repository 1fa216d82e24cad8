// The storefront's translation hook. Same shape as react-i18next's useTranslation, over a
// Translator: i18next on the server, the small translator.ts in the browser (decision 0037).
// The bound `t` is made once per translator and namespace instead of on every render:
// react-i18next rebuilt it per component per request, about a tenth of a page's server CPU
// on the billboard. No re-render on language change is needed: switching language reloads
// the document. Its answers are remembered too (memoizedT): the translations never change
// while the process runs, and an i18next call costs ~30 µs, a page makes a hundred.
import type { TFunction } from "i18next";
import { createContext, useContext } from "react";
import type { Translator } from "./translator";

/** The request's (server) or the page's (browser) translator, given by the entry modules. */
export const TranslatorContext = createContext<Translator | null>(null);

const boundT = new WeakMap<Translator, Map<string, TFunction>>();

/** Answers kept per bound `t`; past this many the memory starts again (odd keys, many names). */
const MEMO_LIMIT = 20_000;

type Primitive = string | number | boolean | null | undefined;

/** The options as a memo key, or null when one is not a plain value (objects, functions). */
function optionsKey(options: Record<string, unknown>): string | null {
  let key = "";
  for (const name in options) {
    const value = options[name] as Primitive | object;
    if (value !== null && typeof value === "object") return null;
    if (typeof value === "function") return null;
    key += `\u0000${name}\u0001${typeof value}:${String(value)}`;
  }
  return key;
}

/**
 * `t` with its string answers remembered by key and options: same key, same options, same
 * language, same text. Calls it cannot key (several keys, object options) go straight through.
 */
export function memoizedT(t: TFunction): TFunction {
  const answers = new Map<string, string>();
  const memo = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const call = t as unknown as (...args: unknown[]) => unknown;
    if (typeof key !== "string" || rest.length > 0) return call(key, options, ...rest);
    let memoKey: string | null = key;
    if (options !== undefined) {
      if (typeof options !== "object" || options === null) return call(key, options);
      const suffix = optionsKey(options as Record<string, unknown>);
      if (suffix === null) return call(key, options);
      memoKey += suffix;
    }
    const known = answers.get(memoKey);
    if (known !== undefined) return known;
    const answer = call(key, options);
    if (typeof answer === "string") {
      if (answers.size >= MEMO_LIMIT) answers.clear();
      answers.set(memoKey, answer);
    }
    return answer;
  };
  return memo as unknown as TFunction;
}

export function useTranslation(namespace?: string): { t: TFunction; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error("useTranslation needs a TranslatorContext above it");
  let byNamespace = boundT.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    boundT.set(i18n, byNamespace);
  }
  const key = namespace ?? "";
  let t = byNamespace.get(key);
  if (!t) {
    t = memoizedT(i18n.getFixedT(null, namespace ?? null) as TFunction);
    byNamespace.set(key, t);
  }
  return { t, i18n };
}
