// Drizzle only: the test records of a purchase (docs/decisions/103-test-records.md). Rows are
// inserted and updated, never deleted: a correction supersedes the tested row it replaces. Its meter
// photos (docs/decisions/106-meter-photos.md) are listed in test_record_photos; the photos' own rows
// and bytes are core/photos'.
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { leadPurchases, leads, testRecordPhotos, testRecords, users, type LeadPurchase } from "../../../shared/schema";
import type { TestResults } from "../../../shared/test-records";
import type { Db } from "../../platform/db/client";

export type TestRecordRow = typeof testRecords.$inferSelect;

/**
 * The owner's purchase (`null`: any, for the super admin). Writes need it live (not given back);
 * reads do not, so a record stays readable for the years it is kept. Locked when `lock`.
 */
export async function purchaseOf(
  db: Db,
  purchaseId: number,
  ownerId: number | null,
  opts: { live: boolean; lock?: boolean },
): Promise<LeadPurchase | undefined> {
  const query = db
    .select()
    .from(leadPurchases)
    .where(
      and(
        eq(leadPurchases.id, purchaseId),
        opts.live ? isNull(leadPurchases.releasedAt) : undefined,
        ownerId === null ? undefined : eq(leadPurchases.buyerId, ownerId),
      ),
    );
  const [row] = opts.lock ? await query.for("update") : await query;
  return row;
}

/** The lead's state: a job's times are on its clock (DESIGN section 11). */
export async function stateOf(db: Db, leadId: number): Promise<string | null> {
  const [row] = await db.select({ state: leads.state }).from(leads).where(eq(leads.id, leadId));
  return row?.state ?? null;
}

/** The record that stands (not superseded), or undefined before the first save. */
export async function currentRecord(db: Db, purchaseId: number): Promise<TestRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(testRecords)
    .where(and(eq(testRecords.purchaseId, purchaseId), isNull(testRecords.supersededAt)));
  return row;
}

/** Every version of the purchase's record, newest first. */
export function versionsOf(db: Db, purchaseId: number): Promise<TestRecordRow[]> {
  return db.select().from(testRecords).where(eq(testRecords.purchaseId, purchaseId)).orderBy(desc(testRecords.version));
}

export async function insertRecord(
  tx: Db,
  row: { purchaseId: number; version: number; results: TestResults; savedBy: number; replacesId: number | null; correctionReason: string | null; now: Date },
) {
  const { now, ...values } = row;
  const [inserted] = await tx
    .insert(testRecords)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return inserted!;
}

/** A draft saved over in place: new results, the next version. */
export async function updateDraft(tx: Db, id: number, change: { version: number; results: TestResults; savedBy: number; now: Date }) {
  const [row] = await tx
    .update(testRecords)
    .set({ version: change.version, results: change.results, savedBy: change.savedBy, updatedAt: change.now })
    .where(and(eq(testRecords.id, id), eq(testRecords.status, "draft")))
    .returning();
  return row!;
}

/** The tested row a correction replaces: it stays, marked superseded. */
export async function supersede(tx: Db, id: number, now: Date) {
  await tx.update(testRecords).set({ supersededAt: now }).where(eq(testRecords.id, id));
}

export async function markTested(tx: Db, id: number, change: { version: number; testedAt: Date; testedBy: number; now: Date }) {
  const [row] = await tx
    .update(testRecords)
    .set({ status: "tested", version: change.version, testedAt: change.testedAt, testedBy: change.testedBy, savedBy: change.testedBy, updatedAt: change.now })
    .where(eq(testRecords.id, id))
    .returning();
  return row!;
}

/** "Dave Wilson" (or the username) of each person who saved or tested. */
export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username]));
}

export type MeterPhotoRow = typeof testRecordPhotos.$inferSelect;

/** The purchase's meter photos, oldest first. */
export function photosOf(db: Db, purchaseId: number): Promise<MeterPhotoRow[]> {
  return db
    .select()
    .from(testRecordPhotos)
    .where(eq(testRecordPhotos.purchaseId, purchaseId))
    .orderBy(asc(testRecordPhotos.addedAt), asc(testRecordPhotos.photoId));
}

export async function photoCountOf(db: Db, purchaseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(testRecordPhotos)
    .where(eq(testRecordPhotos.purchaseId, purchaseId));
  return row?.n ?? 0;
}

export async function insertPhoto(tx: Db, row: MeterPhotoRow) {
  await tx.insert(testRecordPhotos).values(row);
}

/** Takes the photo off the purchase's record; false when the record has no such photo. */
export async function deletePhotoRow(tx: Db, purchaseId: number, photoId: string): Promise<boolean> {
  const gone = await tx
    .delete(testRecordPhotos)
    .where(and(eq(testRecordPhotos.purchaseId, purchaseId), eq(testRecordPhotos.photoId, photoId)))
    .returning({ id: testRecordPhotos.photoId });
  return gone.length === 1;
}
