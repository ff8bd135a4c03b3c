// Where a photo's bytes live, behind one small interface (docs/decisions/050-photos.md):
// PostgreSQL by default (photo_blobs, bytea), an S3-compatible bucket when S3_BUCKET is set.
// Nothing else knows which: every photo is read back through the app, never from a bucket URL.
import type { PhotoStoreKind, PhotoVariant } from "../../../shared/photos";
import type { Db } from "../../platform/db/client";
import { deleteBlobs, readBlob, writeBlob } from "./blob-repo";

export interface StoredBytes {
  bytes: Buffer;
  contentType: string;
}

export interface PhotoStore {
  kind: PhotoStoreKind;
  put(photoId: string, variant: PhotoVariant, stored: StoredBytes): Promise<void>;
  /** Null when there is no such object. */
  get(photoId: string, variant: PhotoVariant): Promise<StoredBytes | null>;
  /** Every variant of each photo; deleting what is already gone is no error. */
  remove(photoIds: string[]): Promise<void>;
}

/** The PostgreSQL store: its rows go with their photo's row (the foreign key cascades), so `remove` is rarely needed. */
export function postgresPhotoStore(db: Db): PhotoStore {
  return {
    kind: "postgres",
    put: (photoId, variant, stored) => writeBlob(db, photoId, variant, stored),
    get: (photoId, variant) => readBlob(db, photoId, variant),
    remove: (photoIds) => deleteBlobs(db, photoIds),
  };
}

export interface PhotoStores {
  /** Where new photos go. */
  current: PhotoStore;
  /** The store a photo's row names; null when that store is not configured now. */
  of(kind: PhotoStoreKind): PhotoStore | null;
}
