import { useEffect, useState } from "react";
import { brand } from "~/config/brand";

/** How long the splash stays (§9). */
export const splashMs = 3000;
export const splashSeenKey = "splash-seen";

/**
 * The splash with the logo on the first visit of a browser session. It exists only after
 * hydration (never in the server's HTML), so crawlers and visitors without JavaScript get the
 * content at once; it is decorative and lets every click and key through to the page beneath.
 * Escape dismisses it early. Without motion preferences it fades out; otherwise it just goes.
 */
export function Splash() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    try {
      if (sessionStorage.getItem(splashSeenKey)) return;
      sessionStorage.setItem(splashSeenKey, "1");
    } catch {
      return; // Storage blocked: better no splash than one on every page.
    }
    setShown(true);
  }, []);

  useEffect(() => {
    if (!shown) return;
    const hide = () => setShown(false);
    const timer = setTimeout(hide, splashMs);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
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
