// A local S3-compatible server for the photo store's tests (docs/decisions/050-photos.md):
// s3rver on 127.0.0.1, a fresh bucket in a temporary folder, never the internet.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const TEST_BUCKET = "job-photos";
/** s3rver's own fixed credentials. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface LocalS3 {
  /** The settings the app reads (server/platform/config.ts). */
  env: Record<string, string>;
  settings: { bucket: string; endpoint: string; region: string; forcePathStyle: boolean; credentials: typeof CREDENTIALS };
  /** The keys in the bucket now. */
  keys(): string[];
  close(): Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "ae-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = path.join(directory, TEST_BUCKET);
  return {
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    settings: { bucket: TEST_BUCKET, endpoint, region: "us-east-1", forcePathStyle: true, credentials: CREDENTIALS },
    // s3rver keeps each object as <key>._S3rver_object beside its metadata.
    keys: () =>
      fs.existsSync(bucketDir)
        ? fs
            .readdirSync(bucketDir, { recursive: true, encoding: "utf8" })
            .filter((f) => f.endsWith("._S3rver_object"))
            .map((f) =>
              f
                .replace(/\._S3rver_object$/, "")
                .split(path.sep)
                .join("/"),
            )
            .sort()
        : [],
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
