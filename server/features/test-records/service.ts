// Saving and completing a job's test record (docs/decisions/103-test-records.md). Scoped like every
// purchase call: a stranger's job is a 404. Every write carries the record's version (0 before the
// first save); a stale one is a 409. A draft is saved over; a tested
// record is corrected by a new row that supersedes it, with a reason; nothing is deleted.
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import { typedInstant, zoneOfState } from "../../../shared/state-time";
import {
  checkTestResults,
  checkText,
  meterPhotosRemovable,
  TEST_RECORD_MESSAGES,
  TEST_RECORD_RULES,
  type addMeterPhotoRequest,
  type completeTestRecordRequest,
  type saveTestRecordRequest,
} from "../../../shared/test-records";
import type { PhotoVariant } from "../../../shared/photos";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { refreshPaperworkClocks } from "../../core/paperwork";
import { keepUploadForRecord, recordPhotoBytes, removeRecordPhoto, type PhotoDeps } from "../../core/photos";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import * as repo from "./repo";
import { testRecordOf } from "./view";

export interface TestRecordDeps {
  db: Db;
  now: () => Date;
  /** The meter photos' uploads, bytes and deletions (docs/decisions/106-meter-photos.md). */
  photos: PhotoDeps;
}

/** Only the error shape of docs/runtime.md section 3: the card reloads the record to see what stands. */
const stale = () => conflict(TEST_RECORD_MESSAGES.stale);

/** The live purchase, locked, and its standing record checked against the version the write was based on. */
async function lockedRecord(tx: Db, user: CurrentUser, purchaseId: number, version: number) {
  const purchase = await repo.purchaseOf(tx, purchaseId, purchaseOwnerFilter(user), { live: true, lock: true });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const current = await repo.currentRecord(tx, purchase.id);
  if ((current?.version ?? 0) !== version) throw stale();
  return { purchase, current };
}

export async function saveTestRecord(deps: TestRecordDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof saveTestRecordRequest>) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { purchase, current } = await lockedRecord(tx, user, purchaseId, input.version);
    const next = { version: input.version + 1, results: input.results, savedBy: user.id, now };
    if (!current) {
      await repo.insertRecord(tx, { ...next, purchaseId: purchase.id, replacesId: null, correctionReason: null });
    } else if (current.status === "draft") {
      await repo.updateDraft(tx, current.id, next);
    } else {
      // A tested record is evidence: its correction is a new row, and the tested one stays, superseded.
      const reason = input.reason?.trim();
      if (!reason) throw new AppError(400, TEST_RECORD_MESSAGES.reasonNeeded, { reason: TEST_RECORD_MESSAGES.reasonNeeded });
      await repo.supersede(tx, current.id, now);
      await repo.insertRecord(tx, { ...next, purchaseId: purchase.id, replacesId: current.id, correctionReason: reason });
      // The test event is gone until the correction is marked tested: the clocks it started wait again.
      await refreshPaperworkClocks(tx, purchase.id, now);
    }
  });
  return testRecordOf(deps.db, user, purchaseId);
}

/**
 * Marks the record tested at the typed time: the "test" event later paperwork starts from. Refused
 * while any value fails or is missing, each named by its field.
 */
