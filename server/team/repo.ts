// Team members in the database: users whose team_owner_id is the owner's id.
import { and, asc, eq } from "drizzle-orm";
import type { TeamMember } from "../../shared/auth";
import { users } from "../../shared/schema";
import type { Db } from "../db/client";

const memberColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
};

export function listMembers(db: Db, ownerId: number): Promise<TeamMember[]> {
  return db.select(memberColumns).from(users).where(eq(users.teamOwnerId, ownerId)).orderBy(asc(users.createdAt), asc(users.id));
}

/** Deletes the member only if it belongs to `ownerId`; false when there is no such member. */
export async function deleteMember(db: Db, ownerId: number, memberId: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, memberId), eq(users.teamOwnerId, ownerId), eq(users.userType, "team_member")))
    .returning({ id: users.id });
  return rows.length > 0;
}
