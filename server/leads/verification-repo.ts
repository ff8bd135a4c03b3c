// Drizzle only: the rows of the mobile check (phone_verifications, sms_sends).
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { leads, phoneVerifications, smsSends } from "../../shared/schema";
import type { Db } from "../db/client";

export async function verificationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.tokenHash, tokenHash));
  return row ?? null;
}

export async function insertVerification(db: Db, row: typeof phoneVerifications.$inferInsert) {
  await db.insert(phoneVerifications).values(row);
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

// Namespaces for the advisory locks below (first key of the two-int form), so a hash of a
// phone never shares a lock with some other feature's key.
const LOCK_PHONE = 160_001;
const LOCK_IP = 160_002;

/**
 * Counts the codes sent since `since` to this phone and from this IP and, when both are under
 * their limits, records this send, all in one transaction holding advisory locks on the phone
 * and the IP: requests sent at once queue on the locks, so each sees the sends before it and
 * no more than the limit get through (counting then inserting separately let all of them pass).
 * Phone first, then IP, in every caller, so two transactions never wait on each other.
 * True when the send was recorded and may go out.
 */
export async function claimSend(db: Db, send: { phone: string; ip: string; now: Date; since: Date; perPhone: number; perIp: number }) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PHONE}, hashtext(${send.phone}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IP}, hashtext(${send.ip}))`);
    const [byPhone] = await tx
      .select({ n: count() })
      .from(smsSends)
      .where(and(eq(smsSends.phone, send.phone), gt(smsSends.createdAt, send.since)));
    const [byIp] = await tx
      .select({ n: count() })
      .from(smsSends)
      .where(and(eq(smsSends.ip, send.ip), gt(smsSends.createdAt, send.since)));
    if (byPhone!.n >= send.perPhone || byIp!.n >= send.perIp) return false;
    await tx.insert(smsSends).values({ phone: send.phone, ip: send.ip, createdAt: send.now });
    return true;
  });
}
