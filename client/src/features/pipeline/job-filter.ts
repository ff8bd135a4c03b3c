// "The jobs behind a figure" (docs/decisions/067-insights.md): the Insights tab links each figure
// to the jobs it counts; the board then shows exactly those jobs under Purchase History, whatever
// their stage today, until the electrician shows all jobs again. One store for the dashboard, as
// the date filter is (no provider needed).
import { useSyncExternalStore } from "react";

export interface JobFilter {
  /** What the jobs are, in the figure's words: "Quoted, 1 Oct – 31 Oct 2026". */
  label: string;
  purchaseIds: readonly number[];
}

let current: JobFilter | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const setJobFilter = (next: JobFilter | null) => {
  current = next;
  listeners.forEach((l) => l());
};

export const useJobFilter = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
