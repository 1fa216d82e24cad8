import { type FormEvent, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { newsletterParam, newsletterThanks } from "./newsletter-param";

/**
 * The newsletter box (§1): name and e-mail, and a button that only says thank you. Nothing is
 * sent or stored: the inputs have no `name`, so even the JavaScript-less fallback (a GET back
 * to this page with ?newsletter=thanks, which renders the dialog open) carries neither.
 */
export function Newsletter() {
  const { t } = useTranslation("layout");
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const dialog = useRef<HTMLDialogElement>(null);
  const openedByServer = searchParams.get(newsletterParam) === newsletterThanks;
  const keep = [...searchParams].filter(([key]) => key !== newsletterParam);

  function thank(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.currentTarget.reset();
    const element = dialog.current;
    if (!element) return;
    if (element.open) element.close();
    element.showModal();
  }

  return (
    <section aria-labelledby="newsletter-title" className="newsletter">
      <h2 id="newsletter-title" className="footer-heading">
        {t("newsletter.title")}
      </h2>
      <p className="text-sm text-stone-300 mb-3">{t("newsletter.text")}</p>
      <form method="get" action={pathname} onSubmit={thank} className="flex flex-col gap-2">
        {keep.map(([key, value]) => (
          <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
        ))}
        <input type="hidden" name={newsletterParam} value={newsletterThanks} />
        <label htmlFor="newsletter-name" className="text-sm">
          {t("newsletter.name")}
        </label>
        <input
          id="newsletter-name"
          type="text"
          autoComplete="name"
          required
          className="newsletter-input"
        />
        <label htmlFor="newsletter-email" className="text-sm">
          {t("newsletter.email")}
        </label>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          required
          className="newsletter-input"
        />
        <button type="submit" className="button-primary mt-1 self-start">
          {t("newsletter.submit")}
        </button>
      </form>
      <dialog
        ref={dialog}
        open={openedByServer || undefined}
        aria-labelledby="newsletter-thanks-title"
        className="dialog text-stone-900"
      >
        <h2 id="newsletter-thanks-title">{t("newsletter.thanksTitle")}</h2>
        <p className="mb-4">{t("newsletter.thanksText")}</p>
        {/* method="dialog" closes it natively, with or without JavaScript. */}
        <form method="dialog">
          <button type="submit" className="button-primary">
            {t("newsletter.close")}
          </button>
        </form>
      </dialog>
    </section>
  );
}
