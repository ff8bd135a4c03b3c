// A quote being written is kept on the device until it is sent (as the card's typing is,
// docs/decisions/031-pipeline-work.md): closing the builder by mistake, a reload or a flat
// battery loses none of ten typed lines. Sending clears it.
import { useCallback, useState } from "react";
import { emptyLine, type DepositKind, type LineDraft } from "./quote-draft";

export interface QuoteDraft {
  lines: LineDraft[];
  deposit: { kind: DepositKind; value: string };
  validUntil: string;
  notes: string;
}

const keyOf = (userId: number, purchaseId: number) => `quote-draft:v1:${userId}:${purchaseId}`;

function read(key: string): QuoteDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as QuoteDraft;
    // Fresh keys: the stored ones may repeat keys this page has handed out since.
    return { ...draft, lines: draft.lines.map((line) => ({ ...line, key: emptyLine().key })) };
  } catch {
    return null; // storage off (private mode) or a damaged entry: start afresh
  }
}

function write(key: string, draft: QuoteDraft | null) {
  try {
    if (draft) window.localStorage.setItem(key, JSON.stringify(draft));
    else window.localStorage.removeItem(key);
  } catch {
    // Full or disabled storage: the draft lives while the builder is open.
  }
}

export function useQuoteDraft(userId: number, purchaseId: number, initial: () => QuoteDraft) {
  const key = keyOf(userId, purchaseId);
  const [draft, setDraft] = useState<QuoteDraft>(() => read(key) ?? initial());
  const update = useCallback(
    (change: Partial<QuoteDraft>) =>
      setDraft((d) => {
        const next = { ...d, ...change };
        write(key, next);
        return next;
      }),
    [key],
  );
  const clear = useCallback(() => write(key, null), [key]);
  return { draft, update, clear };
}
