import { useNonce } from "~/components/nonce";

/**
 * Structured data as an inline script. `json` must come from scriptSafeJson (lib/structured-data),
 * which escapes `<` so the content cannot close the element. Data, not code, but it carries
 * the page's nonce like every inline script (the browser hides it, hence no hydration check).
 */
export function JsonLd({ json }: { json: string }) {
  return (
    <script
      type="application/ld+json"
      nonce={useNonce()}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by scriptSafeJson
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
