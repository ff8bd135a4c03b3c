// The S3-compatible photo store (AWS SDK v3): AWS S3, Cloudflare R2, MinIO and the like. The
// bucket stays private; every photo is read back through the app (docs/decisions/050-photos.md).
import type { S3Client } from "@aws-sdk/client-s3";
import { PHOTO_VARIANTS, type PhotoVariant } from "../../../shared/photos";
import type { PhotoStore } from "./store";

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const keyOf = (photoId: string, variant: PhotoVariant) => `photos/${photoId}/${variant}`;

type Sdk = typeof import("@aws-sdk/client-s3");
/** The SDK (1 MB of code) is loaded at the store's first use, not at every start (docs/decisions/078-a-server-that-stays-small.md). */
let sdk: Promise<Sdk> | undefined;

function clientFor(aws: Sdk, settings: S3Settings): S3Client {
  return new aws.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default checksums send the body in aws-chunked framing, which S3-compatible
    // services without that support store as part of the object: the bytes read back would
    // not be the photo. Checksums only where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function s3PhotoStore(settings: S3Settings): PhotoStore {
  let client: S3Client | undefined;
  const connect = async () => {
    const aws = await (sdk ??= import("@aws-sdk/client-s3"));
    client ??= clientFor(aws, settings);
    return { aws, client };
  };
  return {
    kind: "s3",
    async put(photoId, variant, stored) {
      const { aws, client } = await connect();
      await client.send(
        new aws.PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(photoId, variant),
          Body: stored.bytes,
          ContentType: stored.contentType,
          CacheControl: "private",
        }),
      );
    },
    async get(photoId, variant) {
      const { aws, client } = await connect();
      try {
        const object = await client.send(new aws.GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(photoId, variant) }));
        if (!object.Body) return null;
        return { bytes: Buffer.from(await object.Body.transformToByteArray()), contentType: object.ContentType ?? "application/octet-stream" };
      } catch (err) {
        if (err instanceof aws.NoSuchKey || (err as { name?: string }).name === "NoSuchKey") return null;
        throw err;
      }
    },
    async remove(photoIds) {
      const { aws, client } = await connect();
      // One DELETE per object: every S3-compatible service has it, and a missing key is no error.
      for (const photoId of photoIds) {
        for (const variant of PHOTO_VARIANTS) await client.send(new aws.DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(photoId, variant) }));
      }
    },
  };
}
