// The wizard's photos kept on the device with its answers (docs/decisions/036 keeps the
// answers; docs/decisions/050-photos.md "Screens" the photos): only what the server gave back for
// each photo that is up (its id and thumbnail) and its file name, never the picture itself. The
// server forgets a photo no request claimed after 24 hours, so a kept photo is dropped an hour
// before that: one read from the draft must still be there when the quote is sent.
import type { KeptPhoto } from "@/lib/photo-uploads";
import type { UploadedPhoto } from "@/lib/photo-upload";

const PHOTO_DRAFT_KEY = "quote-photos";
/** The server keeps an unclaimed upload this long. */
export const PHOTO_ID_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A kept photo is offered again for this long after it went up. */
export const PHOTO_DRAFT_KEEP_MS = PHOTO_ID_LIFETIME_MS - 60 * 60 * 1000;

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
/** localStorage, or nothing where the browser refuses it; ./draft.ts's own twin, kept apart so this chunk does not split that one from the page's. */
export function photoStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

interface StoredPhoto extends KeptPhoto {
  uploadedAt: number;
}

const isPhoto = (value: unknown): value is UploadedPhoto => {
  const p = value as Partial<UploadedPhoto> | null;
  return (
    !!p &&
    (typeof p.id === "string" || typeof p.id === "number") &&
    typeof p.thumbnailUrl === "string" &&
    p.thumbnailUrl.startsWith("/") &&
    typeof p.width === "number" &&
    typeof p.height === "number"
  );
};

function readStored(storage: DraftStorage | null): StoredPhoto[] {
  try {
    const stored = JSON.parse(storage?.getItem(PHOTO_DRAFT_KEY) ?? "[]") as unknown;
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (s): s is StoredPhoto => !!s && typeof s === "object" && typeof s.name === "string" && typeof s.uploadedAt === "number" && isPhoto(s.photo),
    );
  } catch {
    return [];
  }
}

/** The photos kept and still young enough to send; older ones are dropped from the device. */
export function readPhotoDraft(storage: DraftStorage | null, now: number): KeptPhoto[] {
  const stored = readStored(storage);
  const fresh = stored.filter((s) => now - s.uploadedAt <= PHOTO_DRAFT_KEEP_MS && s.uploadedAt <= now);
  if (fresh.length !== stored.length) writeStored(storage, fresh);
  return fresh.map(({ name, photo }) => ({ name, photo }));
}

/** Keeps `photos` (those that are up), each with the time it first went up. */
export function savePhotoDraft(storage: DraftStorage | null, photos: readonly KeptPhoto[], now: number) {
  const before = new Map(readStored(storage).map((s) => [String(s.photo.id), s.uploadedAt]));
  writeStored(
    storage,
    photos.map(({ name, photo }) => ({ name, photo, uploadedAt: before.get(String(photo.id)) ?? now })),
  );
}

function writeStored(storage: DraftStorage | null, photos: StoredPhoto[]) {
  try {
    if (photos.length) storage?.setItem(PHOTO_DRAFT_KEY, JSON.stringify(photos));
    else storage?.removeItem(PHOTO_DRAFT_KEY);
  } catch {
    // Storage full or refused: the photos are still in this page, just not after a reload.
  }
}
