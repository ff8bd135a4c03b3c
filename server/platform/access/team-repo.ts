// Team membership (docs/runtime.md, "Teams"): a team_member account whose team_owner_id is the
// owner's id. Who may act on a job turns on it, so it sits with the rest of access.
import { and, eq } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { Db } from "../db/client";

/** The one rule of team membership: a team_member account whose team_owner_id is the owner's id. */
export const inTeamOf = (ownerId: number) => and(eq(users.teamOwnerId, ownerId), eq(users.userType, "team_member"));

/** Whether `memberId` is on `ownerId`'s team (a job is assigned only inside the buyer's team). */
export async function isTeamMember(db: Db, ownerId: number, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, memberId), inTeamOf(ownerId)));
  return row !== undefined;
}

/** The ids of `ownerId`'s team, as a subquery (ending the team's sessions with the owner's). */
export const teamMemberIds = (db: Db, ownerId: number) => db.select({ id: users.id }).from(users).where(inTeamOf(ownerId));
