import { describe, expect, it } from "vitest";
import { viewerMove } from "./PhotoViewer";
import { doubleTap, keyAction, MAX_ZOOM, pan, pinch, RESTING, swipeOutcome } from "./viewer-gestures";

const STAGE = { width: 390, height: 700 };

describe("the photo viewer moving between photos", () => {
  it("when next or previous is asked, then it moves one photo and stops at either end", () => {
    expect(viewerMove(0, "next", 3)).toBe(1);
    expect(viewerMove(1, "next", 3)).toBe(2);
    expect(viewerMove(2, "next", 3)).toBeNull();
    expect(viewerMove(2, "previous", 3)).toBe(1);
    expect(viewerMove(0, "previous", 3)).toBeNull();
    expect(viewerMove(1, "first", 3)).toBe(0);
    expect(viewerMove(0, "last", 3)).toBe(2);
  });

  it("when the viewer is told to close, or a key means nothing to it, then it closes or stays", () => {
    expect(viewerMove(1, "close", 3)).toBe("close");
    expect(viewerMove(1, "stay", 3)).toBeNull();
    expect(viewerMove(1, keyAction("a"), 3)).toBeNull();
  });

  it("when an arrow key, Home or End is pressed, then it moves as a desktop expects", () => {
    expect(viewerMove(1, keyAction("ArrowRight"), 3)).toBe(2);
    expect(viewerMove(1, keyAction("ArrowLeft"), 3)).toBe(0);
    expect(viewerMove(1, keyAction("Home"), 3)).toBe(0);
    expect(viewerMove(1, keyAction("End"), 3)).toBe(2);
    // Escape is the dialog's own: it closes through Radix, not through this table.
    expect(keyAction("Escape")).toBeNull();
  });
});

describe("a finger on the photo", () => {
  it("when a finger moves sideways past a fifth of the screen, or flicks, then it is a swipe to the next or previous photo", () => {
    expect(swipeOutcome(-100, 5, 600, STAGE.width)).toBe("next");
    expect(swipeOutcome(100, -5, 600, STAGE.width)).toBe("previous");
    expect(swipeOutcome(-40, 0, 150, STAGE.width)).toBe("next");
    expect(swipeOutcome(-40, 0, 600, STAGE.width)).toBe("stay");
    // On a wide screen a short drag is not enough.
    expect(swipeOutcome(-100, 0, 600, 1280)).toBe("stay");
  });

  it("when a finger drags the photo down far enough, then the viewer closes; a drag up does nothing", () => {
    expect(swipeOutcome(10, 150, 600, STAGE.width)).toBe("close");
    expect(swipeOutcome(0, 70, 200, STAGE.width)).toBe("close");
    expect(swipeOutcome(0, 70, 600, STAGE.width)).toBe("stay");
    expect(swipeOutcome(0, -200, 600, STAGE.width)).toBe("stay");
  });

  it("when two fingers spread, then the photo zooms about the point between them, from 1x to at most 4x", () => {
    const zoomed = pinch(
      RESTING,
      [
        { x: 40, y: 0 },
        { x: 60, y: 0 },
      ],
      [
        { x: 30, y: 0 },
        { x: 70, y: 0 },
      ],
    );
    expect(zoomed).toEqual({ scale: 2, x: -50, y: 0 });
    // The photo's point that was between the fingers (x 50) is still under them.
    expect((50 - zoomed.x) / zoomed.scale).toBe(50);
    const huge = pinch(
      RESTING,
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
      [
        { x: -200, y: 0 },
        { x: 200, y: 0 },
      ],
    );
    expect(huge.scale).toBe(MAX_ZOOM);
    const pinchedIn = pinch(
      zoomed,
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
      ],
      [
        { x: 40, y: 0 },
        { x: 60, y: 0 },
      ],
    );
    expect(pinchedIn).toEqual(RESTING);
  });

  it("when a zoomed photo is dragged, then it moves but keeps some of itself on the screen; a double tap zooms in and back", () => {
    const zoomed = doubleTap(RESTING, { x: 0, y: 0 });
    expect(zoomed.scale).toBe(2.5);
    expect(pan(zoomed, 50, -20, STAGE)).toEqual({ scale: 2.5, x: 50, y: -20 });
    const far = pan(zoomed, 10_000, 10_000, STAGE);
    expect(far.x).toBeLessThan(10_000);
    expect(far.x).toBe((390 * 1.5) / 2 + 390 / 4);
    expect(doubleTap(zoomed, { x: 10, y: 10 })).toEqual(RESTING);
  });
});
