// The HTML version of a mail: the same paragraphs as the text version, escaped, in a plain
// page with the customer's language declared.
import type { Language } from "../i18n.ts";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A paragraph of the mail; `strong` ones (a code) stand out in the HTML version. */
export type MailParagraph = string | { strong: string };

const plain = (paragraph: MailParagraph) =>
  typeof paragraph === "string" ? paragraph : paragraph.strong;

/** The text and HTML versions of the same paragraphs. */
export function mailBodies(language: Language, title: string, paragraphs: MailParagraph[]) {
  const text = `${paragraphs.map(plain).join("\n\n")}\n`;
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(title)}</title></head><body>`,
    ...paragraphs.map((paragraph) =>
      typeof paragraph === "string"
        ? `<p>${escapeHtml(paragraph)}</p>`
        : `<p style="font-size:1.5em;letter-spacing:0.2em"><strong>${escapeHtml(paragraph.strong)}</strong></p>`,
    ),
    "</body></html>",
  ].join("\n");
  return { text, html };
}
