import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";

/** The greeting after a login or sign-up appears this long after the page (§9). */
export const greetingDelayMs = 2000;

/**
 * "Hello, {name}" on the first page after a login or sign-up. With JavaScript it fills a
 * polite live region (present, empty, from the start, so screen readers announce what comes
 * into it) 2000 ms after the page is ready; without JavaScript the page simply shows it: the
 * server's copy is displayed only under `@media (scripting: none)` (styles/controls.css), as a
 * browser with scripting switched off reads <noscript> as text in some set-ups.
 */
export function Greeting({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    setShown(null);
    if (!name) return;
    const timer = setTimeout(() => setShown(name), greetingDelayMs);
    return () => clearTimeout(timer);
  }, [name]);
  return (
    <>
      <div role="status" className={shown ? "notice" : undefined} data-greeting>
        {shown ? t("account:greeting.hello", { name: shown }) : null}
      </div>
      {name ? (
        <p className="notice greeting-without-script">{t("account:greeting.hello", { name })}</p>
      ) : null}
    </>
  );
}
