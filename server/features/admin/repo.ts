// Drizzle only: the operator admin's lists and updates (providers, leads, callbacks). Plain rows
// out; never a password column.
import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { CallbackStatus } from "../../../shared/admin";
import { MISSED_PROMISE_FLAG, MISSED_PROMISE_RELEASE } from "../../../shared/job-aftercare";
import { leads, providerCallbacks, sessions, users, type ProviderCallback } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { licenceColumns, providerColumns } from "../../core/providers";
import { teamMemberIds } from "../../platform/access/team-repo";
import { newestFirstPage, type PageArgs } from "../../platform/db/paging";

// ---------- providers ----------

/**
 * A provider's counted purchases (docs/decisions/015: live, paid, of a marketplace lead) and
 * what they paid for them (docs/decisions/032). The subqueries name the outer row as "users"."id" on
 * purpose: drizzle writes a column of the table being selected without its table, and an
 * unqualified "id" inside a subquery over lead_purchases means lead_purchases.id, which is how
 * every provider came to show "1 purchase". Plain SQL here also works in UPDATE ... RETURNING.
 */
const countedSalesOfUser = sql.raw(`from lead_purchases lp join leads l on l.id = lp.lead_id
  where lp.buyer_id = "users"."id" and (lp.released_at is null or lp.release_reason = '${MISSED_PROMISE_RELEASE}')
  and lp.payment_status = 'completed' and l.source <> 'provider_manual'`);

/**
 * Missed promises since `since` (docs/decisions/049): purchases released because nothing was
 * logged by the promise, and "not contacted" cases the operator upheld. Each is one on the record.
 */
const missedPromisesSince = (since: Date) => sql<number>`((select count(*) from lead_purchases lp
    where lp.buyer_id = "users"."id" and lp.release_reason = ${MISSED_PROMISE_RELEASE} and lp.released_at >= ${since.toISOString()}::timestamptz)
  + (select count(*) from operator_reviews r join lead_purchases lp on lp.id = r.purchase_id
    where lp.buyer_id = "users"."id" and r.kind = 'not_contacted' and r.status = 'upheld' and r.decided_at >= ${since.toISOString()}::timestamptz))::int`;

const operatorColumns = {
  ...providerColumns,
  isActive: users.isActive,
  isVerified: users.isVerified,
  verificationStatus: users.verificationStatus,
  ...licenceColumns,
  createdAt: users.createdAt,
  purchaseCount: sql<number>`(select count(*)::int ${countedSalesOfUser})`,
  spend: sql<string>`(select coalesce(sum(lp.amount_paid), 0)::numeric(14,2)::text ${countedSalesOfUser})`,
};

/** `%`, `_` and `\` typed by the operator are searched for literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listProviders(db: Db, args: PageArgs & { q?: string; now: Date }) {
  const since = new Date(args.now.getTime() - MISSED_PROMISE_FLAG.days * 86_400_000);
  const pattern = args.q ? likePattern(args.q) : undefined;
  const where = and(
    eq(users.userType, "provider"),
    pattern
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
          ilike(users.email, pattern),
          ilike(users.companyName, pattern),
          ilike(users.username, pattern),
        )
      : undefined,
  );
  const columns = { ...operatorColumns, missedPromises: missedPromisesSince(since) };
  return newestFirstPage(db, db.select(columns).from(users).where(where).$dynamic(), users, where, args);
}

/** Sets is_active on a provider (not any other kind of user); the row, or undefined. */
export async function setProviderActive(tx: Db, id: number, isActive: boolean, now: Date) {
  const [row] = await tx
    .update(users)
    .set({ isActive, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.userType, "provider")))
    .returning(operatorColumns);
  return row;
}

/** Ends every session of the provider and of their team members. */
export async function endSessionsOfProviderAndTeam(tx: Db, providerId: number) {
  await tx.delete(sessions).where(or(eq(sessions.userId, providerId), inArray(sessions.userId, teamMemberIds(tx, providerId))));
}

// ---------- leads ----------

export async function listLeads(db: Db, args: PageArgs & { status?: "available" | "sold" }) {
  const where = args.status ? eq(leads.status, args.status) : undefined;
  return newestFirstPage(
    db,
    db
      .select({
        id: leads.id,
        jobReference: leads.jobReference,
        status: leads.status,
        source: leads.source,
        serviceType: leads.serviceType,
        propertyType: leads.propertyType,
        urgency: leads.urgency,
        leadScore: leads.leadScore,
        suburb: leads.suburb,
        state: leads.state,
        postcode: leads.postcode,
        serviceLocation: leads.serviceLocation,
        isArchived: leads.isArchived,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .where(where)
      .$dynamic(),
    leads,
    where,
    args,
  );
}

// ---------- provider callbacks ----------

export async function listCallbacks(db: Db, args: PageArgs & { status?: CallbackStatus }) {
  const where = args.status ? eq(providerCallbacks.status, args.status) : undefined;
  return newestFirstPage(db, db.select().from(providerCallbacks).where(where).$dynamic(), providerCallbacks, where, args);
}

export async function findCallback(db: Db, id: number): Promise<ProviderCallback | undefined> {
  const [row] = await db.select().from(providerCallbacks).where(eq(providerCallbacks.id, id));
  return row;
}

/**
 * Applies the change only while the callback is still in `from`: of two operators moving
 * the same callback at once, one wins and the other sees stale state.
 */
export async function updateCallbackFrom(tx: Db, id: number, from: CallbackStatus, values: Partial<typeof providerCallbacks.$inferInsert>) {
  const [row] = await tx
    .update(providerCallbacks)
    .set(values)
    .where(and(eq(providerCallbacks.id, id), eq(providerCallbacks.status, from)))
    .returning();
  return row;
}
