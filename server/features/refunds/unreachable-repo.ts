// Drizzle only: "customer unreachable" (docs/decisions/049-missed-promises-and-refunds.md, "A
// customer who never answers"): what the rule reads of the logged attempts, the claim's three
// columns on lead_purchases, the provider's recent unreachable refunds, and the operator's cases.
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, notInArray, sql } from "drizzle-orm";
import type { MissedTries } from "../../../shared/unreachable";
import {
  contactAttempts,
  leadPurchases,
  leads,
  operatorReviews,
  outboxMessages,
  purchaseRefunds,
  users,
  type LeadPurchase,
  type OperatorReviewKind,
} from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

type Outcome = NonNullable<LeadPurchase["unreachableOutcome"]>;

/** A live (not released) purchase, row-locked; `ownerId` null means any buyer (the super admin). */
export async function lockLivePurchase(tx: Db, purchaseId: number, ownerId: number | null): Promise<LeadPurchase | undefined> {
  const [row] = await tx
    .select()
    .from(leadPurchases)
    .where(and(eq(leadPurchases.id, purchaseId), isNull(leadPurchases.releasedAt), ownerId === null ? undefined : eq(leadPurchases.buyerId, ownerId)))
    .for("update");
  return row;
}

export async function findLead(db: Db, leadId: number) {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  return row!;
}

export interface AttemptFacts extends MissedTries {
  purchaseId: number;
  reached: boolean;
  wrongNumber: boolean;
}

/** For each purchase with any attempt: the tries that did not reach the customer (count, first, last), and whether any reached or was a wrong number. */
export async function attemptFactsOf(db: Db, purchaseIds: number[]): Promise<Map<number, AttemptFacts>> {
  if (purchaseIds.length === 0) return new Map();
  const missed = sql`${contactAttempts.outcome} <> 'reached'`;
  const rows = await db
    .select({
      purchaseId: contactAttempts.purchaseId,
      count: sql<number>`(count(*) filter (where ${missed}))::int`,
      first: sql<Date | null>`min(${contactAttempts.createdAt}) filter (where ${missed})`.mapWith(contactAttempts.createdAt),
      last: sql<Date | null>`max(${contactAttempts.createdAt}) filter (where ${missed})`.mapWith(contactAttempts.createdAt),
      reached: sql<boolean>`bool_or(${contactAttempts.outcome} = 'reached')`,
      wrongNumber: sql<boolean>`bool_or(${contactAttempts.outcome} = 'wrong_number')`,
    })
    .from(contactAttempts)
    .where(inArray(contactAttempts.purchaseId, purchaseIds))
    .groupBy(contactAttempts.purchaseId);
  return new Map(rows.map((r) => [r.purchaseId, { ...r, count: Number(r.count), first: r.first ?? null, last: r.last ?? null }]));
}

/** Every attempt on a purchase, oldest first, with who logged it: the buyer's side of an operator's case. */
export async function attemptsOf(db: Db, purchaseId: number) {
  return db
    .select({ channel: contactAttempts.channel, outcome: contactAttempts.outcome, at: contactAttempts.createdAt, userId: contactAttempts.userId })
    .from(contactAttempts)
    .where(eq(contactAttempts.purchaseId, purchaseId))
    .orderBy(asc(contactAttempts.createdAt), asc(contactAttempts.id));
}

/** Claims of one provider take turns, so two at once cannot both come in under the monthly limit. */
export async function lockProviderClaims(tx: Db, ownerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unreachable-claims:${ownerId}`}))`);
}

/**
 * The provider's `unreachable` refunds made since `since`, and their claims still waiting for
 * the customer (a refund on its way: counting only finished ones would let ten claims made in
 * one afternoon all take the automatic path).
 */
export async function unreachableLoadOf(db: Db, ownerId: number, since: Date): Promise<number> {
  const [refunds] = await db
    .select({ n: count() })
    .from(purchaseRefunds)
    .innerJoin(leadPurchases, eq(leadPurchases.id, purchaseRefunds.purchaseId))
    .where(and(eq(leadPurchases.buyerId, ownerId), eq(purchaseRefunds.reason, "unreachable"), gte(purchaseRefunds.createdAt, since)));
  const [open] = await db
    .select({ n: count() })
    .from(leadPurchases)
    .where(and(eq(leadPurchases.buyerId, ownerId), isNotNull(leadPurchases.unreachableClaimedAt), isNull(leadPurchases.unreachableSettledAt)));
  return (refunds?.n ?? 0) + (open?.n ?? 0);
}

