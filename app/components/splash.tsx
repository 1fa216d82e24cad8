import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { useBrand } from "~/config/brand";

/** How long the splash stays (§9). */
export const splashMs = 3000;
export const splashSeenKey = "splash-seen";

/**
 * Where the splash may play: the billboard, where a visitor arrives to look around. A tab
 * opened on anything else (a payment link from a mail, a payment's result, a show) came to
 * act there: the logo would only stand in the way for 3 s.
 */
export const splashPaths: readonly string[] = ["/"];

/**
 * The splash with the logo when a tab (a browser session) opens on the billboard. It exists only after
 * hydration (never in the server's HTML), so crawlers and visitors without JavaScript get the
 * content at once; screen readers skip it (decorative, aria-hidden).
 *
 * It covers the page, so nothing beneath may be clicked or focused unseen while it shows. It
 * gives way at the buyer's first move rather than making the page inert for 3 s: a click or
 * tap is spent on the splash; a key (Tab, Escape…) or any focus change (a screen reader's
 * cursor) removes it before the focus moves, so the focus is always in view. Without motion
 * preferences it fades out at the end; otherwise it just goes.
 */
export function Splash() {
  const brand = useBrand();
  const [shown, setShown] = useState(false);
  // The page the tab opened on: the effect below runs once, at hydration.
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the tab's first page counts.
  useEffect(() => {
    try {
      if (sessionStorage.getItem(splashSeenKey)) return;
      // Seen or not, the tab's first page decides: never later in the same tab.
      sessionStorage.setItem(splashSeenKey, "1");
    } catch {
      return; // Storage blocked: better no splash than one on every page.
    }
    if (splashPaths.includes(pathname)) setShown(true);
  }, []);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), splashMs);
    // Gone from the page before the key or focus change takes effect.
    const hideNow = () => flushSync(() => setShown(false));
    const spendClick = (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
      hideNow();
    };
    const options = { capture: true };
    window.addEventListener("click", spendClick, options);
    window.addEventListener("keydown", hideNow, options);
    window.addEventListener("focusin", hideNow, options);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("click", spendClick, options);
      window.removeEventListener("keydown", hideNow, options);
      window.removeEventListener("focusin", hideNow, options);
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <div className="splash" aria-hidden="true" data-splash>
      <img src={brand.logo.src} alt="" width={128} height={128} className="splash-logo" />
      <span className="splash-name">{brand.name}</span>
    </div>
  );
}
