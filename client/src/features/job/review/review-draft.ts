// The customer's review as they type it, kept in the tab's sessionStorage under the job's token
// (docs/decisions/062-review-screens.md): a reload, a slow phone's failed send or a wrong code
// loses nothing. Never the mobile code; gone once the review is published, or when the tab closes.
import { REVIEW_ASPECTS, type ReviewAspect } from "@shared/reviews-rules";

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface ReviewDraft {
  rating: number | null;
  text: string;
  aspects: Partial<Record<ReviewAspect, number>>;
}

export const EMPTY_REVIEW_DRAFT: ReviewDraft = { rating: null, text: "", aspects: {} };

const keyOf = (token: string) => `review-draft:${token}`;
const isStars = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 5;

/** sessionStorage, or nothing where the browser refuses it (private modes, storage off). */
export function tabStorage(): DraftStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveReviewDraft(storage: DraftStorage | null, token: string, draft: ReviewDraft) {
  try {
    storage?.setItem(keyOf(token), JSON.stringify({ rating: draft.rating, text: draft.text, aspects: draft.aspects }));
  } catch {
    // Storage full or refused: the form works on, it just will not survive a reload.
  }
}

/** The kept review, each part checked; null when there is none or it is not a draft. */
export function readReviewDraft(storage: DraftStorage | null, token: string): ReviewDraft | null {
  try {
    const stored = JSON.parse(storage?.getItem(keyOf(token)) ?? "null") as Record<string, unknown> | null;
    if (!stored || typeof stored !== "object") return null;
    const aspects: ReviewDraft["aspects"] = {};
    const storedAspects = (typeof stored.aspects === "object" && stored.aspects) || {};
    for (const aspect of REVIEW_ASPECTS) {
      const value = (storedAspects as Record<string, unknown>)[aspect];
      if (isStars(value)) aspects[aspect] = value;
    }
    return { rating: isStars(stored.rating) ? stored.rating : null, text: typeof stored.text === "string" ? stored.text : "", aspects };
  } catch {
    return null;
  }
}

export function clearReviewDraft(storage: DraftStorage | null, token: string) {
  try {
    storage?.removeItem(keyOf(token));
  } catch {
    // Nothing to do: the tab's storage goes when it closes.
  }
}
