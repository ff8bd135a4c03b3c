// A tiny toast store in the shadcn/ui shape: 5000 ms by default, a dismissed toast removed
// from memory after 1,000,000 ms (docs/product.md section 9). Notices (docs/decisions/032)
// never hide each other, so up to TOAST_LIMIT stack one above the other and a new one never
// replaces an open one; more wait their turn. (The backup reminder is no notice: it sits in the
// page, docs/decisions/038.)
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
  /**
   * One button on the notice, such as a stage move's "Undo" (docs/decisions/084-undo-a-stage-
   * move.md). `altText` says what it does for a screen reader, which may reach it some other way.
   */
  action?: { label: string; altText: string; onClick: () => void };
  open: boolean;
}

let toasts: ToastData[] = [];
let waiting: ToastData[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The notices on screen now, newest first. */
export const openToasts = () => toasts.filter((t) => t.open);
const mayShow = () => openToasts().length < TOAST_LIMIT;

/** Shows the waiting notices that may show now, oldest first. */
function promote() {
  while (waiting.length > 0 && mayShow()) {
    const [next, ...rest] = waiting;
    waiting = rest;
    toasts = [next!, ...toasts];
  }
}

export function toast(input: Omit<ToastData, "id" | "open">) {
  const id = nextId++;
  waiting = [...waiting, { ...input, id, open: true }];
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

/**
 * Every notice on screen or waiting goes: a dialog that opens is the person's next step, and a
 * notice about the last one must not lie over its buttons (docs/decisions/079-no-surprises-in-
 * the-pipeline.md).
 */
export function dismissAllToasts() {
  waiting = [];
  for (const t of openToasts()) dismissToast(t.id);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useToasts() {
  const snapshot = () => toasts;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
