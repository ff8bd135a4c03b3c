// Every photo decoded and encoded again (docs/decisions/050-photos.md): what we serve is never
// the bytes received. The header is read first and a photo over 50 megapixels is refused before
// a pixel is decoded; HEIC/HEIF is decoded in a worker under a time limit; sharp decodes the
// rest with limitInputPixels and a timeout. Orientation is applied; every metadata block (EXIF
// with its GPS, XMP, IPTC, the camera's serial, ICC) is left behind, as sharp writes none
// unless asked. Out: a JPEG at most 2,048 px on its long side, a 400 px WebP thumbnail, and a
// blurred 400 px WebP made from a 16 px copy, so no detail survives to be recovered.
import type { Metadata } from "sharp";
import { PHOTO_LIMITS, PHOTO_MESSAGES, type PhotoVariant } from "../../../shared/photos";
import { AppError } from "../../platform/http/errors";
import { decodeHeif } from "./heic";
import { sniffImage, type SentKind } from "./sniff";

type Sharp = (typeof import("sharp"))["default"];
let sharpLoaded: Promise<Sharp> | undefined;
/**
 * sharp and its libvips are loaded at the first photo, not at every start
 * (docs/decisions/078-a-server-that-stays-small.md). libvips' operation cache keeps recent
 * images in memory for reuse; photos are never reused, so it is off.
 */
function loadSharp(): Promise<Sharp> {
  return (sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}

export interface PhotoVariantBytes {
  bytes: Buffer;
  contentType: string;
}

export interface ProcessedPhoto {
  /** Of the full variant. */
  width: number;
  height: number;
  variants: Record<PhotoVariant, PhotoVariantBytes>;
}

export interface PipelineOptions {
  maxPixels: number;
  /** For each decode: the HEIF worker's, and sharp's for the full variant. */
  timeoutMs: number;
}

export const PIPELINE_DEFAULTS: PipelineOptions = { maxPixels: PHOTO_LIMITS.maxPixels, timeoutMs: 30_000 };

/** A refusal that names the problem, with the form field it is about. */
export const photoRefused = (message: string, status = 400) => new AppError(status, message, { file: message });

/** The format sharp reads the header as, for each kind the first bytes name. */
const FORMAT_OF: Record<SentKind, string> = { jpeg: "jpeg", png: "png", webp: "webp", heif: "heif" };

/** A decoder's error as the refusal the customer reads. */
function refusalFor(err: unknown): AppError {
  const message = err instanceof Error ? err.message : "";
  if (/pixel limit/i.test(message)) return photoRefused(PHOTO_MESSAGES.tooManyPixels);
  if (/timeout/i.test(message)) return photoRefused(PHOTO_MESSAGES.tooSlow);
  return photoRefused(PHOTO_MESSAGES.unreadable);
}

/** The decoded photo, ready for sharp: HEVC-coded HEIF through the worker, the rest by sharp itself. */
async function decoded(bytes: Buffer, kind: SentKind, compression: string | undefined, options: PipelineOptions) {
  const sharp = await loadSharp();
  if (kind !== "heif" || compression === "av1") return sharp(bytes, { limitInputPixels: options.maxPixels, failOn: "truncated" });
  const heif = await decodeHeif(bytes, options);
  if (!heif.ok) {
    throw photoRefused(
      heif.reason === "too_many_pixels" ? PHOTO_MESSAGES.tooManyPixels : heif.reason === "too_slow" ? PHOTO_MESSAGES.tooSlow : PHOTO_MESSAGES.unreadable,
    );
  }
  return sharp(heif.data, { raw: { width: heif.width, height: heif.height, channels: 4 }, limitInputPixels: options.maxPixels });
}

export async function processPhoto(bytes: Buffer, options: PipelineOptions = PIPELINE_DEFAULTS): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  const kind = sniffImage(bytes);
  if (!kind) throw photoRefused(PHOTO_MESSAGES.notAnImage);
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw photoRefused(PHOTO_MESSAGES.unreadable);
  }
  if (header.format !== FORMAT_OF[kind]) throw photoRefused(PHOTO_MESSAGES.notAnImage);
  if (!header.width || !header.height) throw photoRefused(PHOTO_MESSAGES.unreadable);
  if (header.width * header.height > options.maxPixels) throw photoRefused(PHOTO_MESSAGES.tooManyPixels);

  const seconds = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  try {
    const input = await decoded(bytes, kind, header.compression, options);
    const side = PHOTO_LIMITS.longSide;
    const full = await input
      .autoOrient()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82 })
      .timeout({ seconds })
      .toBuffer({ resolveWithObject: true });
    const thumbSide = PHOTO_LIMITS.thumbnailSide;
    const thumbnail = await sharp(full.data)
      .resize({ width: thumbSide, height: thumbSide, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer({ resolveWithObject: true });
    const tiny = await sharp(full.data).resize({ width: 16, height: 16, fit: "inside" }).raw().toBuffer({ resolveWithObject: true });
    const blurred = await sharp(tiny.data, { raw: { width: tiny.info.width, height: tiny.info.height, channels: tiny.info.channels } })
      .resize({ width: thumbnail.info.width, height: thumbnail.info.height, fit: "fill" })
      .blur(6)
      .webp({ quality: 60 })
      .toBuffer();
    return {
      width: full.info.width,
      height: full.info.height,
      variants: {
        full: { bytes: full.data, contentType: "image/jpeg" },
        thumbnail: { bytes: thumbnail.data, contentType: "image/webp" },
        blurred: { bytes: blurred, contentType: "image/webp" },
      },
    };
  } catch (err) {
    throw err instanceof AppError ? err : refusalFor(err);
  }
}
