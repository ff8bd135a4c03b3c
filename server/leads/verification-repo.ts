// Drizzle only: the rows of the mobile check (phone_verifications, sms_send_counts).
import { and, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import { leads, phoneVerifications, smsSendCounts } from "../../shared/schema";
import type { Db } from "../db/client";
import { executeNamed } from "../db/named-statement";

export async function verificationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.tokenHash, tokenHash));
  return row ?? null;
}

/** A new code: the old one stops working and its tries start again. */
export async function replaceCode(db: Db, id: number, codeHash: string, now: Date) {
  await db.update(phoneVerifications).set({ codeHash, codeSentAt: now, attempts: 0 }).where(eq(phoneVerifications.id, id));
}

/**
 * Counts one try against the current code, atomically, and returns the row as it is now;
 * null when the tries are used up (or it was verified meanwhile). Counting before comparing
 * means two guesses sent at once are two tries, never one.
 */
export async function takeTry(db: Db, id: number, maxTries: number) {
  const [row] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(and(eq(phoneVerifications.id, id), lt(phoneVerifications.attempts, maxTries), isNull(phoneVerifications.verifiedAt)))
    .returning();
  return row ?? null;
}

/** Marks the check and its lead verified; true when the lead was not verified before. */
export async function markVerified(tx: Db, id: number, leadId: number, now: Date): Promise<boolean> {
  await tx.update(phoneVerifications).set({ verifiedAt: now }).where(eq(phoneVerifications.id, id));
  const changed = await tx
    .update(leads)
    .set({ phoneVerifiedAt: now, updatedAt: now })
    .where(and(eq(leads.id, leadId), isNull(leads.phoneVerifiedAt)))
    .returning({ id: leads.id });
  return changed.length > 0;
}

/**
 * Counts this send against the codes sent since `since` to this phone and from this IP: true when
 * both stay within their limits and the send may go out; false (and nothing counted) otherwise.
 * One call to the database's claim_sms_send (migrations/0014_sms-send-counts.sql), which keeps
 * per-minute counts under row locks, so sends at once queue and no more than the limit get
 * through, at the same cost however many codes came before (docs/decisions/048-intake-cost.md).
 */
export async function claimSend(db: Db, send: { phone: string; ip: string; now: Date; since: Date; perPhone: number; perIp: number }) {
  const result = await db.execute(
    sql`select claim_sms_send(${send.phone}, ${send.ip}, ${send.now.toISOString()}::timestamptz, ${send.since.toISOString()}::timestamptz, ${send.perPhone}::int, ${send.perIp}::int) as claimed`,
  );
  return (result as unknown as { rows: { claimed: boolean }[] }).rows[0]?.claimed === true;
}

/**
 * claimSend, and only if it passes, the new check's row and `alsoWhenClaimed` (the code's SMS
 * in the outbox), in one statement (docs/decisions/048-intake-cost.md). True when claimed.
 */
export async function claimSendAndInsertVerification(
  db: Db,
  send: { phone: string; ip: string; now: Date; since: Date; perPhone: number; perIp: number },
  row: { leadId: number; tokenHash: string; codeHash: string },
  alsoWhenClaimed: (claimed: SQL) => SQL,
) {
  const claimed = sql`(select claimed from claim)`;
  // Named (server/db/named-statement.ts): parsed once per connection, not once per quote.
  const [result] = await executeNamed<{ claimed: boolean }>(
    db,
    sql`
    with claim as (
      select claim_sms_send(${send.phone}, ${send.ip}, ${send.now.toISOString()}::timestamptz, ${send.since.toISOString()}::timestamptz, ${send.perPhone}::int, ${send.perIp}::int) as claimed
    ),
    verification as (
      insert into ${phoneVerifications} (lead_id, token_hash, phone, code_hash, code_sent_at)
      select ${row.leadId}::int, ${row.tokenHash}, ${send.phone}, ${row.codeHash}, ${send.now.toISOString()}::timestamptz where ${claimed}
    ),
    also as (${alsoWhenClaimed(claimed)})
    select claimed from claim`,
  );
  return result?.claimed === true;
}

/** Codes counted for one phone or one IP since an instant (the limits' own sum; tests and the operator read it). */
export async function sendsCounted(db: Db, subject: { phone: string } | { ip: string }, since: Date) {
  const key = "phone" in subject ? `phone:${subject.phone}` : `ip:${subject.ip}`;
  const [row] = await db
    .select({ sends: sql<number>`coalesce(sum(${smsSendCounts.sends}), 0)::int` })
    .from(smsSendCounts)
    .where(and(eq(smsSendCounts.subject, key), gte(smsSendCounts.minute, since)));
  return Number(row?.sends ?? 0);
}
