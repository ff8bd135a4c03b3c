// Drizzle only: an electrician's own record as the job page and their public profile show it
// (docs/decisions/044-job-page.md, 060-public-profiles.md).
import { and, count, eq, gte, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { CALLED_OR_LATER } from "../../../shared/jobs";
import { CONTACTED_STAGE_STAMPS } from "../../../shared/pipeline-contact";
import { contactAttempts, leadPurchases, leads, salesStageHistory } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

const marketPurchasesOf = (buyerId: number) => and(eq(leadPurchases.buyerId, buyerId), isNull(leadPurchases.releasedAt), ne(leads.source, "provider_manual"));

/** The buyer's market jobs that reached Paid. */
export async function jobsCompletedBy(db: Db, buyerId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(marketPurchasesOf(buyerId), isNotNull(leadPurchases.invoicePaidAt)));
  return row?.n ?? 0;
}

/**
 * Minutes from purchase to first contact for each of the buyer's market purchases made since
 * `since`: the first contact attempt of any outcome or the first move to Called or later,
 * whichever came first. The move is read from the stage history and from the purchase's own
 * Called-or-later stamps (shared/pipeline-contact.ts CONTACTED_STAGE_STAMPS, as the pipeline
 * row's first contact): a job moved before the history was kept, or with a stamp and no history
 * row, counts too (docs/decisions/085-an-honest-public-profile.md). A job whose last move took
 * it back to Purchased counts its logged attempts only: a move to Called that was undone
 * (decision 084) keeps its stamp and its history row, but reached no one. Purchases with no
 * contact yet are left out.
 */
export async function contactMinutesOf(db: Db, buyerId: number, since: Date) {
  const firstAttempt = sql`(select min(${contactAttempts.createdAt}) from ${contactAttempts} where ${contactAttempts.purchaseId} = ${leadPurchases.id})`;
  const firstMove = sql`(select min(${salesStageHistory.createdAt}) from ${salesStageHistory}
    where ${salesStageHistory.purchaseId} = ${leadPurchases.id} and ${inArray(salesStageHistory.toStage, CALLED_OR_LATER)})`;
  const stamps = CONTACTED_STAGE_STAMPS.map((key) => sql`${leadPurchases[key]}`);
  const lastMoveTo = sql`(select ${salesStageHistory.toStage} from ${salesStageHistory} where ${salesStageHistory.purchaseId} = ${leadPurchases.id}
    order by ${salesStageHistory.createdAt} desc, ${salesStageHistory.id} desc limit 1)`;
  const stillMoved = sql`case when ${lastMoveTo} is distinct from 'purchased' then least(${firstMove}, ${sql.join(stamps, sql`, `)}) end`;
  const firstContact = sql`least(${firstAttempt}, ${stillMoved})`;
  const rows = await db
    .select({ minutes: sql<number>`(extract(epoch from (${firstContact} - ${leadPurchases.purchasedAt})) / 60)::float8`.mapWith(Number) })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(marketPurchasesOf(buyerId), gte(leadPurchases.purchasedAt, since), sql`${firstContact} is not null`));
  return rows.map((r) => r.minutes);
}
