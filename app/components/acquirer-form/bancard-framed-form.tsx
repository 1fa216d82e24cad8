// Bancard's card form framed in one of the shop's pages (decisions 0077, 0080): the checkout,
// the payment link, the payment change and the box office's sale. A heading and what to do,
// then the iframe Bancard's checkout script draws for the payment's process id. The card is
// typed there; Bancard sends the whole window back to the page's return address.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import { useHydrated } from "remix-utils/use-hydrated";
import { useNonce } from "~/components/nonce";
import { useTranslation } from "~/lib/i18n";
import { loadBancard } from "./bancard-script";

const containerId = "bancard-card-form";

function Frame({ processId, scriptUrl }: { processId: string; scriptUrl: string }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const container = useRef<HTMLDivElement>(null);
  const title = t("checkout:cardForm.frameTitle");
  useEffect(() => {
    let current = true;
    void loadBancard(scriptUrl, nonce).then((bancard) => {
      if (!current) return;
      bancard.Checkout?.createForm(containerId, processId, { title });
      // Named whatever the script calls it: the frame is what screen readers land in.
      container.current?.querySelector("iframe")?.setAttribute("title", title);
    });
    return () => {
      current = false;
    };
  }, [processId, scriptUrl, nonce, title]);
  return <div id={containerId} ref={container} className="min-h-[32rem]" />;
}

/** The form for Bancard's process, and a way back to the page's own pay (places still held). */
export function BancardFramedForm({
  processId,
  scriptUrl,
  leavePath,
  headingLevel = 2,
}: {
  processId: string;
  scriptUrl: string;
  leavePath: string;
  /** Under the page's own section headings (the checkout's), one level down. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 3 ? "h3" : "h2";
  // The buyer pressed pay: where they type the card now is where focus goes.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="card-form-heading" className="panel">
      <Heading id="card-form-heading" ref={heading} tabIndex={-1}>
        {t("checkout:cardForm.heading")}
      </Heading>
      <p>{t("checkout:cardForm.instructions")}</p>
      <ClientOnly fallback={<p role="status">{t("checkout:cardForm.loading")}</p>}>
        {() => <Frame processId={processId} scriptUrl={scriptUrl} />}
      </ClientOnly>
      <p>
        {/* A document load: the page's pay again, the places still held. */}
        <Link to={leavePath} reloadDocument>
          {t("checkout:cardForm.another")}
        </Link>
      </p>
    </section>
  );
}

/** Sent only by a hydrated form: the pay frames Bancard's form instead of leaving for it. */
export function ScriptedField() {
  return useHydrated() ? <input type="hidden" name="lConScript" value="1" /> : null;
}
