// Photos full size, one at a time, over the whole screen (docs/decisions/050-photos.md, "Screens"):
// a Radix Dialog, so focus stays inside, Escape closes and a screen reader hears "Photo 2 of 3".
// On a phone a finger swipes between photos or down to close, two fingers zoom and a double
// tap zooms in and out; on a desktop the arrow keys, Home and End move and the buttons do the
// rest. Hand-written pointer events, no gesture library (./viewer-gestures.ts holds the rules).
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { doubleTap, keyAction, pan, pinch, RESTING, stepPhoto, swipeOutcome, type Point, type SwipeOutcome, type View } from "./viewer-gestures";

export interface ViewerPhoto {
  src: string;
  alt: string;
}

interface PhotoViewerProps {
  photos: readonly ViewerPhoto[];
  /** The photo shown; null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** Where a key or a swipe leads from `index`: another photo, "close", or nowhere (null). */
export function viewerMove(index: number, move: SwipeOutcome | ReturnType<typeof keyAction>, count: number): number | "close" | null {
  if (move === "close") return "close";
  if (move === "next") return stepPhoto(index, 1, count);
  if (move === "previous") return stepPhoto(index, -1, count);
  if (move === "first") return count ? 0 : null;
  if (move === "last") return count ? count - 1 : null;
  return null;
}

const NAV =
  "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/30 disabled:opacity-0";

/**
 * Lucide's chevron drawn here: importing its icon would split the pagers' chevrons into a chunk
 * of their own that the route table every landing page carries names (docs/decisions/028).
 */
const Chevron = ({ points }: { points: string }) => (
  <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d={points} />
  </svg>
);

export function PhotoViewer({ photos, index, onIndexChange, onClose }: PhotoViewerProps) {
  const open = index !== null && index < photos.length;
  const opener = useRef<Element | null>(null);
  const go = (move: Parameters<typeof viewerMove>[1]) => {
    if (index === null) return;
    const next = viewerMove(index, move, photos.length);
    if (next === "close") onClose();
    else if (next !== null) onIndexChange(next);
  };

  // The neighbours load while this photo is looked at, so a swipe shows the next at once.
  useEffect(() => {
    if (index === null) return;
    for (const near of [index - 1, index + 1]) if (photos[near]) new Image().src = photos[near].src;
  }, [index, photos]);

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (isOpen) return;
        onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
          aria-describedby={undefined}
          data-testid="photo-viewer"
          onOpenAutoFocus={() => (opener.current = document.activeElement)}
          // Back to the photo that was tapped, not the top of the page.
          onCloseAutoFocus={(event) => {
            if (opener.current instanceof HTMLElement && opener.current.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          onKeyDown={(event) => {
            const action = keyAction(event.key);
            if (!action) return;
            event.preventDefault();
            go(action);
          }}
        >
          <div className="flex h-14 shrink-0 items-center justify-between gap-3 px-4">
            <DialogPrimitive.Title className="text-sm font-semibold tabular-nums" aria-live="polite">
              {open ? `Photo ${index + 1} of ${photos.length}` : "Photo"}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close aria-label="Close" className="-mr-2 flex size-11 items-center justify-center rounded-full hover:bg-white/15">
              <X className="size-6" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          {open && <Stage key={index} photo={photos[index]!} onSwipe={go} />}
          {open && photos.length > 1 && (
            <>
              <button type="button" className={`${NAV} left-2`} aria-label="Previous photo" disabled={index === 0} onClick={() => go("previous")}>
                <Chevron points="m15 18-6-6 6-6" />
              </button>
              <button type="button" className={`${NAV} right-2`} aria-label="Next photo" disabled={index === photos.length - 1} onClick={() => go("next")}>
                <Chevron points="m9 18 6-6-6-6" />
              </button>
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

type Gesture =
  { kind: "swipe"; origin: Point; at: number } | { kind: "pan"; origin: Point; start: View } | { kind: "pinch"; from: [Point, Point]; start: View };

/** One photo on the stage, with its own zoom; a new photo starts fitted (the stage is keyed by photo). */
function Stage({ photo, onSwipe }: { photo: ViewerPhoto; onSwipe: (move: SwipeOutcome) => void }) {
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef(0);
  const [view, setView] = useState<View>(RESTING);
  // How far a swipe has carried the photo, for the finger to feel it move.
  const [drag, setDrag] = useState<Point>({ x: 0, y: 0 });
  const [moving, setMoving] = useState(false);

  const size = () => stage.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 1, height: 1 };
  const fromMiddle = (event: ReactPointerEvent): Point => {
    const box = size();
    return { x: event.clientX - box.left - box.width / 2, y: event.clientY - box.top - box.height / 2 };
  };
  const two = () => [...pointers.current.values()].slice(0, 2) as [Point, Point];
  const begin = (current: View) => {
    const points = [...pointers.current.values()];
    gesture.current =
      points.length >= 2
        ? { kind: "pinch", from: two(), start: current }
        : current.scale > 1
          ? { kind: "pan", origin: points[0]!, start: current }
          : { kind: "swipe", origin: points[0]!, at: performance.now() };
  };

  const onPointerDown = (event: ReactPointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, fromMiddle(event));
    setMoving(true);
    setDrag({ x: 0, y: 0 });
    begin(view);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = fromMiddle(event);
    pointers.current.set(event.pointerId, point);
    const g = gesture.current;
    if (!g) return;
    if (g.kind === "pinch" && pointers.current.size >= 2) setView(pinch(g.start, g.from, two()));
    else if (g.kind === "pan") setView(pan(g.start, point.x - g.origin.x, point.y - g.origin.y, size()));
    else if (g.kind === "swipe") setDrag({ x: point.x - g.origin.x, y: Math.max(0, point.y - g.origin.y) });
  };
  const onPointerEnd = (event: ReactPointerEvent) => {
    const point = pointers.current.get(event.pointerId);
    if (!point || !pointers.current.delete(event.pointerId)) return;
    const g = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other pans from here.
      begin(view);
      return;
    }
    gesture.current = null;
    setMoving(false);
    setDrag({ x: 0, y: 0 });
    if (g?.kind !== "swipe") {
      if (view.scale < 1.05) setView(RESTING);
      return;
    }
    const dx = point.x - g.origin.x;
    const dy = point.y - g.origin.y;
    const ms = performance.now() - g.at;
    if (Math.hypot(dx, dy) < 10 && ms < 300) {
      // A tap; two within 300 ms zoom in about that point, or back out.
      const now = performance.now();
      if (now - lastTap.current < 300) {
        setView(doubleTap(view, point));
        lastTap.current = 0;
      } else lastTap.current = now;
      return;
    }
    const outcome = swipeOutcome(dx, dy, ms, size().width);
    if (outcome !== "stay") onSwipe(outcome);
  };

  const x = view.x + drag.x;
  const y = view.y + drag.y;
  return (
    <div
      ref={stage}
      className="relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      data-testid="photo-stage"
      data-scale={view.scale.toFixed(2)}
    >
      <img
        src={photo.src}
        alt={photo.alt}
        draggable={false}
        className="max-h-full max-w-full object-contain"
        style={{
          transform: `translate(${x}px, ${y}px) scale(${view.scale})`,
          transition: moving ? "none" : "transform 180ms ease-out",
          opacity: drag.y > 0 ? Math.max(0.4, 1 - drag.y / 400) : 1,
        }}
      />
    </div>
  );
}
