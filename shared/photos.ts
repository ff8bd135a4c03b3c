// Job photos on the wire (docs/decisions/050-photos.md): the upload, the ids a quote attaches,
// and a photo as a lead, a pipeline row and the job page carry it. Every photo is served by
// the app at a URL carrying its random id; who may have which variant is the server's rule.
import { z } from "zod";

export const PHOTO_LIMITS = {
  /** As sent, before anything is decoded; more is 413. */
  maxBytes: 15 * 1024 * 1024,
  /** Read from the header before decoding; more is refused. */
  maxPixels: 50_000_000,
  /** The full photo's long side, in pixels. */
  longSide: 2048,
  /** The thumbnails' long side, in pixels. */
  thumbnailSide: 400,
  /** Photos one request can hold, from the quote and the job page together. */
  perRequest: 6,
  /** An upload no quote used is deleted after this long, and cannot be attached after it either. */
  unusedHours: 24,
  /** Photos go this long after their job closes. */
  keepMonthsAfterClose: 12,
} as const;

/**
 * full: the photo (long side at most 2,048 px); thumbnail: 400 px; blurred: 400 px made from a
 * 16 px copy, for the market before purchase. The blurred file is blurred on the server: the
 * clear thumbnail never reaches someone who may only see the blurred one.
 */
export const PHOTO_VARIANTS = ["full", "thumbnail", "blurred"] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];

export const PHOTO_STORE_KINDS = ["postgres", "s3"] as const;
export type PhotoStoreKind = (typeof PHOTO_STORE_KINDS)[number];

/** 24 random bytes in URL-safe base64. */
export const PHOTO_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The form field the file is sent in (any name is taken; this is the one the app uses). */
const PHOTO_FIELD = "file";

export const PHOTO_MESSAGES = {
  notMultipart: "Send the photo as multipart/form-data, one file in the field named file.",
  noFile: "No photo was sent. Choose a photo and try again.",
  tooManyFiles: "Send one photo at a time.",
  tooLarge: "This photo is over 15 MB. Send a smaller photo, or take it again at a lower resolution.",
  notAnImage: "This file is not a photo we can read. Send a JPEG, PNG, HEIC or WebP photo.",
  unreadable: "This photo could not be read: the file looks damaged or cut short. Try sending it again.",
  tooManyPixels: "This photo is over 50 megapixels. Send a smaller photo.",
  tooSlow: "This photo took too long to read. Try a smaller photo, or a JPEG.",
  busy: "We are busy with other photos. Try again in a minute.",
  storeDown: "Photos cannot be saved just now. Try again in a minute.",
  photoIds: "These photos are not available: each can be used once, within 24 hours of sending it. Add them again.",
  tooManyPhotos: `At most ${PHOTO_LIMITS.perRequest} photos per request.`,
  jobFull: `This request has ${PHOTO_LIMITS.perRequest} photos already. Remove one to add another.`,
  jobBooked: "The job is booked: photos can no longer be added. Show your electrician on the day.",
  jobClosed: "This request is closed: photos can no longer be added.",
  notFound: "No such photo",
} as const;

export const uploadResponse = z.object({
  /** Opaque and unguessable: send it in the quote's photoIds. */
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The uploader's own preview, while the upload is unused (24 hours). */
  thumbnailUrl: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

/** POST /api/jobs/:token/photos: the photo as the job page lists it, with its size. */
export const jobPhotoResponse = uploadResponse.extend({ url: z.string() });
export type JobPhotoResponse = z.infer<typeof jobPhotoResponse>;

/**
 * POST /api/leads's photoIds: ids from POST /api/uploads, each used once, within 24 hours. Any
 * malformed entry is the same refusal as an unknown id, on the field itself ("photoIds").
 */
export const photoIdsField = z
  .array(z.unknown(), { error: PHOTO_MESSAGES.photoIds })
  .max(PHOTO_LIMITS.perRequest, PHOTO_MESSAGES.tooManyPhotos)
  .refine((ids) => ids.every((id) => typeof id === "string" && PHOTO_ID_PATTERN.test(id)), PHOTO_MESSAGES.photoIds)
  .transform((ids) => ids as string[])
  .optional();

/**
 * A photo as a lead carries it: `url` (the full photo) only where the viewer may see it. `id`
 * only on the job page, where the customer may remove it.
 */
export const leadPhoto = z.object({ id: z.string().optional(), thumbnailUrl: z.string(), url: z.string().optional() });
export type LeadPhoto = z.infer<typeof leadPhoto>;

/** What every lead on the wire adds: the count, and the photos this viewer may have. */
export interface LeadPhotos {
  photoCount: number;
  photos: LeadPhoto[];
}

export const photoParams = z.object({ id: z.string().max(100), variant: z.enum(PHOTO_VARIANTS, { error: "variant must be full, thumbnail or blurred" }) });
export const uploadParams = z.object({ id: z.string().max(100) });
export const jobPhotoParams = z.object({ token: z.string().max(200), photoId: z.string().max(100) });
export const jobPhotoVariantParams = jobPhotoParams.extend({ variant: z.enum(PHOTO_VARIANTS, { error: "variant must be full, thumbnail or blurred" }) });

/** A multipart form with one file (the OpenAPI document's description of the upload routes). */
export const photoUploadForm = z.object({ [PHOTO_FIELD]: z.string().meta({ format: "binary", description: "JPEG, PNG, HEIC/HEIF or WebP, at most 15 MB" }) });

/** Where each photo is served; the job page's URLs carry the customer's token (docs/decisions/044-job-page.md). */
export const photoPaths = {
  upload: (id: string) => `/api/uploads/${id}/thumbnail`,
  photo: (id: string, variant: PhotoVariant) => `/api/photos/${id}/${variant}`,
  job: (token: string, id: string, variant: PhotoVariant) => `/api/jobs/${token}/photos/${id}/${variant}`,
} as const;
