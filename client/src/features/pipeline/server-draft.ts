// A text input that follows the server until the user types in it (stage card notes, quote
// price, payment amount): after a reload or another person's save, an untouched input shows
// the new stored value; an edited one keeps what the user typed.
import { useState } from "react";

export interface Draft {
  value: string;
  /** The server value the draft last agreed with. */
  base: string;
}

export function followServer(draft: Draft, server: string): Draft {
  if (server === draft.base) return draft;
  return draft.value === draft.base ? { value: server, base: server } : { value: draft.value, base: server };
}

export function useServerDraft(server: string) {
  const [draft, setDraft] = useState<Draft>({ value: server, base: server });
  const next = followServer(draft, server);
  if (next !== draft) setDraft(next); // adjusting state while rendering (React docs pattern)
  return {
    value: next.value,
    dirty: next.value !== next.base,
    set: (value: string) => setDraft((d) => ({ ...d, value })),
    /** Saved: what the user typed is now the agreed value, so the server's form of it (850 → 850.00) replaces it. */
    saved: () => setDraft((d) => ({ value: d.value, base: d.value })),
  };
}
