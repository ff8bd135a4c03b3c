// Which photo stores a configuration gets, chosen in one place (docs/decisions/050-photos.md): the
// PostgreSQL store always (rows that name it are read back from it), an S3-compatible bucket when
// S3_BUCKET is set, and new photos go to the bucket then. Apart from store.ts (the interface and
// the PostgreSQL store), so the S3 store imports the interface without a circle (docs/decisions/074).
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { s3PhotoStore, type S3Settings } from "./s3-store";
import { postgresPhotoStore, type PhotoStores } from "./store";

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
