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

/** Codes sent since `since` to this phone and from this IP. */
export async function sendsSince(db: Db, phone: string, ip: string, since: Date) {
  const [byPhone] = await db
    .select({ n: count() })
    .from(smsSends)
    .where(and(eq(smsSends.phone, phone), gt(smsSends.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(smsSends)
    .where(and(eq(smsSends.ip, ip), gt(smsSends.createdAt, since)));
  return { phone: byPhone!.n, ip: byIp!.n };
}

export async function recordSend(db: Db, phone: string, ip: string, now: Date) {
  await db.insert(smsSends).values({ phone, ip, createdAt: now });
}
