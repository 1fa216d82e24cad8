// React's escaping of text and attribute values in server-rendered HTML, for markup the shop
// writes as a string (the seat grid) or fills into a rendered page (page-template.ts).
const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

export function escapeHtmlText(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}
