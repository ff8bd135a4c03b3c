// Drizzle only: the paperwork's rows (docs/decisions/105-paperwork-on-the-card.md): the job's facts
// its clocks are counted from, the documents' stored deadlines, and each business's running numbers.
import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { ComplianceEvent } from "../../../shared/compliance-documents";
import { jobPaperwork, leadPurchases, leads, paperworkDocuments, paperworkSerials, testRecords, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** The purchase's state, booked start, marks and typed events, and its buyer's licence. */
export async function jobFactsRow(db: Db, purchaseId: number) {
  const [row] = await db
    .select({
      state: leads.state,
      startsAt: leadPurchases.jobStartsAt,
      marks: jobPaperwork.marks,
      completedAt: jobPaperwork.completedAt,
      energisedAt: jobPaperwork.energisedAt,
      version: jobPaperwork.version,
      buyerId: leadPurchases.buyerId,
      licence: users.licenseNumber,
    })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .innerJoin(users, eq(users.id, leadPurchases.buyerId))
    .leftJoin(jobPaperwork, eq(jobPaperwork.purchaseId, leadPurchases.id))
    .where(eq(leadPurchases.id, purchaseId));
  return row;
}

/** The standing record, when it is marked tested: the "test" event. */
export async function testedRecordOf(db: Db, purchaseId: number) {
  const [row] = await db
    .select({ id: testRecords.id, testedAt: testRecords.testedAt })
    .from(testRecords)
    .where(and(eq(testRecords.purchaseId, purchaseId), isNull(testRecords.supersededAt), eq(testRecords.status, "tested")));
  return row;
}

/** Open rows of documents the job no longer needs go; done ones stay. */
export async function dropUnneeded(tx: Db, purchaseId: number, needed: string[]) {
  await tx
    .delete(paperworkDocuments)
    .where(
      and(
        eq(paperworkDocuments.purchaseId, purchaseId),
        eq(paperworkDocuments.status, "open"),
        needed.length > 0 ? notInArray(paperworkDocuments.document, needed) : undefined,
      ),
    );
}

/** A row per needed document; an open one takes its new deadline, a done one is left as it was. */
export async function upsertClocks(tx: Db, purchaseId: number, clocks: { document: string; startsFrom: ComplianceEvent; dueAt: Date | null }[], now: Date) {
  if (clocks.length === 0) return;
  await tx
    .insert(paperworkDocuments)
    .values(clocks.map((c) => ({ purchaseId, ...c, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [paperworkDocuments.purchaseId, paperworkDocuments.document],
      // A moved deadline is reminded again from its first step (the reminder sweep's claim starts over).
      set: {
        dueAt: sql`excluded.due_at`,
        startsFrom: sql`excluded.starts_from`,
        reminded: sql`case when ${paperworkDocuments.dueAt} is distinct from excluded.due_at then null else ${paperworkDocuments.reminded} end`,
        updatedAt: now,
      },
      setWhere: eq(paperworkDocuments.status, "open"),
    });
}

export async function unnumberedOf(tx: Db, purchaseId: number, document: string) {
  return tx
    .select({ id: paperworkDocuments.id })
    .from(paperworkDocuments)
    .where(and(eq(paperworkDocuments.purchaseId, purchaseId), eq(paperworkDocuments.document, document), isNull(paperworkDocuments.serial)));
}

export async function setSerial(tx: Db, id: number, serial: string) {
  await tx
    .update(paperworkDocuments)
    .set({ serial })
    .where(and(eq(paperworkDocuments.id, id), isNull(paperworkDocuments.serial)));
}

/** The owner's next number in `series`, claimed by one upsert. */
export async function nextNumber(tx: Db, ownerId: number, series: string): Promise<number> {
  const [row] = await tx
    .insert(paperworkSerials)
    .values({ ownerId, series, last: 1 })
    .onConflictDoUpdate({ target: [paperworkSerials.ownerId, paperworkSerials.series], set: { last: sql`${paperworkSerials.last} + 1` } })
    .returning({ last: paperworkSerials.last });
  return row!.last;
}

/** The open documents of the purchases, with each one's booked start. */
export function openDocumentsOf(db: Db, purchaseIds: number[]) {
  return (
    db
      .select({
        purchaseId: paperworkDocuments.purchaseId,
        document: paperworkDocuments.document,
        startsFrom: paperworkDocuments.startsFrom,
        dueAt: paperworkDocuments.dueAt,
        jobStartsAt: leadPurchases.jobStartsAt,
      })
      .from(paperworkDocuments)
      .innerJoin(leadPurchases, eq(leadPurchases.id, paperworkDocuments.purchaseId))
      // A job given back is someone else's now: its clocks are not the board's, as the reminders skip it.
      .where(and(inArray(paperworkDocuments.purchaseId, purchaseIds), eq(paperworkDocuments.status, "open"), isNull(leadPurchases.releasedAt)))
  );
}

/** Live purchases tested before their paperwork had clocks: a tested record and no document row. */
export async function testedWithoutClocks(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: leadPurchases.id })
    .from(leadPurchases)
    .innerJoin(testRecords, and(eq(testRecords.purchaseId, leadPurchases.id), isNull(testRecords.supersededAt), eq(testRecords.status, "tested")))
    .where(and(isNull(leadPurchases.releasedAt), sql`not exists (select 1 from ${paperworkDocuments} d where d.purchase_id = ${leadPurchases.id})`))
    .limit(limit);
  return rows.map((r) => r.id);
}
