// Drizzle only: the photos table (docs/decisions/050-photos.md). Deleting a row is deleting the
// photo: photo_blobs cascades, and the migration's trigger queues a bucket's objects for the sweep.
// An upload is unused while it has no lead and was never claimed (`attached_at` null); a meter
// photo (docs/decisions/106-meter-photos.md) is claimed by a test record and keeps no lead.
import { and, asc, eq, gt, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { PhotoStoreKind } from "../../../shared/photos";
import { leadExclusions, leadPurchases, leads, photoDeletions, photos, testRecordPhotos, type Photo } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { teamContactsColumn } from "../customers";

export async function insertUpload(db: Db, row: Omit<Photo, "leadId" | "attachedAt">) {
  await db.insert(photos).values({ ...row, leadId: null, attachedAt: null });
}

export async function deletePhotos(db: Db, ids: string[]) {
  if (ids.length) await db.delete(photos).where(inArray(photos.id, ids));
}

/**
 * Attaches unused uploads of the last 24 hours to a lead, each once: the conditional UPDATE
 * takes each row's lock, so of two quotes sending the same id at once, one gets it. The ids
 * it attached.
 */
export async function attachUploads(tx: Db, leadId: number, ids: string[], now: Date, uploadedAfter: Date) {
  const rows = await tx
    .update(photos)
    .set({ leadId, attachedAt: now })
    .where(and(inArray(photos.id, ids), isNull(photos.leadId), isNull(photos.attachedAt), gt(photos.uploadedAt, uploadedAfter)))
    .returning({ id: photos.id });
  return rows.map((r) => r.id);
}

/**
 * Claims an unused upload of the last 24 hours for a test record, once: the same conditional
 * UPDATE as a lead's, which takes the row's lock, so a quote sending the same id at once finds it
 * claimed. True when it was claimed.
 */
export async function claimUploadForRecord(tx: Db, id: string, now: Date, uploadedAfter: Date) {
  const rows = await tx
    .update(photos)
    .set({ attachedAt: now })
    .where(and(eq(photos.id, id), isNull(photos.leadId), isNull(photos.attachedAt), gt(photos.uploadedAt, uploadedAfter)))
    .returning({ id: photos.id });
  return rows.length === 1;
}

/** One of this purchase's meter photos. */
export async function findRecordPhoto(db: Db, purchaseId: number, id: string) {
  const [row] = await db
    .select({ photo: photos })
    .from(photos)
    .innerJoin(testRecordPhotos, eq(testRecordPhotos.photoId, photos.id))
    .where(and(eq(photos.id, id), eq(testRecordPhotos.purchaseId, purchaseId)));
  return row?.photo ?? null;
}

/** A meter photo whose record no longer lists it (its row in test_record_photos gone first, in the same transaction). */
export async function deleteUnlistedRecordPhoto(tx: Db, id: string) {
  const gone = await tx
    .delete(photos)
    .where(
      and(
        eq(photos.id, id),
        isNull(photos.leadId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(testRecordPhotos)
            .where(eq(testRecordPhotos.photoId, photos.id)),
        ),
      ),
    )
    .returning({ id: photos.id });
  return gone.length === 1;
}

/** The lead's row, locked, so two photos added at once count each other. */
export async function lockLeadForPhotos(tx: Db, leadId: number) {
  await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for("update");
}

export async function photoCountOf(db: Db, leadId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .where(eq(photos.leadId, leadId));
  return row?.n ?? 0;
}

/** Each lead's photo ids, in the order they were attached (those of one quote in the order they were uploaded). */
export async function photoIdsOfLeads(db: Db, leadIds: number[]) {
  if (leadIds.length === 0) return [];
  return db
    .select({ leadId: photos.leadId, id: photos.id })
    .from(photos)
    .where(inArray(photos.leadId, leadIds))
    .orderBy(asc(photos.attachedAt), asc(photos.uploadedAt), asc(photos.id));
}

/** An upload no quote (nor test record) has used, uploaded after `uploadedAfter`: its uploader's preview. */
export async function findUnusedUpload(db: Db, id: string, uploadedAfter: Date) {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, id), isNull(photos.leadId), isNull(photos.attachedAt), gt(photos.uploadedAt, uploadedAfter)));
  return row ?? null;
}

