import { useTranslation } from "~/lib/i18n";
import { ModalDialog } from "./modal-dialog";

/**
 * The API could not be reached (nCode 555, spec §8): an 'Attention' dialog with the error and
 * an OK button. Rendered open by the server, so it works without JavaScript; OK reloads. With
 * JavaScript it is modal (see ModalDialog): Escape is the same as OK.
 */
export function AttentionDialog({ message, retryHref }: { message: string; retryHref?: string }) {
  const { t } = useTranslation();
  return (
    <ModalDialog labelledBy="attention-title">
      <h2 id="attention-title">{t("layout:attention.title")}</h2>
      <p>{t("layout:attention.text")}</p>
      <p className="text-sm text-stone-600">{message}</p>
      <form method="get" action={retryHref}>
        <button type="submit" className="button-primary" data-dialog-default>
          {t("layout:attention.ok")}
        </button>
      </form>
    </ModalDialog>
  );
}
