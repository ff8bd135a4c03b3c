// Drizzle only: the SMS send budget's counts (sms_send_counts), shared by every feature that texts a
// code to a customer (docs/decisions/048-intake-cost.md).
import { and, eq, gte, sql } from "drizzle-orm";
import { smsSendCounts } from "../../../shared/schema";
import type { Db } from "../db/client";

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

/** Codes counted for one phone or one IP since an instant (the limits' own sum; tests and the operator read it). */
export async function sendsCounted(db: Db, subject: { phone: string } | { ip: string }, since: Date) {
  const key = "phone" in subject ? `phone:${subject.phone}` : `ip:${subject.ip}`;
  const [row] = await db
    .select({ sends: sql<number>`coalesce(sum(${smsSendCounts.sends}), 0)::int` })
    .from(smsSendCounts)
    .where(and(eq(smsSendCounts.subject, key), gte(smsSendCounts.minute, since)));
  return Number(row?.sends ?? 0);
}
