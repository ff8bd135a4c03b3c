// The board's "Paperwork due" filter (docs/decisions/105-paperwork-on-the-card.md): only the jobs
// whose most urgent paperwork is due within two days, today or late. One store for the dashboard,
// as the date filter is, so it survives switching tabs (no provider needed).
import { useSyncExternalStore } from "react";

let current = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const setPaperworkDueOnly = (next: boolean) => {
  current = next;
  listeners.forEach((l) => l());
};

export const usePaperworkDueOnly = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
