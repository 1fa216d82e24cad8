// A rendered page kept with holes, filled in for each visitor (decision 0058). The page is
// rendered once with stand-ins: the request's CSP nonce, and a random token where the
// visitor's name goes. The stand-ins are cut out, and each answer puts its own values back,
// escaped for where each hole sits. A name lands in two kinds of places:
// - the HTML (text or an attribute), escaped as React escapes text;
// - the loader data React Router writes into the page: a turbo-stream string inside a JSON
//   string inside a script, escaped as React Router escapes that script.
// A token anywhere else (another script) makes the page unfit for a template.

import { escapeHtmlText } from "./escape-html";

export type HoleKind = "nonce" | "html" | "stream";

export type PageTemplate = {
  /** The page between the holes: one more part than holes. */
  parts: string[];
  holes: HoleKind[];
};

/** name: the visitor's, or "" for a page without one. */
export type HoleValues = { nonce: string; name: string };

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** React Router's escaping of the JSON it writes into its data scripts. */
const scriptEscapes: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * A string's characters as they read inside the stream script: turbo-stream writes the value
 * with JSON.stringify, React Router writes that chunk with JSON.stringify again, then escapes
 * it for HTML. JSON escapes character by character, so the inside of a string is its own.
 */
export function escapeInStreamScript(value: string): string {
  const inTurboStream = JSON.stringify(value).slice(1, -1);
  const inScript = JSON.stringify(inTurboStream).slice(1, -1);
  return inScript.replace(
    /[&<>\u2028\u2029]/g,
    (character) => scriptEscapes[character] ?? character,
  );
}

/** Where React Router writes loader data: `<script …>window.__reactRouterContext.stream…`. */
const streamScriptStart = "window.__reactRouterContext.streamController.enqueue(";

/** The kind of the hole at `index`: inside a script element or in the HTML around them. */
function kindAt(html: string, index: number): "html" | "stream" | null {
  const scriptOpen = html.lastIndexOf("<script", index);
  const scriptClose = html.lastIndexOf("</script", index);
  if (scriptOpen === -1 || scriptClose > scriptOpen) return "html";
  const body = html.indexOf(">", scriptOpen) + 1;
  return html.startsWith(streamScriptStart, body) ? "stream" : null;
}

/**
 * The page cut at its stand-ins, or null when a name token sits where no escaping is known
 * (a script other than React Router's data), or when there is no nonce to cut at.
 */
export function templateOf(
  html: string,
  standIns: { nonce: string; nameToken?: string },
): PageTemplate | null {
  const { nonce, nameToken } = standIns;
  if (!nonce || nameToken === "") return null;
  const nonceText = nonceAttribute(nonce);
  const parts: string[] = [];
  const holes: HoleKind[] = [];
  let from = 0;
  for (;;) {
    const atNonce = html.indexOf(nonceText, from);
    // A page made for nobody's name (an anonymous visitor's) has only its nonce to cut at.
    const atName = nameToken ? html.indexOf(nameToken, from) : -1;
    if (atNonce === -1 && atName === -1) break;
    const nameFirst = atName !== -1 && (atNonce === -1 || atName < atNonce);
    const at = nameFirst ? atName : atNonce;
    const kind = nameFirst ? kindAt(html, at) : "nonce";
    if (kind === null) return null;
    parts.push(html.slice(from, at));
    holes.push(kind);
    from = at + (nameFirst ? (nameToken?.length ?? 0) : nonceText.length);
  }
  if (!holes.includes("nonce")) return null;
  parts.push(html.slice(from));
  return { parts, holes };
}

/** The page for one visitor. */
export function fillTemplate(template: PageTemplate, values: HoleValues): string {
  const html = escapeHtmlText(values.name);
  const stream = escapeInStreamScript(values.name);
  const nonce = nonceAttribute(values.nonce);
  let page = template.parts[0] ?? "";
  template.holes.forEach((kind, index) => {
    page += kind === "nonce" ? nonce : kind === "html" ? html : stream;
    page += template.parts[index + 1] ?? "";
  });
  return page;
}
