// Where the person was on a stage's list when a card leaves it (docs/decisions/084-undo-a-stage-
// move.md). A card that moves stage leaves the list under the thumb: the page got shorter, the
// browser scrolled to what was left (on a phone, the footer) and focus fell to the document. Now
// focus goes to the card that took its place (or the one before it, or the list), the footer
// does not come up in place of the list, and an Undo puts the view back exactly where it was.
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, type RefObject } from "react";

/** A leaving card's note goes stale after this: a refused move left the card where it was. */
const NOTE_MS = 15_000;
/** Room under the header's strip: a list scrolled to its end keeps its last card's foot on screen. */
const LIST_END_MARGIN_PX = 16;

export interface Place {
  /** Just before a change that may take card `id` off this list (a stage move, a quote sent). */
  leaving: (id: number) => void;
  /** An Undo brings card `id` back: once it is listed again, the view returns to where it was. */
  returning: (id: number) => void;
}

const PlaceContext = createContext<Place | null>(null);
export const PlaceProvider = PlaceContext.Provider;
/** The board's Place; null outside it (a card shown on its own). */
export const usePlace = () => useContext(PlaceContext);

/** The card's element id, for focusing it. */
export const stageCardId = (purchaseId: number) => `stage-card-${purchaseId}`;
const cardElement = (id: number | undefined) => (id === undefined ? null : document.getElementById(stageCardId(id)));

interface Note {
  id: number;
  scrollY: number;
  at: number;
  next?: number;
  previous?: number;
}

/** Scrolls up, never down, just enough that what follows the list (the footer) is out of view. */
function keepListInView(list: HTMLElement) {
  const box = list.getBoundingClientRect();
  const dy = Math.min(0, Math.max(box.bottom + LIST_END_MARGIN_PX - window.innerHeight, box.top));
  if (dy < 0) window.scrollBy({ top: dy, behavior: "instant" });
}

/** `ids`: the cards of the open list, in order; `list`: their container, focusable. */
export function useKeepPlace(ids: readonly number[], list: RefObject<HTMLElement | null>): Place {
  const leavingNote = useRef<Note | null>(null);
  const returningNote = useRef<Note | null>(null);
  // Where each card that left was, for its Undo (the leaving note is gone once acted on).
  const lastPlace = useRef(new Map<number, number>());
  const listed = useRef(ids);
  listed.current = ids;

  const leaving = useCallback((id: number) => {
    const at = listed.current.indexOf(id);
    if (at < 0) return;
    leavingNote.current = { id, scrollY: window.scrollY, at: Date.now(), next: listed.current[at + 1], previous: listed.current[at - 1] };
  }, []);
  const returning = useCallback((id: number) => {
    const left = leavingNote.current?.id === id ? leavingNote.current : null;
    returningNote.current = { id, scrollY: left?.scrollY ?? lastPlace.current.get(id) ?? window.scrollY, at: Date.now() };
  }, []);

  const key = ids.join(",");
  useLayoutEffect(() => {
    const now = Date.now();
    const left = leavingNote.current;
    if (left && now - left.at > NOTE_MS) leavingNote.current = null;
    else if (left && !ids.includes(left.id)) {
      leavingNote.current = null;
      lastPlace.current.set(left.id, left.scrollY);
      const target = cardElement(left.next) ?? cardElement(left.previous) ?? list.current;
      target?.focus({ preventScroll: true });
      if (list.current) keepListInView(list.current);
    }
    const back = returningNote.current;
    if (back && now - back.at > NOTE_MS) returningNote.current = null;
    else if (back && ids.includes(back.id)) {
      returningNote.current = null;
      lastPlace.current.delete(back.id);
      window.scrollTo({ top: back.scrollY, behavior: "instant" });
      cardElement(back.id)?.focus({ preventScroll: true });
    }
    // Only a change of the listed cards can be a card leaving or coming back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return useMemo(() => ({ leaving, returning }), [leaving, returning]);
}
