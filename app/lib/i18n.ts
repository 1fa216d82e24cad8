// The storefront's translation hook. Same shape as react-i18next's useTranslation, but the
// bound `t` is made once per i18next instance and namespace instead of on every render:
// react-i18next rebuilt it per component per request, about a tenth of a page's server CPU
// on the billboard. No re-render on language change is needed: switching language reloads
// the document.
import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

const boundT = new WeakMap<I18n, Map<string, TFunction>>();

export function useTranslation(namespace?: string): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  let byNamespace = boundT.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    boundT.set(i18n, byNamespace);
  }
  const key = namespace ?? "";
  let t = byNamespace.get(key);
  if (!t) {
    t = i18n.getFixedT(null, namespace ?? null) as TFunction;
    byNamespace.set(key, t);
  }
  return { t, i18n };
}
