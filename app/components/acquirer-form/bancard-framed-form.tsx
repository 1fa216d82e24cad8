// Bancard's card form framed in one of the shop's pages (decision 0077): the payment link, the
// payment change and the box office's sale. A heading and what to do, then the iframe
// Bancard's checkout script draws for the payment's process id. The script comes from
// Bancard's origin; the island inserts it after hydration, which the page's policy trusts
// through 'strict-dynamic' (decision 0078), nonced when a nonce is known. The card is typed
// there; Bancard sends the whole window back to the page's return address.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { useHydrated } from "remix-utils/use-hydrated";
import { useNonce } from "~/components/nonce";
import { useTranslation } from "~/lib/i18n";

const containerId = "bancard-framed-form";

type BancardCheckout = {
  Checkout: {
    createForm(containerId: string, processId: string, options?: Record<string, unknown>): void;
  };
};

const loadedBancard = () => (window as { Bancard?: BancardCheckout }).Bancard;

/** Loads Bancard's script once per page, then draws the form into the container. */
function loadAndDraw(scriptUrl: string, draw: (bancard: BancardCheckout) => void, nonce?: string) {
  const loaded = loadedBancard();
  if (loaded) return draw(loaded);
  const script = document.createElement("script");
  script.src = scriptUrl;
  if (nonce) script.nonce = nonce;
  script.addEventListener("load", () => {
    const bancard = loadedBancard();
    if (bancard) draw(bancard);
  });
  document.head.appendChild(script);
}

function Frame({ processId, scriptUrl }: { processId: string; scriptUrl: string }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const container = useRef<HTMLDivElement>(null);
  const title = t("checkout:bancardForm.frameTitle");
  useEffect(() => {
    loadAndDraw(
      scriptUrl,
      (bancard) => {
        bancard.Checkout.createForm(containerId, processId, {});
        // Named whatever the script calls it: the frame is what screen readers land in.
        container.current?.querySelector("iframe")?.setAttribute("title", title);
      },
      nonce,
    );
  }, [processId, scriptUrl, nonce, title]);
  return <div id={containerId} ref={container} className="min-h-[32rem]" />;
}

/** The form for Bancard's process, and a way back to the page's own pay (places still held). */
export function BancardFramedForm({
  processId,
  scriptUrl,
  leavePath,
}: {
  processId: string;
  scriptUrl: string;
  leavePath: string;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The buyer pressed pay: where they type the card now is where focus goes.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="bancard-form-heading" className="panel">
      <h2 id="bancard-form-heading" ref={heading} tabIndex={-1}>
        {t("checkout:bancardForm.heading")}
      </h2>
      <p>{t("checkout:bancardForm.instructions")}</p>
      <ClientOnly fallback={<p role="status">{t("checkout:bancardForm.loading")}</p>}>
        {() => <Frame processId={processId} scriptUrl={scriptUrl} />}
      </ClientOnly>
      <p>
        {/* A document load: the page's pay again. */}
        <Link to={leavePath} reloadDocument>
          {t("checkout:bancardForm.another")}
        </Link>
      </p>
    </section>
  );
}

/** Sent only by a hydrated form: the pay frames Bancard's form instead of leaving for it. */
export function ScriptedField() {
  return useHydrated() ? <input type="hidden" name="lConScript" value="1" /> : null;
}