/** One of this lead's photos. */
export async function findLeadPhoto(db: Db, leadId: number, id: string) {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, id), eq(photos.leadId, leadId)));
  return row ?? null;
}

/**
 * An attached photo with what decides who may see it: whether its lead is on the market, who
 * holds its live purchase, whether the lead is hidden from any of `viewerIds` (a buyer who
 * missed its promise, docs/decisions/049), and its customer's contacts beside those of the
 * viewer's side (`sideId`), for the no-own-customer rule (docs/decisions/131).
 */
export async function findPhotoForViewing(db: Db, id: string, viewerIds: number[], sideId: number) {
  const [row] = await db
    .select({
      photo: photos,
      listed: sql<boolean>`(${leads.status} = 'available' and not ${leads.isArchived} and ${leads.source} <> 'provider_manual')`,
      buyerId: leadPurchases.buyerId,
      excluded: sql<boolean>`exists (select 1 from ${leadExclusions} where ${leadExclusions.leadId} = ${leads.id} and ${inArray(leadExclusions.userId, viewerIds)})`,
      customerPhone: leads.customerPhone,
      customerEmail: leads.customerEmail,
      sideContacts: teamContactsColumn(sideId),
    })
    .from(photos)
    .innerJoin(leads, eq(leads.id, photos.leadId))
    .leftJoin(leadPurchases, and(eq(leadPurchases.leadId, leads.id), isNull(leadPurchases.releasedAt)))
    .where(eq(photos.id, id));
  return row ?? null;
}

/**
 * Uploads no quote used, uploaded before `before`: deleted, oldest first, at most `limit`. A test
 * record's meter photo has no lead but is no unused upload: it is kept as long as its record.
 */
export async function deleteUnusedUploads(db: Db, before: Date, limit: number) {
  const due = db
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        isNull(photos.leadId),
        lt(photos.uploadedAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(testRecordPhotos)
            .where(eq(testRecordPhotos.photoId, photos.id)),
        ),
      ),
    )
    .orderBy(asc(photos.uploadedAt))
    .limit(limit);
  const gone = await db.delete(photos).where(inArray(photos.id, due)).returning({ id: photos.id });
  return gone.length;
}

/**
 * When a lead's job closed, if it has: the customer closed it, it was archived, or its live
 * purchase was paid, declined, archived or refunded (the job page's `paid` and `closed`).
 * PostgreSQL's least() skips nulls; null when none has happened.
 */
const jobClosedAt = sql`least(
  ${leads.closedByCustomerAt},
  case when ${leads.isArchived} then ${leads.archivedAt} end,
  case when ${leadPurchases.salesStage} = 'invoice_paid' then ${leadPurchases.invoicePaidAt} end,
  case when ${leadPurchases.salesStage} = 'declined' then ${leadPurchases.declinedAt} end,
  case when ${leadPurchases.isArchived} then ${leadPurchases.archivedAt} end,
  ${leadPurchases.refundedAt})`;

/** Photos of jobs that closed before `before`: deleted, at most `limit`. */
export async function deletePhotosOfClosedJobs(db: Db, before: Date, limit: number) {
  const due = db
    .select({ id: photos.id })
    .from(photos)
    .innerJoin(leads, eq(leads.id, photos.leadId))
    .leftJoin(leadPurchases, and(eq(leadPurchases.leadId, leads.id), isNull(leadPurchases.releasedAt)))
    .where(sql`${jobClosedAt} < ${before.toISOString()}::timestamptz`)
    .limit(limit);
  const gone = await db.delete(photos).where(inArray(photos.id, due)).returning({ id: photos.id });
  return gone.length;
}

/** Photos deleted whose bytes are still in a bucket, oldest first. */
export async function queuedDeletions(db: Db, store: PhotoStoreKind, limit: number): Promise<string[]> {
  const rows = await db
    .select({ photoId: photoDeletions.photoId })
    .from(photoDeletions)
    .where(eq(photoDeletions.store, store))
    .orderBy(asc(photoDeletions.queuedAt))
    .limit(limit);
  return rows.map((r) => r.photoId);
}

export async function clearDeletions(db: Db, photoIds: string[]) {
  if (photoIds.length) await db.delete(photoDeletions).where(inArray(photoDeletions.photoId, photoIds));
}
