// The notices kept on an electrician's dashboard until dismissed (docs/decisions/081-notices-on-
// the-dashboard.md): written with the outbox's rows (notices.ts enqueueProviderNotice), read and
// dismissed by the routes. Each person sees and dismisses only their own.
import { and, desc, eq, isNull } from "drizzle-orm";
import { DASHBOARD_NOTICES_SHOWN, type DashboardNotice } from "../../../shared/notices";
import { dashboardNotices } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function openNoticesOf(db: Db, userId: number): Promise<DashboardNotice[]> {
  const rows = await db
    .select()
    .from(dashboardNotices)
    .where(and(eq(dashboardNotices.userId, userId), isNull(dashboardNotices.dismissedAt)))
    .orderBy(desc(dashboardNotices.createdAt), desc(dashboardNotices.id))
    .limit(DASHBOARD_NOTICES_SHOWN);
  return rows.map((r) => ({ id: r.id, title: r.title, body: r.body, at: r.createdAt.toISOString() }));
}

/** True when this person's notice was open and is now dismissed; false for anyone else's, or one already gone. */
export async function dismissNotice(db: Db, userId: number, id: number, now: Date): Promise<boolean> {
  const done = await db
    .update(dashboardNotices)
    .set({ dismissedAt: now })
    .where(and(eq(dashboardNotices.id, id), eq(dashboardNotices.userId, userId), isNull(dashboardNotices.dismissedAt)))
    .returning({ id: dashboardNotices.id });
  return done.length > 0;
}

/** In the transaction of the change it tells of; once per event and person. */
export async function recordDashboardNotice(tx: Db, notice: { userId: number; event: string; title: string; body: string; at: Date }) {
  await tx
    .insert(dashboardNotices)
    .values({ userId: notice.userId, event: notice.event, title: notice.title, body: notice.body, createdAt: notice.at })
    .onConflictDoNothing();
}
