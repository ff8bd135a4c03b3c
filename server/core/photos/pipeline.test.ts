// The photo pipeline on real images (docs/decisions/050-photos.md): each accepted type in, each
// refusal named; orientation applied; no metadata block out, the fixture's GPS included; the
// long side capped; a blurred thumbnail with no detail left; a HEIF decode that overruns killed.
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PHOTO_MESSAGES } from "../../../shared/photos";
import { AppError } from "../../platform/http/errors";
import { fixture, hasGps, metadataBlocks } from "../../test/photos";
import { runningHeifWorkers } from "./heic";
import { processPhoto, type ProcessedPhoto } from "./pipeline";

const refusal = async (bytes: Buffer) =>
  (await processPhoto(bytes).then(
    () => null,
    (err: { status: number; message: string }) => err,
  )) ?? { status: 0, message: "accepted" };

/** A valid grayscale PNG of width × height, all black: its rows deflate to almost nothing. */
function blackPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale
  const rows = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer) {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** The fixture JPEG with its frame header (SOF0) saying 30000 × 30000: 14 kB that claims 900 megapixels. */
function jpegClaiming(width: number, height: number) {
  const bytes = Buffer.from(fixture("switchboard.jpg"));
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

describe("accepted photos", () => {
  const kinds = ["switchboard.jpg", "switchboard.png", "switchboard.webp", "switchboard.heic"];
  const processed = new Map<string, ProcessedPhoto>();

  it.each(kinds)("when %s is sent (EXIF GPS in it), then every variant is re-encoded with no metadata block at all", async (name) => {
    const sent = fixture(name);
    expect(hasGps((await sharp(sent).metadata()).exif)).toBe(true);
    const photo = await processPhoto(sent);
    processed.set(name, photo);
    for (const variant of Object.values(photo.variants)) {
      expect(variant.bytes.equals(sent)).toBe(false);
      expect(await metadataBlocks(variant.bytes)).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, icc: undefined, orientation: undefined });
      expect(variant.bytes.includes(Buffer.from("CAM123456789"))).toBe(false);
      expect(variant.bytes.includes(Buffer.from("Jane Customer"))).toBe(false);
    }
    expect((await sharp(photo.variants.full.bytes).metadata()).format).toBe("jpeg");
    expect((await sharp(photo.variants.thumbnail.bytes).metadata()).format).toBe("webp");
    expect((await sharp(photo.variants.blurred.bytes).metadata()).format).toBe("webp");
  });

  it("when the JPEG's EXIF says rotate 90°, then the photo is stored upright (480 × 640) and the thumbnails follow", async () => {
    const photo = processed.get("switchboard.jpg") ?? (await processPhoto(fixture("switchboard.jpg")));
    expect([photo.width, photo.height]).toEqual([480, 640]);
    const thumbnail = await sharp(photo.variants.thumbnail.bytes).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([300, 400]);
  });

  it("when the blurred thumbnail is compared with the clear one, then it is the same size with almost no detail left", async () => {
    const photo = processed.get("switchboard.png") ?? (await processPhoto(fixture("switchboard.png")));
    const clear = await sharp(photo.variants.thumbnail.bytes).stats();
    const blurred = await sharp(photo.variants.blurred.bytes).stats();
    expect((await sharp(photo.variants.blurred.bytes).metadata()).width).toBe(400);
    expect(blurred.sharpness).toBeLessThan(clear.sharpness / 4);
  });

  it("when a photo is wider than 2,048 px, then the full photo's long side is 2,048 and nothing is enlarged", async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#2b6cb0" } })
      .png()
      .toBuffer();
    const photo = await processPhoto(wide);
    expect([photo.width, photo.height]).toEqual([2048, 683]);
    const small = processed.get("switchboard.webp") ?? (await processPhoto(fixture("switchboard.webp")));
    expect([small.width, small.height]).toEqual([640, 480]);
  });
});

describe("refused files", () => {
  it("when a PDF is renamed .jpg, then 400 says it is not a photo we can read", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    expect(await refusal(pdf)).toMatchObject({ status: 400, message: PHOTO_MESSAGES.notAnImage });
  });

  it("when a JPEG is cut short, then 400 says it looks damaged or cut short", async () => {
    const jpeg = fixture("switchboard.jpg");
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toMatchObject({ status: 400, message: PHOTO_MESSAGES.unreadable });
  });

  it("when a PNG of 60 megapixels is sent, then 400 says it is over 50 megapixels, read from its header", async () => {
    const png = blackPng(10_000, 6_000);
    expect((await sharp(png).metadata()).width).toBe(10_000);
    expect(await refusal(png)).toMatchObject({ status: 400, message: PHOTO_MESSAGES.tooManyPixels });
  });

  it("when a 14 kB JPEG claims 900 megapixels (a decompression bomb), then it is refused at once without decoding", async () => {
    const started = performance.now();
    expect(await refusal(jpegClaiming(30_000, 30_000))).toMatchObject({ status: 400, message: PHOTO_MESSAGES.tooManyPixels });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("when a HEIC takes longer than its time limit, then 400 says so and the worker is gone", async () => {
    const heic = fixture("switchboard.heic");
    expect(await processPhoto(heic, { maxPixels: 50_000_000, timeoutMs: 1 }).catch((err: Error) => err.message)).toBe(PHOTO_MESSAGES.tooSlow);
    await expect.poll(runningHeifWorkers).toBe(0);
  });

  it("when a HEIC's header says more pixels than allowed, then it is refused before the worker decodes it", async () => {
    expect(await processPhoto(fixture("switchboard.heic"), { maxPixels: 100_000, timeoutMs: 30_000 }).catch((err: Error) => err.message)).toBe(
      PHOTO_MESSAGES.tooManyPixels,
    );
  });

  it("when any bytes are sent behind any accepted type's first bytes, then the answer is a 400 refusal, never another error", async () => {
    const starts = [
      [0xff, 0xd8, 0xff],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [...Buffer.from("RIFF\0\0\0\0WEBP")],
      [0, 0, 0, 24, ...Buffer.from("ftypheic")],
      [],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...starts), fc.uint8Array({ maxLength: 2000 }), async (start, rest) => {
        const err = await processPhoto(Buffer.concat([Buffer.from(start), rest])).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).status).toBe(400);
      }),
      { seed: 50, numRuns: 40 },
    );
  });

  it("when the first bytes are a PNG's and the rest is noise, then 400 says it could not be read", async () => {
    const noise = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect(await refusal(noise)).toMatchObject({ status: 400, message: PHOTO_MESSAGES.unreadable });
  });
});
