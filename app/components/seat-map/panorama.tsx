// The 360° view with JavaScript: the wide image twice side by side in a window, moved by
// dragging or by the arrow keys, wrapping around so the view never ends. It takes the focus
// (its label names it, the description is associated), and Home brings the stage back to the
// middle. Without JavaScript the page shows the image scrolling in its own box instead.
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { wrapOffset } from "./viewport";

/** Arrow keys turn the view by this share of the image. */
const keyStep = 0.05;

export function PanoramaIsland({
  imageUrl,
  description,
  title,
}: {
  imageUrl: string;
  description: string;
  title: string;
}) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [imageWidth, setImageWidth] = useState(0);
  const drag = useRef<{ pointerId: number; x: number } | null>(null);
  const descriptionId = useId();

  const turn = (pixels: number) =>
    setOffset((current) => (imageWidth > 0 ? wrapOffset(current + pixels, imageWidth) : current));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = imageWidth * keyStep;
    if (event.key === "ArrowLeft") turn(step);
    else if (event.key === "ArrowRight") turn(-step);
    else if (event.key === "Home") setOffset(0);
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    drag.current = { pointerId: event.pointerId, x: event.clientX };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    turn(event.clientX - drag.current.x);
    drag.current.x = event.clientX;
  }

  return (
    <figure className="flex flex-col gap-2">
      <div
        className="panorama-viewer"
        role="img"
        aria-label={title}
        aria-describedby={descriptionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the view turns with the arrow keys once focused.
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        {/* Moved through the CSS object model (not a style attribute): the CSP allows it. */}
        <div
          className="panorama-strip"
          style={{ transform: `translateX(${offset - imageWidth}px)` }}
        >
          {[0, 1, 2].map((copy) => (
            <img
              key={copy}
              src={imageUrl}
              alt=""
              draggable={false}
              onLoad={copy === 0 ? (event) => setImageWidth(event.currentTarget.width) : undefined}
            />
          ))}
        </div>
      </div>
      <p className="text-sm text-stone-700 mb-0">{t("checkout:seatMapIsland.panoramaHelp")}</p>
      <figcaption id={descriptionId}>{description}</figcaption>
    </figure>
  );
}
