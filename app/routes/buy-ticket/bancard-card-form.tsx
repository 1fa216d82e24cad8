// Bancard's card form framed in the checkout (decision 0077): a heading and what to do, then
// the iframe Bancard's checkout script draws for the payment's process id. The script comes
// from Bancard's origin; the island inserts it after hydration, which the page's policy
// trusts through 'strict-dynamic' (decision 0078), nonced when a nonce is known. The card is
// typed there; Bancard sends the whole window back to /bancard/finish/{id}.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { useNonce } from "~/components/nonce";
import { useTranslation } from "~/lib/i18n";

const containerId = "bancard-card-form";

type BancardCheckout = {
  Checkout: {
    createForm(containerId: string, processId: string, options?: Record<string, unknown>): void;
  };
};

/** Loads Bancard's script once per page, then draws the form into the container. */
function loadAndDraw(scriptUrl: string, draw: (bancard: BancardCheckout) => void, nonce?: string) {
  const loaded = (window as { Bancard?: BancardCheckout }).Bancard;
  if (loaded) return draw(loaded);
  const script = document.createElement("script");
  script.src = scriptUrl;
  if (nonce) script.nonce = nonce;
  script.addEventListener("load", () => {
    const bancard = (window as { Bancard?: BancardCheckout }).Bancard;
    if (bancard) draw(bancard);
  });
  document.head.appendChild(script);
}

function FramedForm({ processId, scriptUrl }: { processId: string; scriptUrl: string }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const container = useRef<HTMLDivElement>(null);
  const title = t("checkout:cardForm.frameTitle");
  useEffect(() => {
    loadAndDraw(
      scriptUrl,
      (bancard) => {
        bancard.Checkout.createForm(containerId, processId, { title });
        // Named whatever the script calls it: the frame is what screen readers land in.
        container.current?.querySelector("iframe")?.setAttribute("title", title);
      },
      nonce,
    );
  }, [processId, scriptUrl, nonce, title]);
  return <div id={containerId} ref={container} className="min-h-[32rem]" />;
}

export function BancardCardForm({
  processId,
  scriptUrl,
  checkoutPath,
}: {
  processId: string;
  scriptUrl: string;
  checkoutPath: string;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The buyer pressed pay: where they type the card now is where focus goes.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="card-form-heading"
      className="bg-white border border-stone-200 rounded-xl p-4"
    >
      <h3 id="card-form-heading" ref={heading} tabIndex={-1}>
        {t("checkout:cardForm.heading")}
      </h3>
      <p id="card-form-help">{t("checkout:cardForm.instructions")}</p>
      <ClientOnly fallback={<p role="status">{t("checkout:cardForm.loading")}</p>}>
        {() => <FramedForm processId={processId} scriptUrl={scriptUrl} />}
      </ClientOnly>
      <p>
        {/* A document load: the checkout's form again, the places still held. */}
        <Link to={checkoutPath} reloadDocument>
          {t("checkout:cardForm.another")}
        </Link>
      </p>
    </section>
  );
}
