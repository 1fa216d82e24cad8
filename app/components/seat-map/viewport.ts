// Zoom and pan of the seat map as pure arithmetic on the SVG viewBox: zooming keeps the point
// under the fingers (or the focused seat) still, panning moves by screen pixels converted to
// plan units, and every view stays inside the sector's box, no smaller than a few seats wide.

export type View = { x: number; y: number; width: number; height: number };

/** Zoomed in at most this many times the whole sector. */
export const maxZoom = 12;

/** Keeps a view inside `bounds` and between the whole box and `maxZoom` times closer. */
export function clampView(view: View, bounds: View): View {
  const scale = Math.min(Math.max(view.width / bounds.width, 1 / maxZoom), 1);
  const width = bounds.width * scale;
  const height = bounds.height * scale;
  const x = Math.min(Math.max(view.x, bounds.x), bounds.x + bounds.width - width);
  const y = Math.min(Math.max(view.y, bounds.y), bounds.y + bounds.height - height);
  return { x, y, width, height };
}

/** Zooms by `factor` (> 1 closer) keeping the plan point `at` where it is on screen. */
export function zoomAt(view: View, factor: number, at: [number, number], bounds: View): View {
  const width = view.width / factor;
  const height = view.height / factor;
  const x = at[0] - ((at[0] - view.x) * width) / view.width;
  const y = at[1] - ((at[1] - view.y) * height) / view.height;
  return clampView({ x, y, width, height }, bounds);
}

/** Pans by a drag of (dx, dy) screen pixels on a map drawn `screenWidth` pixels wide. */
export function panBy(view: View, dx: number, dy: number, screenWidth: number, bounds: View) {
  const unitsPerPixel = view.width / Math.max(screenWidth, 1);
  return clampView(
    { ...view, x: view.x - dx * unitsPerPixel, y: view.y - dy * unitsPerPixel },
    bounds,
  );
}

/** The least pan that shows `point` with `margin` plan units around it. */
export function revealPoint(view: View, point: [number, number], margin: number, bounds: View) {
  let { x, y } = view;
  if (point[0] - margin < x) x = point[0] - margin;
  if (point[0] + margin > x + view.width) x = point[0] + margin - view.width;
  if (point[1] - margin < y) y = point[1] - margin;
  if (point[1] + margin > y + view.height) y = point[1] + margin - view.height;
  return clampView({ ...view, x, y }, bounds);
}

export function isWholeView(view: View, bounds: View): boolean {
  return view.width >= bounds.width - 1e-6;
}

/** As close as the map zooms: `maxZoom` times the whole sector. */
export function isClosestView(view: View, bounds: View): boolean {
  return view.width <= bounds.width / maxZoom + 1e-6;
}

/** A panorama's offset kept within one image width (it wraps around: 360°). */
export function wrapOffset(offset: number, width: number): number {
  return ((offset % width) + width) % width;
}
