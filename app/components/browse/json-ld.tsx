/**
 * Structured data as an inline script. `json` must come from scriptSafeJson (lib/structured-data),
 * which escapes `<` so the content cannot close the element.
 */
export function JsonLd({ json }: { json: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by scriptSafeJson
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
