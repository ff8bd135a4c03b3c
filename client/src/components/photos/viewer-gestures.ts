// The photo viewer's rules without the DOM (./PhotoViewer.tsx), so they are tested as plain
// functions: which photo comes next, what a key does, whether a finger's movement was a swipe,
// and how two fingers zoom about the point between them.

export interface Point {
  x: number;
  y: number;
}

/** translate(x, y) scale(scale), about the middle of the stage. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const RESTING: View = { scale: 1, x: 0, y: 0 };
export const MAX_ZOOM = 4;
/** A double tap zooms to this. */
export const TAP_ZOOM = 2.5;

/** The photo `delta` away from `index`, or null past either end (the viewer does not wrap). */
export function stepPhoto(index: number, delta: number, count: number): number | null {
  const next = index + delta;
  return next >= 0 && next < count ? next : null;
}

export type ViewerKeyAction = "previous" | "next" | "first" | "last" | null;

/** Arrow keys move between photos, Home and End to the ends (Escape is the dialog's own). */
export function keyAction(key: string): ViewerKeyAction {
  if (key === "ArrowLeft") return "previous";
  if (key === "ArrowRight") return "next";
  if (key === "Home") return "first";
  if (key === "End") return "last";
  return null;
}

export type SwipeOutcome = "previous" | "next" | "close" | "stay";

/**
 * Where one finger's movement on an unzoomed photo leads: sideways past a fifth of the stage (or
 * a quick flick past 30 px) to the next or previous photo; down past 120 px closes; else back.
 */
export function swipeOutcome(dx: number, dy: number, ms: number, stageWidth: number): SwipeOutcome {
  const fast = ms > 0 && ms < 300;
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (Math.abs(dx) > Math.max(60, stageWidth / 5) || (fast && Math.abs(dx) > 30)) return dx < 0 ? "next" : "previous";
    return "stay";
  }
  return dy > 120 || (fast && dy > 60) ? "close" : "stay";
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const clampScale = (scale: number) => Math.min(MAX_ZOOM, Math.max(1, scale));

/**
 * Two fingers moved from `from` to `to` (points from the stage's middle): the photo scales by
 * how far they spread and moves with the point between them, so what was under the fingers
 * stays under them. Never smaller than the photo fitted to the screen nor larger than 4x.
 */
export function pinch(start: View, from: [Point, Point], to: [Point, Point]): View {
  const scale = clampScale(start.scale * (distance(to[0], to[1]) / Math.max(1, distance(from[0], from[1]))));
  if (scale === 1) return RESTING;
  return zoomAbout(start, middle(...from), middle(...to), scale);
}

/** The view at `scale` with the photo's point that was at `from` now at `to`. */
export function zoomAbout(start: View, from: Point, to: Point, scale: number): View {
  const ratio = scale / start.scale;
  return { scale, x: to.x - (from.x - start.x) * ratio, y: to.y - (from.y - start.y) * ratio };
}

/** A double tap: in to 2.5x about the tapped point, or back to fitted. */
export function doubleTap(view: View, at: Point): View {
  return view.scale > 1 ? RESTING : zoomAbout(view, at, at, TAP_ZOOM);
}

/** One finger on a zoomed photo moves it, no further than keeps some of it on the stage. */
export function pan(start: View, dx: number, dy: number, stage: { width: number; height: number }): View {
  const limitX = (stage.width * (start.scale - 1)) / 2 + stage.width / 4;
  const limitY = (stage.height * (start.scale - 1)) / 2 + stage.height / 4;
  const clamp = (v: number, limit: number) => Math.min(limit, Math.max(-limit, v));
  return { scale: start.scale, x: clamp(start.x + dx, limitX), y: clamp(start.y + dy, limitY) };
}
