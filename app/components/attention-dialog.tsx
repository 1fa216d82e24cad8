import { useTranslation } from "~/lib/i18n";

/**
 * The API could not be reached (nCode 555, spec §8): an 'Attention' dialog with the error and
 * an OK button. Rendered open by the server, so it works without JavaScript; OK reloads.
 */
export function AttentionDialog({ message, retryHref }: { message: string; retryHref?: string }) {
  const { t } = useTranslation();
  return (
    <dialog open aria-labelledby="attention-title" className="dialog">
      <h2 id="attention-title">{t("layout:attention.title")}</h2>
      <p>{t("layout:attention.text")}</p>
      <p className="text-sm text-stone-600">{message}</p>
      <form method="get" action={retryHref}>
        <button type="submit" className="button-primary">
          {t("layout:attention.ok")}
        </button>
      </form>
    </dialog>
  );
}
