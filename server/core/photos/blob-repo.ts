// Drizzle only: the PostgreSQL photo store's rows (photo_blobs, one per photo and variant).
import { and, eq, inArray } from "drizzle-orm";
import type { PhotoVariant } from "../../../shared/photos";
import { photoBlobs } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function writeBlob(db: Db, photoId: string, variant: PhotoVariant, stored: { bytes: Buffer; contentType: string }) {
  await db
    .insert(photoBlobs)
    .values({ photoId, variant, contentType: stored.contentType, bytes: stored.bytes })
    .onConflictDoUpdate({ target: [photoBlobs.photoId, photoBlobs.variant], set: { contentType: stored.contentType, bytes: stored.bytes } });
}

export async function readBlob(db: Db, photoId: string, variant: PhotoVariant) {
  const [row] = await db
    .select({ bytes: photoBlobs.bytes, contentType: photoBlobs.contentType })
    .from(photoBlobs)
    .where(and(eq(photoBlobs.photoId, photoId), eq(photoBlobs.variant, variant)));
  // A Buffer over the same memory, whichever driver read it.
  return row ? { bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength), contentType: row.contentType } : null;
}

export async function deleteBlobs(db: Db, photoIds: string[]) {
  if (photoIds.length) await db.delete(photoBlobs).where(inArray(photoBlobs.photoId, photoIds));
}
