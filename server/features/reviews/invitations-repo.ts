// Drizzle only: the review invitations' clock (docs/decisions/059-review-invitations.md).
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { REVIEW_AFTER_PURCHASE_MS, REVIEW_AFTER_START_MS, REVIEW_INVITE_AFTER_PAID_MS, REVIEW_REMINDER_AFTER_MS } from "../../../shared/reviews-rules";
import { reviewInvitations } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface InvitationCandidate {
  purchaseId: number;
  leadId: number;
  buyerId: number;
  purchasedAt: Date;
  paidAt: Date | null;
  jobStartsAt: Date | null;
  customerPhone: string;
  source: string;
  state: string | null;
  invitedAt: Date | null;
}

type Row = {
  id: number;
  lead_id: number;
  buyer_id: number;
  purchased_at: string | Date;
  invoice_paid_at: string | Date | null;
  job_starts_at: string | Date | null;
  customer_phone: string;
  source: string;
  state: string | null;
  invited_at: string | Date | null;
};
const at = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * Live paid market purchases made since `since` (every job is reviewable a week after its
 * purchase, so its invitation and reminder fall well inside) not yet reviewed, reminded or opted
 * out, whose invitation or reminder may be due at `now`: the sweep's candidates, found by the
 * paid-purchases index on purchased_at. A clock that has not run (shared/reviews-rules.ts
 * invitationFrom, checked exactly by the sweep) is left out here, so the jobs not yet
 * reviewable, a week of sales, never fill the batch ahead of one that is due.
 */
export async function invitationCandidates(db: Db, since: Date, now: Date, limit: number): Promise<InvitationCandidate[]> {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const found = rows<Row>(
    await db.execute(sql`
      select p.id, p.lead_id, p.buyer_id, p.purchased_at, p.invoice_paid_at, p.job_starts_at,
        l.customer_phone, l.source, l.state, i.invited_at
      from lead_purchases p
      join leads l on l.id = p.lead_id
      left join review_invitations i on i.purchase_id = p.id
      where p.payment_status = 'completed' and p.purchased_at >= ${since} and p.released_at is null
        and l.source <> 'provider_manual'
        and not exists (select 1 from reviews r where r.purchase_id = p.id)
        and (
          (i.purchase_id is null and (p.purchased_at <= ${before(REVIEW_AFTER_PURCHASE_MS)}::timestamptz
            or p.invoice_paid_at <= ${before(REVIEW_INVITE_AFTER_PAID_MS)}::timestamptz
            or p.job_starts_at <= ${before(REVIEW_AFTER_START_MS)}::timestamptz))
          or (i.reminded_at is null and i.opted_out_at is null and i.invited_at <= ${before(REVIEW_REMINDER_AFTER_MS)}::timestamptz))
      order by p.purchased_at, p.id
      limit ${limit}`),
  );
  return found.map((r) => ({
    purchaseId: r.id,
    leadId: r.lead_id,
    buyerId: r.buyer_id,
    purchasedAt: new Date(r.purchased_at),
    paidAt: at(r.invoice_paid_at),
    jobStartsAt: at(r.job_starts_at),
    customerPhone: r.customer_phone,
    source: r.source,
    state: r.state,
    invitedAt: at(r.invited_at),
  }));
}

/** Claims the invitation: true for the one caller whose row went in (however many instances sweep). */
export async function claimInvitation(tx: Db, purchaseId: number, optOutTokenHash: string, now: Date, decidedWithoutSms: boolean): Promise<boolean> {
  const written = await tx
    .insert(reviewInvitations)
    .values({ purchaseId, invitedAt: now, optOutTokenHash, ...(decidedWithoutSms && { remindedAt: now }) })
    .onConflictDoNothing()
    .returning({ id: reviewInvitations.purchaseId });
  return written.length > 0;
}

/** Claims the one reminder: true for the one caller that moved reminded_at from null. */
export async function claimReminder(tx: Db, purchaseId: number, invitedBefore: Date, now: Date): Promise<boolean> {
  const written = await tx
    .update(reviewInvitations)
    .set({ remindedAt: now })
    .where(
      and(
        eq(reviewInvitations.purchaseId, purchaseId),
        isNull(reviewInvitations.remindedAt),
        isNull(reviewInvitations.optedOutAt),
        lte(reviewInvitations.invitedAt, invitedBefore),
      ),
    )
    .returning({ id: reviewInvitations.purchaseId });
  return written.length > 0;
}

export async function invitationOf(db: Db, purchaseId: number) {
  const [row] = await db.select().from(reviewInvitations).where(eq(reviewInvitations.purchaseId, purchaseId));
  return row ?? null;
}

export async function optOut(db: Db, purchaseId: number, now: Date) {
  await db
    .update(reviewInvitations)
    .set({ optedOutAt: now })
    .where(and(eq(reviewInvitations.purchaseId, purchaseId), isNull(reviewInvitations.optedOutAt)));
}

/** The business name the SMS says, or null. */
export async function businessNameOf(db: Db, buyerId: number): Promise<string | null> {
  const [row] = rows<{ name: string | null }>(await db.execute(sql`select coalesce(company_name, first_name) as name from users where id = ${buyerId}`));
  return row?.name ?? null;
}
