// "Add a card": Bancard's registration form. With JavaScript the action answers the process,
// and Bancard's script frames the form here: the shop's own (nonced) code inserts the script,
// which the page's policy trusts through 'strict-dynamic' and allows in frame-src (decision
// 0078; the page is entered by a document load). Without JavaScript the action sends the
// buyer to Bancard's page. Either way Bancard sends the buyer back to My cards.
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { loadBancard } from "~/components/acquirer-form/bancard-script";
import { useTranslation } from "~/lib/i18n";

type Registration = { processId: string; pageUrl: string; scriptUrl: string };

const containerId = "bancard-card-registration";

export function AddCard({ registration }: { registration: Registration | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";

  // Framed once per registration process (the container is Bancard's from then on).
  const processId = registration?.processId;
  const pageUrl = registration?.pageUrl;
  const scriptUrl = registration?.scriptUrl;
  const formTitle = t("account:cards.formTitle");
  useEffect(() => {
    if (!processId || !pageUrl || !scriptUrl) return;
    let current = true;
    loadBancard(scriptUrl)
      .then((bancard) => {
        const cards = bancard.Cards;
        if (!current) return;
        if (!cards) throw new Error("Bancard's script has no Cards form");
        cards.createForm(containerId, processId, { title: formTitle });
        document.getElementById(containerId)?.focus();
      })
      // Bancard's script could not run here: its own page takes the card instead.
      .catch(() => window.location.assign(pageUrl));
    return () => {
      current = false;
    };
  }, [processId, pageUrl, scriptUrl, formTitle]);

  return (
    <div>
      {registration ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="add" />
          {hydrated ? <input type="hidden" name="framed" value="1" /> : null}
          <button type="submit" className="button-primary" disabled={busy}>
            {t("account:cards.add")}
          </button>
        </Form>
      )}
      <section id={containerId} aria-label={formTitle} tabIndex={-1} hidden={!registration} />
    </div>
  );
}
