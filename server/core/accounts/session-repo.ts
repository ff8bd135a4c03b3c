// The `sessions` rows behind the express-session store (session-store.ts).
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { sessions, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { accountStandingColumn } from "../providers";
import { teamOwners as owners, withOwnersChoice } from "./repo";

/**
 * One statement, prepared once (PostgreSQL plans it once per connection): the sessions named
 * (the reads that arrived together, session-store.ts), each with its user and the user's team owner (service.ts isAccountActive's rule, in SQL, and the owner's
 * choice of what the team sees, docs/decisions/087-lead-spend-private-from-the-team.md), and the
 * licence standing of the account they buy for, which a purchase checks next
 * (docs/decisions/108-a-sale-in-fewer-statements.md).
 */
export function prepareSessionRead(db: Db) {
  return db
    .select({
      sid: sessions.sid,
      sess: sessions.sess,
      expire: sessions.expire,
      user: withOwnersChoice(owners),
      active: sql<boolean>`coalesce(${users.isActive} and (${users.teamOwnerId} is null or ${owners.isActive}), false)`,
      standing: accountStandingColumn(owners),
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(owners, eq(owners.id, users.teamOwnerId))
    .where(and(sql`${sessions.sid} = any(${sql.placeholder("sids")}::text[])`, gt(sessions.expire, sql`${sql.placeholder("now")}::timestamptz`)))
    .prepare("sessions_with_users");
}

export function saveSession(db: Db, row: { sid: string; sess: unknown; expire: Date; userId: number | null }) {
  const { sid, sess, expire, userId } = row;
  return db.insert(sessions).values({ sid, sess, expire, userId }).onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId } });
}

export function deleteSession(db: Db, sid: string) {
  return db.delete(sessions).where(eq(sessions.sid, sid));
}

export function setSessionExpiry(db: Db, sid: string, expire: Date) {
  return db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export function deleteExpiredSessions(db: Db, now: Date) {
  return db.delete(sessions).where(lt(sessions.expire, now));
}
