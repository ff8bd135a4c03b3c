// A tiny toast store in the shadcn/ui shape: 5000 ms by default, a dismissed toast removed
// from memory after 1,000,000 ms (docs/product.md section 9). Notices never hide
// each other (docs/decisions/032), so up to TOAST_LIMIT stack one above the other and a new one never
// replaces an open one; more wait their turn. A quiet notice (a reminder) waits until no
// notice is open, so it never pushes aside one that matters.
import { useSyncExternalStore, type ReactNode } from "react";

export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastData {
  id: number;
  title?: ReactNode;
  description?: ReactNode;
  variant?: "default" | "destructive";
  /** Milliseconds on screen; TOAST_DURATION_MS unless given. */
  duration?: number;
  open: boolean;
}

interface Waiting {
  toast: ToastData;
  quiet: boolean;
}

let toasts: ToastData[] = [];
let waiting: Waiting[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The notices on screen now, newest first. */
export const openToasts = () => toasts.filter((t) => t.open);
const openCount = () => openToasts().length;
const mayShow = (quiet: boolean) => (quiet ? openCount() === 0 : openCount() < TOAST_LIMIT);

/** Shows the waiting notices that may show now, oldest first. */
function promote() {
  while (waiting.length > 0 && mayShow(waiting[0]!.quiet)) {
    const [next, ...rest] = waiting;
    waiting = rest;
    toasts = [next!.toast, ...toasts];
  }
}

export function toast(input: Omit<ToastData, "id" | "open">, options: { quiet?: boolean } = {}) {
  const id = nextId++;
  waiting = [...waiting, { toast: { ...input, id, open: true }, quiet: options.quiet ?? false }];
  promote();
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  promote();
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useToasts() {
  const snapshot = () => toasts;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
