// The paperwork's running clocks (docs/decisions/105-paperwork-on-the-card.md): one row per document
// the job's state asks for, given what the electrician marked, with its deadline counted by
// shared/compliance-deadlines.ts from the events so far. Recounted in the transaction of every
// change an event or a mark comes from (the test marked tested or corrected, the work completed or
// energised, a mark set), so the board's filter and the reminder sweep read a stored deadline.
import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import { deadlineOf, documentsFor, type JobEvents } from "../../../shared/compliance-deadlines";
import { jobPaperwork, leadPurchases, leads, paperworkDocuments, testRecords, users } from "../../../shared/schema";
import { AUSTRALIAN_STATES, type AustralianState } from "../../../shared/state-time";
import type { Db } from "../../platform/db/client";
import { claimSerial } from "./serials";

const isState = (s: string | null): s is AustralianState => (AUSTRALIAN_STATES as readonly string[]).includes(s ?? "");

/** The job's state, marks and events so far: what every clock of the job is counted from. */
export async function paperworkFacts(db: Db, purchaseId: number) {
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
  if (!row) return null;
  const [tested] = await db
    .select({ id: testRecords.id, testedAt: testRecords.testedAt })
    .from(testRecords)
    .where(and(eq(testRecords.purchaseId, purchaseId), isNull(testRecords.supersededAt), eq(testRecords.status, "tested")));
  const events: JobEvents = { test: tested?.testedAt ?? null, completion: row.completedAt, energised: row.energisedAt, start: row.startsAt };
  return {
    state: isState(row.state) ? row.state : null,
    marks: row.marks ?? [],
    events,
    version: row.version ?? 0,
    testRecordId: tested?.id ?? null,
    buyerId: row.buyerId,
    licence: row.licence,
  };
}

/**
 * Counts every clock of the job again: a document the job now needs gets its row, an open one its
 * new deadline, and an open one it no longer needs (a mark taken off) goes. Done ones are never
 * touched: an issued certificate or a lodged reference is kept as it was.
 */
export async function refreshPaperworkClocks(tx: Db, purchaseId: number, now: Date): Promise<void> {
  const facts = await paperworkFacts(tx, purchaseId);
  if (!facts?.state) return;
  const needed = documentsFor(facts.state, facts.marks).map(({ document }) => ({ document, ...deadlineOf(document, facts.events) }));
  await tx.delete(paperworkDocuments).where(
    and(
      eq(paperworkDocuments.purchaseId, purchaseId),
      eq(paperworkDocuments.status, "open"),
      needed.length > 0
        ? notInArray(
            paperworkDocuments.document,
            needed.map((n) => n.document),
          )
        : undefined,
    ),
  );
  if (needed.length === 0) return;
  await tx
    .insert(paperworkDocuments)
    .values(
      needed.map((n) => ({
        purchaseId,
        document: n.document,
        startsFrom: n.startsFrom,
        // A "before_start" document is due at the booked start, read live: a moved booking moves it.
        dueAt: n.startsFrom === "before_start" ? null : n.dueAt,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [paperworkDocuments.purchaseId, paperworkDocuments.document],
      set: { dueAt: sql`excluded.due_at`, startsFrom: sql`excluded.starts_from`, updatedAt: now },
      setWhere: eq(paperworkDocuments.status, "open"),
    });
  // NSW's form carries its number from the start: the electrician copies it onto the CCEW.
  const unnumbered = await tx
    .select({ id: paperworkDocuments.id, document: paperworkDocuments.document })
    .from(paperworkDocuments)
    .where(and(eq(paperworkDocuments.purchaseId, purchaseId), eq(paperworkDocuments.document, "nsw_ccew"), isNull(paperworkDocuments.serial)));
  for (const row of unnumbered) {
    const serial = await claimSerial(tx, facts.buyerId, "nsw_ccew", facts.licence);
    await tx.update(paperworkDocuments).set({ serial }).where(eq(paperworkDocuments.id, row.id));
  }
}
