// The dashboard's notices as the routes serve them (docs/decisions/081-notices-on-the-dashboard.md):
// the signed-in person's own, and only theirs to dismiss.
import type { CurrentUser } from "../../../shared/auth";
import type { DashboardNotice } from "../../../shared/notices";
import type { Db } from "../../platform/db/client";
import { dismissNotice, openNoticesOf } from "../../core/messages";

export const myNotices = (db: Db, user: CurrentUser): Promise<DashboardNotice[]> => openNoticesOf(db, user.id);

/** Another person's notice, or one already dismissed, is left as it is: the caller is told nothing of it. */
export async function dismissMyNotice(db: Db, user: CurrentUser, id: number, now: Date): Promise<void> {
  await dismissNotice(db, user.id, id, now);
}
