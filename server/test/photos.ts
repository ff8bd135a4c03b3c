// Photos for tests that are about who gets them, not about images (docs/decisions/050-photos.md):
// rows and stored bytes written straight to the PostgreSQL store, no decoding. The pipeline's
// own tests send real images (server/core/photos/fixtures).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { PHOTO_VARIANTS, type PhotoVariant } from "../../shared/photos";
import { photoBlobs, photos } from "../../shared/schema";
import type { Db } from "../platform/db/client";
import { newPhotoId } from "../core/photos/service";

/** The bytes each variant of a test photo holds: its id and variant, so a test can tell them apart. */
export const testPhotoBytes = (id: string, variant: PhotoVariant) => Buffer.from(`photo ${id} ${variant}`);

/** A stored photo: an upload (no lead) uploaded at `uploadedAt`, or attached to `leadId`. */
export async function createPhoto(db: Db, options: { leadId?: number | null; uploadedAt?: Date; attachedAt?: Date } = {}): Promise<string> {
  const id = newPhotoId();
  const uploadedAt = options.uploadedAt ?? new Date();
  const leadId = options.leadId ?? null;
  await db.insert(photos).values({
    id,
    leadId,
    uploadedAt,
    attachedAt: leadId === null ? null : (options.attachedAt ?? uploadedAt),
    ip: "203.0.113.9",
    width: 640,
    height: 480,
    contentType: "image/jpeg",
    store: "postgres",
  });
  for (const variant of PHOTO_VARIANTS) {
    await db
      .insert(photoBlobs)
      .values({ photoId: id, variant, contentType: variant === "full" ? "image/jpeg" : "image/webp", bytes: testPhotoBytes(id, variant) });
  }
  return id;
}

const FIXTURES = path.resolve(import.meta.dirname, "../core/photos/fixtures");

/** A fixture image's bytes: switchboard.jpg (EXIF GPS, orientation 6), .png, .webp, .heic. */
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** True when an EXIF block holds the GPS IFD pointer (tag 0x8825), in either byte order. */
export const hasGps = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

/** Every metadata block sharp can read back from an image: a served photo must have none. */
export async function metadataBlocks(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  return { exif: m.exif, xmp: m.xmp, iptc: m.iptc, icc: m.icc, orientation: m.orientation };
}
