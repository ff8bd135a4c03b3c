// The quote wizard's answers, kept on the device until the quote is sent (docs/decisions/036):
// a reload, or a trip home and back, loses nothing. Only the wizard's own fields are kept,
// never the honeypot nor the mobile code; abandoned answers expire after a week.
import type { QuoteRequestInput } from "@shared/leads";
import { HONEYPOT_FIELD } from "@shared/honeypot";
import { QUOTE_FORM_DEFAULTS } from "@shared/quote-form";

const DRAFT_KEY = "quote-draft";
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
export type QuoteDraft = Partial<QuoteRequestInput>;

const KEPT_FIELDS = Object.keys(QUOTE_FORM_DEFAULTS).filter((name) => name !== HONEYPOT_FIELD) as (keyof typeof QUOTE_FORM_DEFAULTS)[];

/** localStorage, or nothing where the browser refuses it (private modes, storage off). */
export function deviceStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveDraft(storage: DraftStorage | null, values: Record<string, unknown>, now: number) {
  const kept: Record<string, unknown> = {};
  for (const name of KEPT_FIELDS) if (values[name] !== undefined) kept[name] = values[name];
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify({ savedAt: now, values: kept }));
  } catch {
    // Storage full or refused: the wizard works on, it just will not survive a reload.
  }
}

/** The kept answers, unless there are none or they are older than a week (then they go). */
export function readDraft(storage: DraftStorage | null, now: number): QuoteDraft | null {
  try {
    const stored = JSON.parse(storage?.getItem(DRAFT_KEY) ?? "null") as { savedAt?: unknown; values?: unknown } | null;
    if (!stored || typeof stored.savedAt !== "number" || typeof stored.values !== "object" || stored.values === null) return null;
    if (now - stored.savedAt > DRAFT_LIFETIME_MS) {
      clearDraft(storage);
      return null;
    }
    const values = stored.values as Record<string, unknown>;
    const draft: Record<string, unknown> = {};
    for (const name of KEPT_FIELDS) if (typeof values[name] === typeof QUOTE_FORM_DEFAULTS[name]) draft[name] = values[name];
    return draft as QuoteDraft;
  } catch {
    return null;
  }
}

export function clearDraft(storage: DraftStorage | null) {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to do: the answers expire on their own.
  }
}
