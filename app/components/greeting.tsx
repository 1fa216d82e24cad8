import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";

/** The greeting after a login or sign-up appears this long after the page (§9). */
export const greetingDelayMs = 2000;

/**
 * "Hello, {name}" on the first page after a login or sign-up. With JavaScript it fills a
 * polite live region (present, empty, from the start, so screen readers announce what comes
 * into it) 2000 ms after the page is ready; without JavaScript the page simply shows it.
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
        <noscript>
          <p className="notice">{t("account:greeting.hello", { name })}</p>
        </noscript>
      ) : null}
    </>
  );
}