export async function completeTestRecord(deps: TestRecordDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof completeTestRecordRequest>) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { purchase, current } = await lockedRecord(tx, user, purchaseId, input.version);
    if (!current) throw conflict(TEST_RECORD_MESSAGES.noRecord);
    if (current.status === "tested") throw conflict(TEST_RECORD_MESSAGES.alreadyTested);
    const testedAt = typedInstant(zoneOfState(await repo.stateOf(tx, purchase.leadId)), input.date, input.time);
    if (!testedAt) throw new AppError(400, TEST_RECORD_MESSAGES.skipped, { time: TEST_RECORD_MESSAGES.skipped });
    if (testedAt.getTime() > now.getTime()) throw new AppError(400, TEST_RECORD_MESSAGES.future, { date: TEST_RECORD_MESSAGES.future });
    if (current.results.circuits.length === 0) throw new AppError(400, TEST_RECORD_MESSAGES.noCircuits, { circuits: TEST_RECORD_MESSAGES.noCircuits });
    const refused = checkTestResults(current.results).filter((c) => c.result !== "pass");
    if (refused.length > 0) {
      throw new AppError(
        400,
        `${TEST_RECORD_MESSAGES.notPassing}: ${refused.map(checkText).join("; ")}`,
        Object.fromEntries(refused.map((c) => [c.field, checkText(c)])),
      );
    }
    await repo.markTested(tx, current.id, { version: current.version + 1, testedAt, testedBy: user.id, now });
    // The "test" event starts the clocks of NSW, QLD and the ACT (docs/decisions/105-paperwork-on-the-card.md).
    await refreshPaperworkClocks(tx, purchase.id, now);
  });
  return testRecordOf(deps.db, user, purchaseId);
}

/** The live purchase (not given back), locked, or 404: meter photos are added and removed while the job is the buyer's. */
async function lockedPurchase(tx: Db, user: CurrentUser, purchaseId: number) {
  const purchase = await repo.purchaseOf(tx, purchaseId, purchaseOwnerFilter(user), { live: true, lock: true });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  return purchase;
}

/**
 * Adds a photo of the meter's readings to the purchase's record (docs/decisions/106-meter-photos.md):
 * an upload from POST /api/uploads, claimed in the same transaction, at most 12 per purchase (409
 * past it). A photo may be added whatever the record's state, before its first save too.
 */
export async function addMeterPhoto(deps: TestRecordDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof addMeterPhotoRequest>) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const purchase = await lockedPurchase(tx, user, purchaseId);
    if ((await repo.photoCountOf(tx, purchase.id)) >= TEST_RECORD_RULES.maxPhotos) throw conflict(TEST_RECORD_MESSAGES.photosFull);
    if (!(await keepUploadForRecord(tx, input.uploadId, now)))
      throw new AppError(400, TEST_RECORD_MESSAGES.uploadId, { uploadId: TEST_RECORD_MESSAGES.uploadId });
    await repo.insertPhoto(tx, { photoId: input.uploadId, purchaseId: purchase.id, caption: input.caption, addedBy: user.id, addedAt: now });
  });
  return testRecordOf(deps.db, user, purchaseId);
}

/**
 * Removes a meter photo, only while no version of the record has been marked tested (409 after):
 * from then on the photos are evidence, kept as long as the record. Its bytes go with it.
 */
export async function removeMeterPhoto(deps: TestRecordDeps, user: CurrentUser, purchaseId: number, photoId: string) {
  await deps.db.transaction(async (tx) => {
    const purchase = await lockedPurchase(tx, user, purchaseId);
    if (!(await repo.deletePhotoRow(tx, purchase.id, photoId))) throw notFound(TEST_RECORD_MESSAGES.noPhoto);
    if (!meterPhotosRemovable((await repo.versionsOf(tx, purchase.id)).map((r) => r.status))) throw conflict(TEST_RECORD_MESSAGES.photoKept);
    await removeRecordPhoto(tx, photoId);
  });
  // A bucket's copies leave on the worker's pass this wakes.
  deps.photos.wake();
  return testRecordOf(deps.db, user, purchaseId);
}

/** A meter photo's bytes for whoever may read the record (a stranger's job is 404, as the record); given-back jobs included. */
export async function meterPhotoBytes(deps: TestRecordDeps, user: CurrentUser, purchaseId: number, photoId: string, variant: PhotoVariant) {
  const purchase = await repo.purchaseOf(deps.db, purchaseId, purchaseOwnerFilter(user), { live: false });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const photo = await recordPhotoBytes(deps.photos, purchase.id, photoId, variant);
  if (!photo) throw notFound(TEST_RECORD_MESSAGES.noPhoto);
  return photo;
}
