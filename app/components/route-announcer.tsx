import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * What a page load does for free, done for client-side navigations (WCAG 2.4.3, 4.1.3): the
 * new page's title is read out by a polite live region, and the focus moves to its <h1>
 * (focusable by script only) instead of falling to <body>. Not when a form's error summary
 * took the focus (a failed submit) or the address only changed its #fragment; and the same
 * page with a new query keeps the focus where it is if that is still there (a filter).
 * The first page load is left to the browser.
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const previous = useRef<typeof location | null>(null);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (!before || before.key === location.key) return;
    const samePath = before.pathname === location.pathname;
    if (samePath && before.search === location.search && before.hash !== location.hash) return;

    const main = document.getElementById("main");
    // A failed submit: the error summary has the focus, and what it says is what to hear.
    if (main?.querySelector("[data-error-summary]")) return;
    const active = document.activeElement;
    const focusLost =
      !active ||
      active === document.body ||
      !active.isConnected ||
      (typeof active.checkVisibility === "function" && !active.checkVisibility());
    if (!samePath || focusLost) focusHeading(main);

    // A new text each time, so the same title twice in a row is read twice.
    setAnnouncement("");
    const timer = window.setTimeout(() => setAnnouncement(document.title), 100);
    return () => window.clearTimeout(timer);
  }, [location]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-route-announcer>
      {announcement}
    </div>
  );
}

function focusHeading(main: HTMLElement | null) {
  const target = main?.querySelector<HTMLElement>("h1") ?? main;
  if (!target) return;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  // The router restores or resets the scroll position itself.
  target.focus({ preventScroll: true });
}
