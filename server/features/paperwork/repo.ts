// Drizzle only: a job's paperwork (docs/decisions/105-paperwork-on-the-card.md). Rows are inserted
// and updated, never deleted once done: an issued certificate and a lodged reference are kept.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  jobDetails,
  jobPaperwork,
  leadPurchases,
  leads,
  paperworkDocuments,
  paperworkFiles,
  testRecords,
  users,
  type LeadPurchase,
} from "../../../shared/schema";
import type { WorkMark } from "../../../shared/compliance-documents";
import type { Db } from "../../platform/db/client";

export type DocumentRow = typeof paperworkDocuments.$inferSelect;

/** The owner's purchase (`null`: any, for the super admin); writes need it live, and lock it. */
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

export function documentsOf(db: Db, purchaseId: number): Promise<DocumentRow[]> {
  return db.select().from(paperworkDocuments).where(eq(paperworkDocuments.purchaseId, purchaseId)).orderBy(asc(paperworkDocuments.id));
}

export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, [r.firstName, r.lastName].filter(Boolean).join(" ") || r.username]));
}

/**
 * What the paperwork prints of a job: the buyer's working copy of the details over what the
 * customer typed (the installation as the electrician knows it), the business and its licence,
 * and the tested record with who tested it.
 */
export async function jobOf(db: Db, purchaseId: number) {
  const [row] = await db
    .select({
      lead: leads,
      copy: jobDetails,
      business: {
        id: users.id,
        companyName: users.companyName,
        firstName: users.firstName,
        lastName: users.lastName,
        licence: users.licenseNumber,
        abn: users.abn,
        phone: users.phone,
        address: users.businessAddress,
      },
    })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .innerJoin(users, eq(users.id, leadPurchases.buyerId))
    .leftJoin(jobDetails, eq(jobDetails.purchaseId, leadPurchases.id))
    .where(eq(leadPurchases.id, purchaseId));
  if (!row) return null;
  const [record] = await db
    .select()
    .from(testRecords)
    .where(and(eq(testRecords.purchaseId, purchaseId), isNull(testRecords.supersededAt), eq(testRecords.status, "tested")));
  const [tester] = record?.testedBy
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, username: users.username, licence: users.licenseNumber })
        .from(users)
        .where(eq(users.id, record.testedBy))
    : [];
  return { ...row, record: record ?? null, tester: tester ?? null };
}
export type JobFacts = NonNullable<Awaited<ReturnType<typeof jobOf>>>;

/** The marks and events, written over the version the card read (checked by the caller under the purchase's lock). */
export async function writePaperwork(
  tx: Db,
  purchaseId: number,
  change: { version: number; marks: WorkMark[]; completedAt: Date | null; energisedAt: Date | null; by: number; now: Date },
) {
  const values = { marks: change.marks, completedAt: change.completedAt, energisedAt: change.energisedAt, updatedBy: change.by, updatedAt: change.now };
  await tx
    .insert(jobPaperwork)
    .values({ purchaseId, version: change.version + 1, ...values, createdAt: change.now })
    .onConflictDoUpdate({ target: jobPaperwork.purchaseId, set: { version: change.version + 1, ...values } });
}

/** A document done moves the card's version on too: a card that read before it is stale. */
export async function bumpVersion(tx: Db, purchaseId: number, by: number, now: Date) {
  await tx
    .insert(jobPaperwork)
    .values({ purchaseId, version: 1, updatedBy: by, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: jobPaperwork.purchaseId, set: { version: sql`${jobPaperwork.version} + 1`, updatedBy: by, updatedAt: now } });
}

export async function markDone(
  tx: Db,
  id: number,
  done: { status: "issued" | "lodged"; serial?: string; reference?: string; issued?: Record<string, unknown>; testRecordId?: number; by: number; now: Date },
) {
  const { by, now, ...values } = done;
  await tx
    .update(paperworkDocuments)
    .set({ ...values, doneBy: by, doneAt: now, updatedAt: now })
    .where(and(eq(paperworkDocuments.id, id), eq(paperworkDocuments.status, "open")));
}

export async function markCustomerSent(tx: Db, id: number, now: Date) {
  await tx.update(paperworkDocuments).set({ customerSentAt: now }).where(eq(paperworkDocuments.id, id));
}

/** The lead's live sale's documents the customer has a copy of: the certificate we issued, or a completed form sent. */
export async function issuedOf(db: Db, leadId: number) {
  const rows = await db
    .select({
      purchaseId: leadPurchases.id,
      document: paperworkDocuments.document,
      status: paperworkDocuments.status,
      doneAt: paperworkDocuments.doneAt,
      sentAt: paperworkFiles.sentAt,
    })
    .from(paperworkDocuments)
    .innerJoin(leadPurchases, eq(leadPurchases.id, paperworkDocuments.purchaseId))
    .leftJoin(paperworkFiles, eq(paperworkFiles.documentId, paperworkDocuments.id))
    .where(and(eq(leadPurchases.leadId, leadId), isNull(leadPurchases.releasedAt)));
  return rows
    .map((r) => ({ purchaseId: r.purchaseId, document: r.document, issuedAt: r.status === "issued" ? r.doneAt : r.sentAt }))
    .filter((r): r is { purchaseId: number; document: string; issuedAt: Date } => r.issuedAt !== null);
}

export type FileRow = typeof paperworkFiles.$inferSelect;

/** The completed forms of the purchase's documents, without their bytes. */
export function filesOf(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      documentId: paperworkFiles.documentId,
      pages: paperworkFiles.pages,
      uploadedAt: paperworkFiles.uploadedAt,
      sentAt: paperworkFiles.sentAt,
      sentTo: paperworkFiles.sentTo,
    })
    .from(paperworkFiles)
    .where(inArray(paperworkFiles.documentId, documentIds));
}

export async function fileOf(db: Db, documentId: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(paperworkFiles).where(eq(paperworkFiles.documentId, documentId));
  return row;
}

/** The completed form, replacing one not yet sent; false when the one there was already sent. */
export async function putFile(
  tx: Db,
  file: { documentId: number; fileName: string; bytes: Uint8Array; pages: number; by: number; now: Date },
): Promise<boolean> {
  const values = { fileName: file.fileName, bytes: file.bytes, pages: file.pages, uploadedBy: file.by, uploadedAt: file.now };
  const written = await tx
    .insert(paperworkFiles)
    .values({ documentId: file.documentId, ...values })
    .onConflictDoUpdate({ target: paperworkFiles.documentId, set: values, setWhere: isNull(paperworkFiles.sentAt) })
    .returning({ id: paperworkFiles.documentId });
  return written.length > 0;
}

/** Marks the form sent to `to`; false when it was sent already (another send got there first). */
export async function markFileSent(tx: Db, documentId: number, to: string[], now: Date): Promise<boolean> {
  const rows = await tx
    .update(paperworkFiles)
    .set({ sentAt: now, sentTo: to })
    .where(and(eq(paperworkFiles.documentId, documentId), isNull(paperworkFiles.sentAt)))
    .returning({ id: paperworkFiles.documentId });
  return rows.length > 0;
}
