// Drizzle only: what the reviews read and write (docs/decisions/058-reviews.md).
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { documentPayments, leadPurchases, leads, reviewReports, reviews, type Review } from "../../../shared/schema";
import type { ReviewHiddenReason } from "../../../shared/reviews-rules";
import type { Db } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/unique-violation";

/**
 * The live, paid sale of a lead: the job a review is of (a released sale is history). A refunded
 * one still counts: the refund is between us and the electrician (docs/decisions/058-reviews.md).
 */
export async function reviewableSaleOf(db: Db, leadId: number) {
  const [row] = await db
    .select({
      id: leadPurchases.id,
      buyerId: leadPurchases.buyerId,
      purchasedAt: leadPurchases.purchasedAt,
      invoicePaidAt: leadPurchases.invoicePaidAt,
      jobStartsAt: leadPurchases.jobStartsAt,
    })
    .from(leadPurchases)
    .where(and(eq(leadPurchases.leadId, leadId), isNull(leadPurchases.releasedAt), inArray(leadPurchases.paymentStatus, ["completed", "refunded"])));
  return row ?? null;
}
export type ReviewableSale = NonNullable<Awaited<ReturnType<typeof reviewableSaleOf>>>;

export async function reviewOfPurchase(db: Db, purchaseId: number): Promise<Review | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.purchaseId, purchaseId));
  return row ?? null;
}

export async function reviewById(db: Db, id: number): Promise<Review | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row ?? null;
}

/** The new review, or null when the job already has one (the unique index decides, whatever the race). */
export async function insertReview(db: Db, values: typeof reviews.$inferInsert): Promise<Review | null> {
  try {
    const [row] = await db.transaction((sp) => sp.insert(reviews).values(values).returning());
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** The customer's edit, only while the window is open (checked again in the statement itself). */
export async function updateReview(db: Db, id: number, values: Partial<typeof reviews.$inferInsert>, now: Date): Promise<Review | null> {
  const [row] = await db
    .update(reviews)
    .set({ ...values, updatedAt: now })
    .where(and(eq(reviews.id, id), sql`${reviews.editableUntil} > ${now}`))
    .returning();
  return row ?? null;
}

/** Whether the job's invoice was paid online, through Stripe on the electrician's account (docs/decisions/056). */
export async function paidOnPlatform(db: Db, purchaseId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(documentPayments)
    .where(and(eq(documentPayments.purchaseId, purchaseId), isNotNull(documentPayments.invoiceId), inArray(documentPayments.source, ["stripe", "demo"])));
  return (row?.n ?? 0) > 0;
}

/** An invoice of the job was just paid online: its review, if any, says so from now on. */
export async function markPaidOnPlatform(tx: Db, purchaseId: number) {
  await tx.update(reviews).set({ paidOnPlatform: true }).where(eq(reviews.purchaseId, purchaseId));
}

// ---- The code the customer confirms their mobile with ----

/** A new code for the job: the old one stops working and the tries start again. */
// ---- The electrician's reply, reports, the operator ----

/** The first reply only (null when one exists), or an edit of the existing one (null when none). */
export async function writeReply(db: Db, id: number, text: { shown: string; asWritten: string }, now: Date, mode: "first" | "edit"): Promise<Review | null> {
  const written = { replyText: text.shown, replyAsWritten: text.asWritten };
  const [row] = await db
    .update(reviews)
    .set(mode === "first" ? { ...written, replyCreatedAt: now, replyUpdatedAt: now } : { ...written, replyUpdatedAt: now })
    .where(and(eq(reviews.id, id), mode === "first" ? isNull(reviews.replyText) : isNotNull(reviews.replyText)))
    .returning();
  return row ?? null;
}

export interface Reporter {
  /** "user:<id>" or "device:<hash>". */
  reporter: string;
  addressHash: string;
  /** The Sydney day, "YYYY-MM-DD". */
  reportedOn: string;
}

/**
 * The report, unless this reporter, or this address today, already reported the review: then
 * nothing is written, and only this reporter's own earlier report comes back (another person
 * behind the same address is never shown someone else's: docs/decisions/075).
 */
export async function insertReport(db: Db, reviewId: number, reason: string, who: Reporter, now: Date) {
  const [inserted] = await db
    .insert(reviewReports)
    .values({ reviewId, reason, createdAt: now, ...who })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { report: inserted, created: true };
  const [own] = await db
    .select()
    .from(reviewReports)
    .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.reporter, who.reporter)));
  return { report: own ?? null, created: false };
}

/** Hides a shown review for a published reason and settles its reports; null when it was hidden already. */
export async function hideReview(db: Db, id: number, reason: ReviewHiddenReason, now: Date): Promise<Review | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ hiddenReason: reason, hiddenAt: now })
      .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
      .returning();
    if (row)
      await tx
        .update(reviewReports)
        .set({ resolvedAt: now })
        .where(and(eq(reviewReports.reviewId, id), isNull(reviewReports.resolvedAt)));
    return row ?? null;
  });
}

/** The operator's Reviews tab: reviews with open reports first, then the newest. (The outer row named in full: Drizzle writes a bare "id" inside sql``.) */
export async function reviewsForOperator(db: Db, limit: number, offset: number) {
  const openReports = sql<number>`(select count(*) from ${reviewReports} r where r.review_id = "reviews"."id" and r.resolved_at is null)`.mapWith(Number);
  const reasons = sql<
    string[]
  >`coalesce((select array_agg(r.reason order by r.created_at) from ${reviewReports} r where r.review_id = "reviews"."id" and r.resolved_at is null), '{}')`;
  return db
    .select({ review: reviews, openReports, reasons })
    .from(reviews)
    .orderBy(desc(openReports), desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

/** Reviews published (shown) and hidden, by reason: the policy page's live figures. */
export async function reviewFigures(db: Db) {
  const rows = await db.select({ reason: reviews.hiddenReason, n: count() }).from(reviews).groupBy(reviews.hiddenReason);
  return rows.map((r) => ({ reason: r.reason, n: Number(r.n) }));
}

export async function leadOfReview(db: Db, leadId: number) {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  return row ?? null;
}
