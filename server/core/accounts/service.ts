// The account rules: who may sign in, who may register under which name, service areas.
import { type CurrentUser, type CustomerSignupRequest, type ProviderSignupRequest, type UpdateServiceAreaRequest } from "../../../shared/auth";
import { AUTH_MESSAGES } from "../../../shared/auth-messages";
import type { NewUser, User } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { uniqueViolationOf } from "../../platform/db/unique-violation";
import { AppError } from "../../platform/http/errors";
import { hashPassword, verifyPassword } from "../../platform/access/password";
import { emailExists, findCurrentUser, findUserByEmail, findUserByUsername, insertUser, isUserActive, updateUser, usernameExists } from "./repo";
import { redeemInvitation } from "../invitations";
import { licenceExpiryProblem } from "../../../shared/vetting";

export type AuthResult = { ok: true; user: CurrentUser } | { ok: false; status: 401 | 403; message: string };

// Verifying against a real hash when the username is unknown keeps the answer's timing from
// telling which usernames exist.
let decoyHash: Promise<string> | undefined;

/**
 * The account a sign-in names (docs/decisions/032): the username or the e-mail address, both
 * case-insensitive. With an `@` the e-mail address is tried first: usernames may contain `@`,
 * and anyone could register another person's address as their username; trying the username
 * first would then lock the address's owner out of signing in by e-mail. A username with `@`
 * that is nobody's address still signs in its owner.
 */
async function findSignInAccount(db: Db, identifier: string) {
  const name = identifier.trim();
  if (name.includes("@")) return (await findUserByEmail(db, name)) ?? (await findUserByUsername(db, name));
  return findUserByUsername(db, name);
}

export async function authenticate(db: Db, username: string, password: string): Promise<AuthResult> {
  const user = await findSignInAccount(db, username);
  decoyHash ??= hashPassword("decoy-password-for-timing");
  const valid = await verifyPassword(password, user?.password ?? (await decoyHash));
  if (!user || !valid) return { ok: false, status: 401, message: AUTH_MESSAGES.invalidCredentials };
  if (!(await isAccountActive(db, user))) return { ok: false, status: 403, message: AUTH_MESSAGES.accountInactive };
  const { password: _hidden, ...rest } = user;
  // A team member's sign-in carries their owner's choice of what the team sees (docs/decisions/087-lead-spend-private-from-the-team.md).
  const withChoice = rest.teamOwnerId === null ? undefined : await findCurrentUser(db, rest.id);
  return { ok: true, user: withChoice ?? toCurrentUser(rest) };
}

/**
 * Active, and for a team member their provider too: deactivating a provider locks out the
 * whole team with them. Sign-in and every request's session check use this.
 */
export async function isAccountActive(db: Db, user: Pick<User, "isActive" | "teamOwnerId">): Promise<boolean> {
  if (!user.isActive) return false;
  return user.teamOwnerId === null || (await isUserActive(db, user.teamOwnerId));
}

function toCurrentUser(u: Omit<User, "password">): CurrentUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    userType: u.userType,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    companyName: u.companyName,
    teamOwnerId: u.teamOwnerId,
    serviceLocation: u.serviceLocation,
    serviceLatitude: u.serviceLatitude,
    serviceLongitude: u.serviceLongitude,
    serviceRadius: u.serviceRadius,
    isActive: u.isActive,
    teamSeesLeadSpend: u.teamSeesLeadSpend,
  };
}

/** 409 naming the field when the username or email is taken (both case-insensitive). */
export async function assertNameAndEmailFree(db: Db, username: string, email: string | undefined) {
  if (await usernameExists(db, username)) throw new AppError(409, AUTH_MESSAGES.usernameTaken, { username: AUTH_MESSAGES.usernameTaken });
  if (email && (await emailExists(db, email))) throw new AppError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
}

/**
 * Inserts a user; a unique-index violation (two sign-ups racing for one name) becomes the
 * same 409 the pre-check gives.
 */
export async function createAccount(db: Db, values: Omit<NewUser, "password"> & { password: string }): Promise<CurrentUser> {
  await assertNameAndEmailFree(db, values.username, values.email ?? undefined);
  const password = await hashPassword(values.password);
  try {
    return await insertUser(db, { ...values, password });
  } catch (err) {
    const constraint = uniqueViolationOf(err);
    if (constraint?.includes("username")) throw new AppError(409, AUTH_MESSAGES.usernameTaken, { username: AUTH_MESSAGES.usernameTaken });
    if (constraint?.includes("email")) throw new AppError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    throw err;
  }
}

export async function registerProvider(db: Db, input: ProviderSignupRequest, now: Date = new Date()) {
  // "in the future" is the server's Sydney date, so it is checked here, not in the schema (docs/decisions/033).
  const expiryProblem = licenceExpiryProblem(input.licenceExpiry, now);
  if (expiryProblem) throw new AppError(400, expiryProblem, { licenceExpiry: expiryProblem });
  // Invitation links (docs/decisions/014): an invitation link is used up together with the account's creation (one
  // transaction): a taken username leaves the link usable; a used or expired link is a 400.
  // The operator vetted an invited provider on the phone, so they are approved at once (docs/decisions/033).
  const token = input.invitationToken;
  if (token)
    return db.transaction(async (tx) => {
      await redeemInvitation(tx, token, now);
      return createProvider(tx, input, true, now);
    });
  return createProvider(db, input, false, now);
}

function createProvider(db: Db, input: ProviderSignupRequest, invited: boolean, now: Date) {
  return createAccount(db, {
    isVerified: invited,
    verificationStatus: invited ? "approved" : "pending",
    verificationDecidedAt: invited ? now : null,
    licenseNumber: input.licenceNumber,
    licenceState: input.licenceState,
    licenceExpiry: input.licenceExpiry,
    abn: input.abn,
    username: input.username,
    email: input.email ?? null,
    password: input.password,
    userType: "provider",
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    companyName: input.companyName,
    serviceAreas: input.serviceAreas,
    serviceLocation: input.serviceLocation || null,
    serviceLatitude: input.serviceLatitude?.toFixed(8) ?? null,
    serviceLongitude: input.serviceLongitude?.toFixed(8) ?? null,
    serviceRadius: input.serviceRadius,
  });
}

export function registerCustomer(db: Db, input: CustomerSignupRequest) {
  return createAccount(db, {
    username: input.username,
    email: input.email ?? null,
    password: input.password,
    userType: "customer",
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
  });
}

export async function updateServiceArea(db: Db, userId: number, input: UpdateServiceAreaRequest, now: Date) {
  const user = await updateUser(
    db,
    userId,
    {
      serviceLocation: input.serviceLocation,
      serviceLatitude: input.serviceLatitude.toFixed(8),
      serviceLongitude: input.serviceLongitude.toFixed(8),
      serviceRadius: input.serviceRadius,
    },
    now,
  );
  if (!user) throw new AppError(401, AUTH_MESSAGES.signedOut);
  return user;
}
