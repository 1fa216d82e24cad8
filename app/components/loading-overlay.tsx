import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";

/** Fast navigations finish before this and never flash the overlay. */
export const overlayDelayMs = 300;

/**
 * The full-screen overlay with the logo while a navigation loads (§1; JavaScript only: without
 * it the browser shows its own progress). It announces itself politely, takes no focus and lets
 * clicks through, so it never traps anyone.
 */
export function LoadingOverlay() {
  const brand = useBrand();
  const { t } = useTranslation("layout");
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), overlayDelayMs);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    // The live region is always in the page so screen readers notice when it fills.
    <div role="status" className={visible ? "loading-overlay" : "sr-only"} data-loading={visible}>
      {visible ? (
        <>
          <img
            src={brand.logo.src}
            alt=""
            width={brand.logo.width * 2}
            height={brand.logo.height * 2}
            className="loading-logo"
          />
          <span className="sr-only">{t("loading")}</span>
        </>
      ) : null}
    </div>
  );
}
