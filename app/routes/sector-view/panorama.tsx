// A 360° view without JavaScript: the wide image scrolls sideways inside its own box (never
// the page), the box takes the focus so arrow keys scroll it, and the description is both
// written out and the image's alternative text. The map island's drag/arrow-key panorama
// takes the same props.
import { useTranslation } from "~/lib/i18n";

export type PanoramaProps = {
  /** The panorama image. */
  src: string;
  /** What the view shows, in words (visible, and the image's alt). */
  description: string;
  /** The box's accessible name: "Panorama from Platea". */
  label: string;
};

export function Panorama({ src, description, label }: PanoramaProps) {
  const { t } = useTranslation();
  return (
    <figure className="flex flex-col gap-2">
      <section
        className="panorama"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box takes the focus to scroll by keyboard.
        tabIndex={0}
      >
        <img src={src} alt={description} className="panorama-image" />
      </section>
      <p className="text-sm text-stone-700 mb-0">{t("checkout:seatMap.view360Hint")}</p>
      <figcaption>{description}</figcaption>
    </figure>
  );
}
