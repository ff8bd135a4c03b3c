// The only place accounts, reset tokens and sessions meet Drizzle. Plain objects out.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CurrentUser } from "../../../shared/auth";
import { passwordResetTokens, sessions, users, type NewUser, type User } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** The columns of CurrentUser: every route sees users through this, never the password. */
export const currentUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  userType: users.userType,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  companyName: users.companyName,
  teamOwnerId: users.teamOwnerId,
  serviceLocation: users.serviceLocation,
  serviceLatitude: users.serviceLatitude,
  serviceLongitude: users.serviceLongitude,
  serviceRadius: users.serviceRadius,
  isActive: users.isActive,
  /** The row's own choice: right for an owner; a team member's is their owner's, read by a join (withOwnersChoice). */
  teamSeesLeadSpend: users.teamSeesLeadSpend,
};

/**
 * currentUserColumns, where the query joins `owners` (an alias of users) on the user's team owner: a team
 * member carries their owner's choice of what the team sees (docs/decisions/087-lead-spend-private-from-the-team.md).
 */
export function withOwnersChoice(owners: typeof teamOwners) {
  return { ...currentUserColumns, teamSeesLeadSpend: sql<boolean>`coalesce(${owners.teamSeesLeadSpend}, ${users.teamSeesLeadSpend})` };
}

export const teamOwners = alias(users, "owners");

export async function findCurrentUser(db: Db, id: number): Promise<CurrentUser | undefined> {
  const [row] = await db.select(withOwnersChoice(teamOwners)).from(users).leftJoin(teamOwners, eq(teamOwners.id, users.teamOwnerId)).where(eq(users.id, id));
  return row;
}

/** Whether the user `id` exists and is active (a team owner, for their members' sign-in). */
export async function isUserActive(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, id));
  return row?.isActive === true;
}

/** Case-insensitive, as the unique indexes are (schema.ts users_username_lower_idx, users_email_lower_idx). */
async function findUserIgnoringCase(db: Db, column: typeof users.username | typeof users.email, value: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${column})`, value.toLowerCase()));
  return row;
}

export const findUserByUsername = (db: Db, username: string) => findUserIgnoringCase(db, users.username, username);
export const findUserByEmail = (db: Db, email: string) => findUserIgnoringCase(db, users.email, email);

export async function usernameExists(db: Db, username: string) {
  return (await findUserByUsername(db, username)) !== undefined;
}

export async function emailExists(db: Db, email: string) {
  return (await findUserByEmail(db, email)) !== undefined;
}

export async function insertUser(db: Db, values: NewUser): Promise<CurrentUser> {
  const [row] = await db.insert(users).values(values).returning(currentUserColumns);
  return row!;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUser>, now: Date): Promise<CurrentUser | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning(currentUserColumns);
  return row;
}

export async function insertResetToken(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, token: tokenHash, expiresAt });
}

/**
 * Marks a live token used and returns its user, in one statement: of two requests racing
 * with the same token only one gets the user back (single use).
 */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ isUsed: true })
    .where(and(eq(passwordResetTokens.token, tokenHash), eq(passwordResetTokens.isUsed, false), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** After a reset, every other outstanding link of that user stops working too. */
export async function retireResetTokensOf(db: Db, userId: number) {
  await db.update(passwordResetTokens).set({ isUsed: true }).where(eq(passwordResetTokens.userId, userId));
}

/** Ends every session of a user except `keepSid` (the request's own, when there is one). */
export async function deleteSessionsOf(db: Db, userId: number, keepSid?: string) {
  await db.delete(sessions).where(keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId));
}

/** The super admin account named `username` (any case), made or reset to this password hash and active. */
export async function upsertSuperAdmin(db: Db, username: string, hashed: string, now: Date) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (existing) {
    await db.update(users).set({ password: hashed, userType: "super_admin", isActive: true, updatedAt: now }).where(eq(users.id, existing.id));
    return;
  }
  await db.insert(users).values({ username, password: hashed, userType: "super_admin", firstName: "Super", lastName: "Admin", isVerified: true });
}
