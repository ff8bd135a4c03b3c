// Drizzle only: the operator's review queue (docs/decisions/049-missed-promises-and-refunds.md).
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { OperatorReviewKind, OperatorReviewStatus } from "../../../shared/schema";
import { leadPurchases, leads, operatorReviews, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/**
 * Opens a case, in the transaction of the change that calls for it. One open case per kind
 * per purchase (the partial unique index): a second report while one is open adds nothing.
 * True when this call opened it.
 */
export async function insertReview(tx: Db, review: { purchaseId: number; kind: OperatorReviewKind; evidence: Record<string, unknown>; now: Date }) {
  const opened = await tx
    .insert(operatorReviews)
    .values({ purchaseId: review.purchaseId, kind: review.kind, evidence: review.evidence, createdAt: review.now })
    .onConflictDoNothing()
    .returning({ id: operatorReviews.id });
  return opened.length > 0;
}

/** The newest case of a kind on a purchase, whatever its status. */
export async function latestReviewOf(db: Db, purchaseId: number, kind: OperatorReviewKind) {
  const [row] = await db
    .select({ status: operatorReviews.status, createdAt: operatorReviews.createdAt, decidedAt: operatorReviews.decidedAt })
    .from(operatorReviews)
    .where(and(eq(operatorReviews.purchaseId, purchaseId), eq(operatorReviews.kind, kind)))
    .orderBy(desc(operatorReviews.createdAt), desc(operatorReviews.id))
    .limit(1);
  return row ?? null;
}

/** One page of cases in a status, oldest open first (a queue), newest first once decided. */
export async function listReviews(db: Db, args: { status: OperatorReviewStatus; limit: number; offset: number }) {
  const where = eq(operatorReviews.status, args.status);
  const order = args.status === "open" ? [operatorReviews.createdAt, operatorReviews.id] : [desc(operatorReviews.decidedAt), desc(operatorReviews.id)];
  const [items, [total]] = await Promise.all([
    db
      .select({
        review: operatorReviews,
        purchase: {
          id: leadPurchases.id,
          purchasedAt: leadPurchases.purchasedAt,
          amountPaid: leadPurchases.amountPaid,
          salesStage: leadPurchases.salesStage,
          releasedAt: leadPurchases.releasedAt,
        },
        provider: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, companyName: users.companyName },
        lead: { id: leads.id, jobReference: leads.jobReference, suburb: leads.suburb, state: leads.state, serviceType: leads.serviceType },
      })
      .from(operatorReviews)
      .innerJoin(leadPurchases, eq(leadPurchases.id, operatorReviews.purchaseId))
      .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
      .innerJoin(users, eq(users.id, leadPurchases.buyerId))
      .where(where)
      .orderBy(...order)
      .limit(args.limit)
      .offset(args.offset),
    db.select({ count: count() }).from(operatorReviews).where(where),
  ]);
  return { items, total: total!.count };
}

/** Decides an open case; undefined when it was not open (decided meanwhile, or no such case). */
export async function decideOpenReview(tx: Db, id: number, decision: { status: "upheld" | "dismissed"; note: string; now: Date }) {
  const [row] = await tx
    .update(operatorReviews)
    .set({ status: decision.status, note: decision.note, decidedAt: decision.now })
    .where(and(eq(operatorReviews.id, id), eq(operatorReviews.status, "open")))
    .returning({ id: operatorReviews.id });
  return row;
}

export async function reviewExists(db: Db, id: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(operatorReviews)
    .where(eq(operatorReviews.id, id));
  return row !== undefined;
}
