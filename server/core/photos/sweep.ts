// The photos' share of the background worker's pass (docs/decisions/050-photos.md), beside the
// outbox's (server/core/alerts/worker.ts): deleted photos' objects leave the bucket on every pass;
// on the poll (at least every 5 s), uploads no quote used go after 24 hours; and, every
// 10 minutes of the app's clock, the photos of jobs closed 12 months ago. All of it is read
// from the tables, so a restart or a second instance loses and doubles nothing.
import { PHOTO_LIMITS } from "../../../shared/photos";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import * as repo from "./repo";
import { unusedSince } from "./service";
import type { PhotoStores } from "./store";

export interface PhotoSweep {
  /** True when it deleted anything. */
  pass(options: { sweep: boolean }): Promise<boolean>;
}

const BATCH = 100;
const RETENTION_EVERY_MS = 10 * 60_000;

/** `months` calendar months before `at`. */
export function monthsBefore(at: Date, months: number): Date {
  const before = new Date(at);
  before.setUTCMonth(before.getUTCMonth() - months);
  return before;
}

export function createPhotoSweep(deps: { db: Db; stores: PhotoStores; now: () => Date; logger: Logger }): PhotoSweep {
  const { db, logger } = deps;
  let lastRetention: number | null = null;

  /** Every queued photo's objects out of the bucket; a failure leaves the rest queued for the next pass. */
  async function emptyBucketQueue(): Promise<boolean> {
    const bucket = deps.stores.of("s3");
    if (!bucket) return false;
    let busy = false;
    for (let ids = await repo.queuedDeletions(db, "s3", BATCH); ids.length; ids = await repo.queuedDeletions(db, "s3", BATCH)) {
      await bucket.remove(ids);
      await repo.clearDeletions(db, ids);
      busy = true;
      if (ids.length < BATCH) break;
    }
    return busy;
  }

  async function sweepRows(): Promise<boolean> {
    const now = deps.now();
    let deleted = 0;
    for (let n = BATCH; n === BATCH; deleted += n) n = await repo.deleteUnusedUploads(db, unusedSince(now), BATCH);
    if (lastRetention === null || now.getTime() - lastRetention >= RETENTION_EVERY_MS) {
      lastRetention = now.getTime();
      const closedBefore = monthsBefore(now, PHOTO_LIMITS.keepMonthsAfterClose);
      for (let n = BATCH; n === BATCH; deleted += n) n = await repo.deletePhotosOfClosedJobs(db, closedBefore, BATCH);
    }
    if (deleted > 0) logger.info({ deleted }, "photos: swept");
    return deleted > 0;
  }

  return {
    async pass({ sweep }) {
      let busy = false;
      try {
        if (sweep && (await sweepRows())) busy = true;
      } catch (err) {
        logger.error({ err }, "photos: the sweep failed; the next poll tries again");
      }
      try {
        if (await emptyBucketQueue()) busy = true;
      } catch (err) {
        logger.error({ err }, "photos: could not delete objects from the bucket; the next pass tries again");
      }
      return busy;
    },
  };
}
