// The photos' story (docs/decisions/050-photos.md): an upload is decoded, re-encoded and stored
// as an unused upload; a quote or the job page attaches it to its lead; each read is decided by
// access.ts. Rows first, bytes second: a photo whose bytes could not all be stored is deleted
// again, and the trigger queues whatever reached a bucket.
import { randomBytes } from "node:crypto";
import type { CurrentUser } from "../../../shared/auth";
import { PHOTO_ID_PATTERN, PHOTO_LIMITS, PHOTO_MESSAGES, PHOTO_VARIANTS, type PhotoVariant } from "../../../shared/photos";
import type { Db } from "../../platform/db/client";
import { AppError, conflict } from "../../platform/http/errors";
import type { Logger } from "../../platform/logger";
import { maySeePhoto } from "./access";
import { processPhoto, type PipelineOptions } from "./pipeline";
import * as repo from "./repo";
import { customerIsAmong } from "../customers";
import { pipelineOwnerId } from "../../platform/access/authorize";
import type { Slots } from "./slots";
import type { PhotoStores, StoredBytes } from "./store";
import { HOUR_MS } from "../../../shared/durations";

export interface PhotoDeps {
  db: Db;
  stores: PhotoStores;
  now: () => Date;
  logger: Logger;
  /** At most one decode per CPU on this instance. */
  slots: Slots;
  pipeline: PipelineOptions;
  /** Asks the background worker for a pass now: a removed photo's objects leave the bucket at once. */
  wake: () => void;
}

/** 24 random bytes (192 bits), URL-safe: the photo's URLs carry it. */
export const newPhotoId = () => randomBytes(24).toString("base64url");

/** Uploads from after this moment may still be attached. */
export const unusedSince = (now: Date) => new Date(now.getTime() - PHOTO_LIMITS.unusedHours * HOUR_MS);

/** Decodes, re-encodes and stores a photo as an upload no request uses yet. */
export async function keepUpload(deps: PhotoDeps, sent: Buffer, ip: string | null) {
  const photo = await deps.slots(() => processPhoto(sent, deps.pipeline));
  const id = newPhotoId();
  const store = deps.stores.current;
  await repo.insertUpload(deps.db, {
    id,
    uploadedAt: deps.now(),
    ip,
    width: photo.width,
    height: photo.height,
    contentType: photo.variants.full.contentType,
    store: store.kind,
  });
  try {
    await Promise.all(PHOTO_VARIANTS.map((variant) => store.put(id, variant, photo.variants[variant])));
  } catch (err) {
    deps.logger.error({ err, store: store.kind }, "photos: could not store a photo");
    await repo.deletePhotos(deps.db, [id]).catch((cleanup: unknown) => deps.logger.error({ err: cleanup }, "photos: could not drop a half-stored photo"));
    throw new AppError(503, PHOTO_MESSAGES.storeDown);
  }
  return { id, width: photo.width, height: photo.height };
}

const badPhotoIds = () => new AppError(400, PHOTO_MESSAGES.photoIds, { photoIds: PHOTO_MESSAGES.photoIds });

/**
 * A quote's photoIds onto its new lead, inside the lead's transaction: each an upload of the
 * last 24 hours that no request has used. Any other id refuses the whole quote (400 on photoIds).
 */
export async function attachUploads(tx: Db, leadId: number, photoIds: readonly string[], now: Date) {
  const ids = [...new Set(photoIds)];
  if (ids.length === 0) return;
  if (ids.length > PHOTO_LIMITS.perRequest) throw new AppError(400, PHOTO_MESSAGES.tooManyPhotos, { photoIds: PHOTO_MESSAGES.tooManyPhotos });
  if (!ids.every((id) => PHOTO_ID_PATTERN.test(id))) throw badPhotoIds();
  const attached = await repo.attachUploads(tx, leadId, ids, now, unusedSince(now));
  if (attached.length !== ids.length) throw badPhotoIds();
}

/** Each lead's photo ids, in the order they were added; leads without photos are absent. */
export async function photoIdsByLead(db: Db, leadIds: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await repo.photoIdsOfLeads(db, [...new Set(leadIds)]);
  const byLead = new Map<number, string[]>();
  for (const row of rows) if (row.leadId !== null) byLead.set(row.leadId, [...(byLead.get(row.leadId) ?? []), row.id]);
  return byLead;
}

async function bytesOf(deps: PhotoDeps, photo: { id: string; store: "postgres" | "s3" }, variant: PhotoVariant): Promise<StoredBytes | null> {
  const store = deps.stores.of(photo.store);
  if (!store) {
    deps.logger.warn({ store: photo.store }, "photos: a photo's store is not configured");
    return null;
  }
  return store.get(photo.id, variant);
}