/** The claim: its time, and for a claim that goes straight to the operator, its outcome and end too. */
export async function markClaimed(tx: Db, purchaseId: number, now: Date, settled?: "operator") {
  const [row] = await tx
    .update(leadPurchases)
    .set({ unreachableClaimedAt: now, unreachableOutcome: settled ?? null, unreachableSettledAt: settled ? now : null, updatedAt: now })
    .where(and(eq(leadPurchases.id, purchaseId), isNull(leadPurchases.unreachableClaimedAt)))
    .returning();
  return row;
}

/** One open case of a kind per purchase (the partial unique index): a second adds nothing. */
export async function openOperatorReview(tx: Db, review: { purchaseId: number; kind: OperatorReviewKind; evidence: Record<string, unknown>; now: Date }) {
  const [row] = await tx
    .insert(operatorReviews)
    .values({ purchaseId: review.purchaseId, kind: review.kind, evidence: review.evidence, createdAt: review.now })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The buyer's account as the customer's SMS names it. */
export async function businessOf(db: Db, userId: number) {
  const [row] = await db.select({ companyName: users.companyName, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The lead's live purchase whose claim is still open, row-locked: the customer's answer and the refund take turns. */
export async function lockOpenClaimOfLead(tx: Db, leadId: number): Promise<LeadPurchase | undefined> {
  const [row] = await tx
    .select()
    .from(leadPurchases)
    .where(
      and(
        eq(leadPurchases.leadId, leadId),
        isNull(leadPurchases.releasedAt),
        isNotNull(leadPurchases.unreachableClaimedAt),
        isNull(leadPurchases.unreachableSettledAt),
      ),
    )
    .for("update");
  return row;
}

/** Ends an open claim; nothing when it had ended already. */
export async function settleClaim(tx: Db, purchaseId: number, outcome: Outcome, now: Date) {
  const [row] = await tx
    .update(leadPurchases)
    .set({ unreachableOutcome: outcome, unreachableSettledAt: now, updatedAt: now })
    .where(and(eq(leadPurchases.id, purchaseId), isNotNull(leadPurchases.unreachableClaimedAt), isNull(leadPurchases.unreachableSettledAt)))
    .returning();
  return row;
}

/** Open claims made at or before `cutoff`, oldest first, through lead_purchases_unreachable_open_idx; `except` those backing off. */
export async function dueClaims(db: Db, cutoff: Date, limit: number, except: number[] = []): Promise<number[]> {
  const rows = await db
    .select({ id: leadPurchases.id })
    .from(leadPurchases)
    .where(
      and(
        isNotNull(leadPurchases.unreachableClaimedAt),
        isNull(leadPurchases.unreachableSettledAt),
        lte(leadPurchases.unreachableClaimedAt, cutoff),
        except.length ? notInArray(leadPurchases.id, except) : undefined,
      ),
    )
    .orderBy(asc(leadPurchases.unreachableClaimedAt), asc(leadPurchases.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * In the refunding transaction: the claim, locked unless another instance holds it (SKIP
 * LOCKED: that one is refunding it), and only while it is still open and due.
 */
export async function lockDueClaim(tx: Db, purchaseId: number, cutoff: Date): Promise<LeadPurchase | undefined> {
  const [row] = await tx
    .select()
    .from(leadPurchases)
    .where(
      and(
        eq(leadPurchases.id, purchaseId),
        isNotNull(leadPurchases.unreachableClaimedAt),
        isNull(leadPurchases.unreachableSettledAt),
        lte(leadPurchases.unreachableClaimedAt, cutoff),
      ),
    )
    .for("update", { skipLocked: true });
  return row;
}

/** The outbox row of one message by its event (the customer's question has one recipient). */
export async function questionOf(db: Db, event: string) {
  const [row] = await db
    .select({ recipient: outboxMessages.recipient, status: outboxMessages.status, attempts: outboxMessages.attempts, lastError: outboxMessages.lastError })
    .from(outboxMessages)
    .where(eq(outboxMessages.event, event))
    .limit(1);
  return row;
}

/** Whether the purchase has a refund row, or is marked refunded. */
export async function isRefunded(db: Db, purchase: Pick<LeadPurchase, "id" | "paymentStatus">): Promise<boolean> {
  if (purchase.paymentStatus === "refunded") return true;
  const [row] = await db.select({ id: purchaseRefunds.id }).from(purchaseRefunds).where(eq(purchaseRefunds.purchaseId, purchase.id));
  return Boolean(row);
}
