// Drizzle only: the rows of the mobile check (phone_verifications, sms_send_counts).
import { and, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import { leads, phoneVerifications } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { keptByShape, runCompiled } from "../../platform/db/named-statement";

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
 * A part written with the check's row, only if the claim passed: `row` builds its SQL from the
 * claim alone (the statement is built once for each part), its own values are placeholders given in `values`.
 */
export interface WhenClaimed {
  row: (claimed: SQL) => SQL;
  values: Record<string, unknown>;
}

// Built once for each part and run by name with the quote's values (docs/decisions/117-intake-statements-built-once.md).
const claimStatements = keptByShape();
const value = (name: string) => sql.placeholder(name);

/**
 * claimSend, and only if it passes, the new check's row and `alsoWhenClaimed` (the code's SMS
 * in the outbox), in one statement (docs/decisions/048-intake-cost.md). True when claimed.
 */
export async function claimSendAndInsertVerification(
  db: Db,
  send: { phone: string; ip: string; now: Date; since: Date; perPhone: number; perIp: number },
  row: { leadId: number; tokenHash: string; codeHash: string },
  alsoWhenClaimed: WhenClaimed,
) {
  const statement = claimStatements([alsoWhenClaimed.row], () => {
    const claimed = sql`(select claimed from claim)`;
    return sql`
    with claim as (
      select claim_sms_send(${value("phone")}, ${value("ip")}, ${value("now")}::timestamptz, ${value("since")}::timestamptz, ${value("perPhone")}::int, ${value("perIp")}::int) as claimed
    ),
    verification as (
      insert into ${phoneVerifications} (lead_id, token_hash, phone, code_hash, code_sent_at)
      select ${value("leadId")}::int, ${value("tokenHash")}, ${value("phone")}, ${value("codeHash")}, ${value("now")}::timestamptz where ${claimed}
    ),
    also as (${alsoWhenClaimed.row(claimed)})
    select claimed from claim`;
  });
  const [result] = await runCompiled<{ claimed: boolean }>(db, statement, {
    ...alsoWhenClaimed.values,
    phone: send.phone,
    ip: send.ip,
    now: send.now.toISOString(),
    since: send.since.toISOString(),
    perPhone: send.perPhone,
    perIp: send.perIp,
    leadId: row.leadId,
    tokenHash: row.tokenHash,
    codeHash: row.codeHash,
  });
  return result?.claimed === true;
}
