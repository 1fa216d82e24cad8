import { useTranslation } from "~/lib/i18n";
import { ModalDialog } from "./modal-dialog";

/**
 * The API could not be reached (nCode 555, spec §8): an 'Attention' dialog with the error, in
 * the buyer's language, and an OK button. Rendered open by the server, so it works without
 * JavaScript; OK reloads. It names the page and takes the focus (its OK button), so a
 * keyboard or screen-reader user lands in it with its title and text read out. With
 * JavaScript it is modal (see ModalDialog): Escape is the same as OK.
 */
export function AttentionDialog({ retryHref }: { retryHref?: string }) {
  const { t } = useTranslation();
  return (
    <ModalDialog labelledBy="attention-title" describedBy="attention-text">
      <title>{t("layout:attention.title")}</title>
      <h2 id="attention-title">{t("layout:attention.title")}</h2>
      <div id="attention-text">
        <p>{t("layout:errors.communication")}</p>
        <p>{t("layout:attention.text")}</p>
      </div>
      <form method="get" action={retryHref}>
        {/* biome-ignore lint/a11y/noAutofocus: the dialog is the page; its one action starts focused. */}
        <button type="submit" className="button-primary" autoFocus data-dialog-default>
          {t("layout:attention.ok")}
        </button>
      </form>
    </ModalDialog>
  );
}
