// Drizzle only: the rows of the mobile check (phone_verifications, sms_send_counts).
import { and, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import { leads, phoneVerifications } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { askedTogether } from "../../platform/db/asked-together";
import { jsonStorable } from "../../platform/db/json-text";
import { compileStatement, preparedPerDatabase, runCompiled } from "../../platform/db/named-statement";

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

/** One mobile check's send to claim, its row and its code's SMS (as the caller's `alsoWhenClaimed` reads it). */
export interface CodeClaim {
  send: { phone: string; ip: string; now: Date; since: Date; perPhone: number; perIp: number };
  row: { leadId: number; tokenHash: string; codeHash: string };
  message: Record<string, unknown>;
}

/**
 * claimSend for each mobile check of a turn, and for each one claimed its row and
 * `alsoWhenClaimed` (the code's SMS in the outbox, from a relation whose jsonb column `message`
 * holds each claimed check's `message`), all in one statement: the quotes parsed in one turn of
 * the event loop claim their codes together, in the order asked, each as it would alone
 * (migrations/0043, docs/decisions/134-a-turns-codes-claimed-together.md). Resolves true when claimed.
 */
export function codesClaimedTogether(alsoWhenClaimed: (given: SQL) => SQL): (db: Db) => (claim: CodeClaim) => Promise<boolean> {
  const claimedOnly = sql`from asked a join claim c on c.i = a.i where c.claimed`;
  // The claims are sent once: the function reads its columns of them, the inserts theirs.
  const statement = compileStatement(sql`
    with given as (select ${sql.placeholder("claims")}::jsonb as claims),
    asked as (
      select a.* from given, jsonb_to_recordset(given.claims) as a(i int, phone text, now timestamptz, lead_id int, token_hash text, code_hash text, message jsonb)
    ),
    claim as (select c.i, c.claimed from given, claim_sms_sends(given.claims) as c),
    verification as (
      insert into ${phoneVerifications} (lead_id, token_hash, phone, code_hash, code_sent_at)
      select a.lead_id, a.token_hash, a.phone, a.code_hash, a.now ${claimedOnly}
    ),
    also as (${alsoWhenClaimed(sql`(select a.message ${claimedOnly})`)})
    select i, claimed from claim`);
  return preparedPerDatabase((db) =>
    askedTogether(async (asked: CodeClaim[]) => {
      const given = asked.map(({ send, row, message }, i) => ({
        i,
        phone: send.phone,
        // The network as the client's proxy header may name it: one jsonb refuses would fail the turn.
        ip: jsonStorable(send.ip),
        now: send.now.toISOString(),
        since: send.since.toISOString(),
        per_phone: send.perPhone,
        per_ip: send.perIp,
        lead_id: row.leadId,
        token_hash: row.tokenHash,
        code_hash: row.codeHash,
        message,
      }));
      const rows = await runCompiled<{ i: number; claimed: boolean }>(db, statement, { claims: JSON.stringify(given) });
      const claimed = new Map(rows.map((r) => [Number(r.i), r.claimed === true]));
      return asked.map((_, i) => {
        const answer = claimed.get(i);
        if (answer === undefined) throw new Error("a mobile check's send was not claimed or refused");
        return answer;
      });
    }),
  );
}
