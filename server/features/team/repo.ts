// Team members in the database: users whose team_owner_id is the owner's id.
import { and, asc, eq } from "drizzle-orm";
import type { TeamMember } from "../../../shared/auth";
import { users } from "../../../shared/schema";
import { inTeamOf } from "../../platform/access/team-repo";
import type { Db } from "../../platform/db/client";

const memberColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
};

export function listMembers(db: Db, ownerId: number): Promise<TeamMember[]> {
  return db.select(memberColumns).from(users).where(inTeamOf(ownerId)).orderBy(asc(users.createdAt), asc(users.id));
}

/** Deletes the member only if it belongs to `ownerId`; false when there is no such member. */
export async function deleteMember(db: Db, ownerId: number, memberId: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, memberId), inTeamOf(ownerId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The owner's choice of what the team sees (docs/decisions/087-lead-spend-private-from-the-team.md). */
export async function setTeamSeesLeadSpend(db: Db, ownerId: number, teamSeesLeadSpend: boolean, now: Date) {
  await db.update(users).set({ teamSeesLeadSpend, updatedAt: now }).where(eq(users.id, ownerId));
}