/** The uploader's preview of an upload no request has used (the id is the key, for 24 hours). */
export async function uploadPreview(deps: PhotoDeps, id: string): Promise<StoredBytes | null> {
  if (!PHOTO_ID_PATTERN.test(id)) return null;
  const photo = await repo.findUnusedUpload(deps.db, id, unusedSince(deps.now()));
  return photo ? bytesOf(deps, photo, "thumbnail") : null;
}

/** A photo of a lead for a signed-in viewer, or null (404) when access.ts says no. */
export async function photoForViewer(deps: PhotoDeps, viewer: CurrentUser, id: string, variant: PhotoVariant): Promise<StoredBytes | null> {
  if (!PHOTO_ID_PATTERN.test(id)) return null;
  const viewerIds = [...new Set([viewer.id, viewer.teamOwnerId ?? viewer.id])];
  const found = await repo.findPhotoForViewing(deps.db, id, viewerIds, pipelineOwnerId(viewer));
  if (!found) return null;
  // Kept off the viewer's market as it is kept from their screens: a missed promise, or their side's own customer (docs/decisions/131).
  const excluded = found.excluded || customerIsAmong(found, found.sideContacts);
  if (!maySeePhoto(viewer, { listed: found.listed, buyerId: found.buyerId, excluded }, variant)) return null;
  return bytesOf(deps, found.photo, variant);
}

/** One of this lead's photos, for its customer (the job page's token opened the lead). */
export async function leadPhotoBytes(deps: PhotoDeps, leadId: number, id: string, variant: PhotoVariant): Promise<StoredBytes | null> {
  if (!PHOTO_ID_PATTERN.test(id)) return null;
  const photo = await repo.findLeadPhoto(deps.db, leadId, id);
  return photo ? bytesOf(deps, photo, variant) : null;
}

/**
 * Attaches a stored upload to a lead from its job page, in one transaction with the lead's row
 * locked: `stillOpen` (the job page's rule, checked again inside it) and at most 6 photos. When
 * refused, the upload is deleted at once.
 */
export async function attachJobPhoto(deps: PhotoDeps, leadId: number, photoId: string, stillOpen: (tx: Db) => Promise<void>) {
  try {
    await deps.db.transaction(async (tx) => {
      await repo.lockLeadForPhotos(tx, leadId);
      await stillOpen(tx);
      if ((await repo.photoCountOf(tx, leadId)) >= PHOTO_LIMITS.perRequest) throw conflict(PHOTO_MESSAGES.jobFull);
      const now = deps.now();
      if ((await repo.attachUploads(tx, leadId, [photoId], now, unusedSince(now))).length !== 1) throw conflict(PHOTO_MESSAGES.photoIds);
    });
  } catch (err) {
    await repo.deletePhotos(deps.db, [photoId]);
    deps.wake();
    throw err;
  }
}

/** Whether the lead has room for one more photo. */
export async function hasRoomForPhoto(db: Db, leadId: number) {
  return (await repo.photoCountOf(db, leadId)) < PHOTO_LIMITS.perRequest;
}

/** The customer removes one of their photos: the row goes now, a bucket's objects on the worker's next pass. */
export async function removeLeadPhoto(deps: PhotoDeps, leadId: number, photoId: string, inTx: (tx: Db) => Promise<void>): Promise<boolean> {
  if (!PHOTO_ID_PATTERN.test(photoId)) return false;
  const removed = await deps.db.transaction(async (tx) => {
    if (!(await repo.findLeadPhoto(tx, leadId, photoId))) return false;
    await repo.deletePhotos(tx, [photoId]);
    await inTx(tx);
    return true;
  });
  if (removed) deps.wake();
  return removed;
}

/**
 * A test record's meter photo (docs/decisions/106-meter-photos.md): claims an upload of the last 24
 * hours that nothing has used, inside the record's transaction, which then lists it in
 * test_record_photos. False when the id is malformed, unknown, too old or used already.
 */
export async function keepUploadForRecord(tx: Db, uploadId: string, now: Date): Promise<boolean> {
  return PHOTO_ID_PATTERN.test(uploadId) && repo.claimUploadForRecord(tx, uploadId, now, unusedSince(now));
}

/** One of this purchase's meter photos (the caller has checked the viewer may see the purchase), or null (404). */
export async function recordPhotoBytes(deps: PhotoDeps, purchaseId: number, photoId: string, variant: PhotoVariant): Promise<StoredBytes | null> {
  if (!PHOTO_ID_PATTERN.test(photoId)) return null;
  const photo = await repo.findRecordPhoto(deps.db, purchaseId, photoId);
  return photo ? bytesOf(deps, photo, variant) : null;
}

/**
 * Deletes a meter photo its record no longer lists (the caller removed its row in `tx` first): its
 * stored bytes go with it, a bucket's on the worker's next pass (call `wake` after the commit).
 */
export async function removeRecordPhoto(tx: Db, photoId: string): Promise<boolean> {
  return repo.deleteUnlistedRecordPhoto(tx, photoId);
}
