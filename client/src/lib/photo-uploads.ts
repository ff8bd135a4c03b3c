// The photos a customer is adding, outside any component (docs/decisions/050-photos.md, "Screens"):
// each starts up at once, shows its progress, can be removed (which cancels it) and ends as
// done or failed with a message naming it. The wizard's photo step unmounts when the customer
// moves on, so the uploads live here and carry on; a screen subscribes with
// useSyncExternalStore. No React in this file, so its rules are tested as plain functions.
import { MAX_PHOTOS, namedMessage, photoFileProblem, UploadCancelled, type UploadedPhoto } from "./photo-upload";

export type PhotoUploadState = "uploading" | "done" | "failed";

export interface PhotoUpload {
  /** This device's own key for the tile; the server's id is in `photo` once it is up. */
  key: string;
  name: string;
  state: PhotoUploadState;
  /** 0 to 1 while uploading; 1 once the bytes are sent (the server may still be working). */
  progress: number;
  /** The picture on this device while it goes up (an object URL); null for one restored from a draft. */
  localUrl: string | null;
  photo: UploadedPhoto | null;
  /** Why it failed, naming the photo (the server's message where the server refused it). */
  error: string | null;
}

export interface PhotoUploadsSnapshot {
  items: readonly PhotoUpload[];
  /** Photos not added because the limit was reached, said once until dismissed or the next add. */
  notice: string | null;
}

export type UploadFn = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<UploadedPhoto>;

export interface PhotoUploadsOptions {
  upload: UploadFn;
  /** Photos this set may hold: a number, or asked each time (the job page's, less those the server keeps). */
  max?: number | (() => number);
  /** False: a photo that is up leaves this set (the job page shows it from the server's answer instead). */
  keepDone?: boolean;
  /** After a photo is up or removed: the set of photos sent changed (the wizard keeps them in its draft). */
  onPhotosChange?: (items: readonly PhotoUpload[]) => void;
  /** URL.createObjectURL and its revoke; left out where there is no DOM (tests). */
  preview?: { create: (file: File) => string; revoke: (url: string) => void };
}

/** Photos that count against the limit: going up or up; a failed one does not. */
export const countsAgainstLimit = (item: PhotoUpload) => item.state !== "failed";

/** "A request can have up to 6 photos, so kitchen.jpg and 2 more were not added." */
export function limitNotice(refused: readonly string[]): string | null {
  if (!refused.length) return null;
  const names = refused.length === 1 ? `${refused[0]} was` : `${refused[0]} and ${refused.length - 1} more were`;
  return `A request can have up to ${MAX_PHOTOS} photos, so ${names} not added. Remove one to add another.`;
}

export type PhotoUploads = ReturnType<typeof createPhotoUploads>;

/** A photo that is up already, as a draft kept it. */
export interface KeptPhoto {
  name: string;
  photo: UploadedPhoto;
}

export function createPhotoUploads(
  { upload, max: maxOption = MAX_PHOTOS, keepDone = true, onPhotosChange, preview }: PhotoUploadsOptions,
  restored: readonly KeptPhoto[] = [],
) {
  const limit = () => (typeof maxOption === "function" ? maxOption() : maxOption);
  let seq = 0;
  const nextKey = () => `photo-${++seq}`;
  let snapshot: PhotoUploadsSnapshot = {
    items: restored.slice(0, limit()).map(({ name, photo }) => ({ key: nextKey(), name, state: "done", progress: 1, localUrl: null, photo, error: null })),
    notice: null,
  };
  const listeners = new Set<() => void>();
  const running = new Map<string, AbortController>();

  const set = (next: Partial<PhotoUploadsSnapshot>, photosChanged = false) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
    if (photosChanged) onPhotosChange?.(snapshot.items);
  };
  const update = (key: string, change: Partial<PhotoUpload>, photosChanged = false) =>
    set({ items: snapshot.items.map((item) => (item.key === key ? { ...item, ...change } : item)) }, photosChanged);
  const exists = (key: string) => snapshot.items.some((item) => item.key === key);

  async function start(key: string, file: File) {
    const controller = new AbortController();
    running.set(key, controller);
    try {
      const photo = await upload(file, (progress) => exists(key) && update(key, { progress }), controller.signal);
      if (!exists(key)) return;
      if (keepDone) update(key, { state: "done", progress: 1, photo }, true);
      else remove(key);
    } catch (err) {
      if (err instanceof UploadCancelled || !exists(key)) return;
      const message = err instanceof Error && err.message ? err.message : "the upload failed. Try again.";
      update(key, { state: "failed", error: namedMessage(file.name, message) });
    } finally {
      running.delete(key);
    }
  }

  /** Takes a photo out, cancelling its upload if it is still going up. */
  function remove(key: string) {
    const item = snapshot.items.find((i) => i.key === key);
    if (!item) return;
    running.get(key)?.abort();
    if (item.localUrl) preview?.revoke(item.localUrl);
    set({ items: snapshot.items.filter((i) => i.key !== key), notice: null }, item.state === "done");
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** Starts each file at once; a file that cannot be sent shows as failed, with why. */
    add(files: Iterable<File>) {
      const items = [...snapshot.items];
      const max = limit();
      const refused: string[] = [];
      const started: Array<[string, File]> = [];
      for (const file of files) {
        const problem = photoFileProblem(file);
        const key = nextKey();
        if (problem) items.push({ key, name: file.name, state: "failed", progress: 0, localUrl: null, photo: null, error: problem });
        else if (items.filter(countsAgainstLimit).length >= max) refused.push(file.name);
        else {
          items.push({ key, name: file.name, state: "uploading", progress: 0, localUrl: preview?.create(file) ?? null, photo: null, error: null });
          started.push([key, file]);
        }
      }
      set({ items, notice: limitNotice(refused) });
      for (const [key, file] of started) void start(key, file);
    },

    remove,

    dismissNotice: () => set({ notice: null }),

    /** The server's ids of the photos that are up, in the order they were added. */
    ids: () => snapshot.items.flatMap((item) => (item.state === "done" && item.photo ? [item.photo.id] : [])),
    uploading: () => snapshot.items.filter((item) => item.state === "uploading"),

    /** Resolves once nothing is going up (each upload done, failed or cancelled). */
    settled(): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (snapshot.items.some((item) => item.state === "uploading")) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
      });
    },

    /** Drops every photo still going up: the customer chose not to wait for them. */
    cancelUploads() {
      for (const item of snapshot.items) if (item.state === "uploading") remove(item.key);
    },

    /** Everything goes (the quote was sent). */
    clear() {
      for (const controller of running.values()) controller.abort();
      for (const item of snapshot.items) if (item.localUrl) preview?.revoke(item.localUrl);
      set({ items: [], notice: null }, true);
    },
  };
}
