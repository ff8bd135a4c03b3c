// What a person typed on a stage card and has not saved yet, kept per card in localStorage
// (decision 031): it survives the card moving tab, a tab switch, a reload and a dead battery
// before Save. Untouched fields follow the server; typed ones keep what was typed, with the
// version they were typed on, so a save after someone else's is refused, never overwriting.
import { useCallback, useEffect, useState } from "react";
import type { PurchasedLead } from "@shared/pipeline";
import { stateInputValue } from "@shared/job-clock";

export const CARD_FIELDS = ["salesNotes", "quotePrice", "customerPaymentAmount", "jobStartsAt", "followUpOn"] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<CardField, string>;

/** Someone else saved first: their values, shown beside what this person typed. */
export interface DraftConflict {
  savedBy: string | null;
  theirs: CardValues;
}

interface StoredDraft {
  typed: Partial<CardValues>;
  /** The purchase version the typed values were based on. */
  version: number;
  conflict?: DraftConflict;
}

// v2: the job's time is typed on the clock of the lead's state (docs/decisions/102-booking-windows.md);
// a v1 draft held Sydney's, and is not read as the state's.
const PREFIX = "pipeline-draft:v2:";
const keyOf = (userId: number, purchaseId: number) => `${PREFIX}${userId}:${purchaseId}`;

/** The card's values as the server holds them, in the inputs' own formats: the time on the clock of the lead's state (DESIGN section 11). */
export function serverValues(p: Pick<PurchasedLead, CardField>, state: string | null): CardValues {
  return {
    salesNotes: p.salesNotes ?? "",
    quotePrice: p.quotePrice ?? "",
    customerPaymentAmount: p.customerPaymentAmount ?? "",
    jobStartsAt: p.jobStartsAt ? stateInputValue(p.jobStartsAt, state) : "",
    followUpOn: p.followUpOn ?? "",
  };
}

function read<T = StoredDraft>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null; // storage off (private mode) or a damaged entry: no draft
  }
}

function write(key: string, draft: object | null) {
  try {
    if (draft) window.localStorage.setItem(key, JSON.stringify(draft));
    else window.localStorage.removeItem(key);
  } catch {
    // Full or disabled storage: the draft still lives in memory until the card unmounts.
  }
}

/** Typed values that still differ from the server's; equal ones are no longer a draft. */
export function pendingFields(typed: Partial<CardValues>, server: CardValues): Partial<CardValues> {
  return Object.fromEntries(Object.entries(typed).filter(([f, v]) => v !== server[f as CardField])) as Partial<CardValues>;
}

/**
 * Listed jobs with typed values the server does not have yet (the leave-the-page warning).
 * Drafts of jobs no longer listed (archived, released) or already saved do not count.
 */
export function hasUnsavedDrafts(userId: number, purchases: readonly PurchasedLead[]): boolean {
  return purchases.some((p) => {
    const draft = read(keyOf(userId, p.id));
    return !!draft && Object.keys(pendingFields(draft.typed, serverValues(p, p.lead.state))).length > 0;
  });
}

export function useCardDraft(purchase: PurchasedLead, userId: number) {
  const key = keyOf(userId, purchase.id);
  const server = serverValues(purchase, purchase.lead.state);
  const [draft, setDraft] = useState<StoredDraft | null>(() => read(key));
  const pending = draft ? pendingFields(draft.typed, server) : {};
  const dirty = Object.keys(pending).length > 0;

  // Saved elsewhere to exactly what was typed: nothing is left to keep.
  useEffect(() => {
    if (draft && !dirty && !draft.conflict) {
      write(key, null);
      setDraft(null);
    }
  }, [draft, dirty, key]);

  const set = useCallback(
    (field: CardField, value: string) =>
      setDraft((d) => {
        const next = { ...d, typed: { ...d?.typed, [field]: value }, version: d?.version ?? purchase.version };
        write(key, next);
        return next;
      }),
    [key, purchase.version],
  );

  return {
    value: (field: CardField) => pending[field] ?? server[field],
    pending,
    dirty,
    /** The version to send with a save: the one the typing started on. */
    version: draft?.version ?? purchase.version,
    /** Read the newer version and put it aside: what was typed stays as the draft. */
    dismissConflict: () =>
      setDraft((d) => {
        const next = d ? { typed: d.typed, version: d.version } : null;
        write(key, next);
        return next;
      }),
    /** Saved: the server's values are the truth again. */
    clear: () => {
      write(key, null);
      setDraft(null);
    },
    conflict: draft?.conflict ?? null,
    /** After a refused save: keep what was typed, now based on the version the person was shown. */
    rebase: (version: number, conflict: DraftConflict) =>
      setDraft((d) => {
        const next = { typed: d?.typed ?? {}, version, conflict };
        write(key, next);
        return next;
      }),
    set,
  };
}

/** Another part of the card typed and not yet saved, with the version it was typed on. */
export interface KeptDraft<T> {
  typed: T;
  version: number;
}

/**
 * Another part of the card's typing, kept in the same store under its own key beside the card's
 * (the test results: docs/decisions/103-test-records.md): what was typed survives a reload or a
 * flat battery until the server has it.
 */
export function useKeptDraft<T>(userId: number, purchaseId: number, part: string) {
  const key = `${keyOf(userId, purchaseId)}:${part}`;
  const [kept, setKept] = useState<KeptDraft<T> | null>(() => read<KeptDraft<T>>(key));
  const keep = useCallback(
    (typed: T, version: number) => {
      const next = { typed, version };
      write(key, next);
      setKept(next);
    },
    [key],
  );
  const clear = useCallback(() => {
    write(key, null);
    setKept(null);
  }, [key]);
  return { kept, keep, clear };
}
