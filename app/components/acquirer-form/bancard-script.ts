// Bancard's checkout script (decision 0077), loaded in the browser once per page from the
// form's own origin. The shop's (nonced) code inserts it, which the page's policy trusts
// through 'strict-dynamic' (decision 0078); it draws Bancard's forms into a container.
type DrawForm = (containerId: string, processId: string, options?: object) => void;

/** What the script defines: a payment's form, and a card registration's. */
export type Bancard = {
  Checkout?: { createForm: DrawForm };
  Cards?: { createForm: DrawForm };
};

const loaded = () => (window as { Bancard?: Bancard }).Bancard;

/** Bancard's script, loaded once per page; rejects when it cannot be loaded. */
export function loadBancard(scriptUrl: string, nonce?: string): Promise<Bancard> {
  const already = loaded();
  if (already) return Promise.resolve(already);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = scriptUrl;
    if (nonce) script.nonce = nonce;
    script.addEventListener("load", () => {
      const bancard = loaded();
      if (bancard) resolve(bancard);
      else reject(new Error("Bancard's script defined nothing"));
    });
    script.addEventListener("error", () => reject(new Error("Bancard's script did not load")));
    document.head.appendChild(script);
  });
}
