// Drizzle only: job links (docs/decisions/044-job-page.md).
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { jobLinks, leads } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** Inside the lead's own insert transaction: a market lead always has a link. */
export async function insertJobLink(tx: Db, leadId: number, tokenHash: string, now: Date) {
  await tx.insert(jobLinks).values({ leadId, tokenHash, createdAt: now });
}

/** The placeholder of the token's hash in jobLinkOf. */
export const JOB_TOKEN_HASH = "jobTokenHash";

/**
 * The same row, as a part of the statement that writes the lead, read from `lead` (that
 * statement's row of it: its id, and as created_at the moment of the write); the token's hash is
 * filled in at each run, as the statement is built once (server/features/leads/repo.ts,
 * server/features/marketplace/repo.ts).
 */
export const jobLinkOf = (lead: SQL) =>
  sql`insert into ${jobLinks} (lead_id, token_hash, created_at) select id, ${sql.placeholder(JOB_TOKEN_HASH)}, created_at from ${lead}`;

/**
 * The lead behind a token's hash, with the link's revocation: one probe of the unique index
 * on token_hash, the same statement for every token asked for, real or not.
 */
export async function leadByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ lead: leads, revokedAt: jobLinks.revokedAt })
    .from(jobLinks)
    .innerJoin(leads, eq(leads.id, jobLinks.leadId))
    .where(eq(jobLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** Every link of these leads stops working. */
export async function revokeJobLinks(tx: Db, leadIds: number[], now: Date) {
  if (leadIds.length === 0) return;
  await tx
    .update(jobLinks)
    .set({ revokedAt: now })
    .where(and(inArray(jobLinks.leadId, leadIds), isNull(jobLinks.revokedAt)));
}
