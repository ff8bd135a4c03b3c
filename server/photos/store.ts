// Where a photo's bytes live, behind one small interface (docs/decisions/050-photos.md):
// PostgreSQL by default (photo_blobs, bytea), an S3-compatible bucket when S3_BUCKET is set.
// Nothing else knows which: every photo is read back through the app, never from a bucket URL.
import type { PhotoStoreKind, PhotoVariant } from "../../shared/photos";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { deleteBlobs, readBlob, writeBlob } from "./blob-repo";
import { s3PhotoStore, type S3Settings } from "./s3-store";

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

export function s3SettingsOf(config: Config): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export function photoStoresFor(db: Db, config: Config): PhotoStores {
  const postgres = postgresPhotoStore(db);
  const settings = s3SettingsOf(config);
  const s3 = settings ? s3PhotoStore(settings) : null;
  return { current: s3 ?? postgres, of: (kind) => (kind === "postgres" ? postgres : s3) };
}
