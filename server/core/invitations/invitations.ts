// Single-use sign-up links for approved callbacks (docs/decisions/014-invitation-links.md):
// 32 random bytes in the link, only their SHA-256 stored, valid 7 days, used once.
import { randomBytes } from "node:crypto";
import { INVITATION_DAYS, INVITATION_MESSAGES, type InvitationPrefill } from "../../../shared/admin";
import type { ProviderCallback } from "../../../shared/schema";
import { sha256 } from "../../platform/http/token-hash";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/errors";
import { consumeInvitation, findInvitationWithCallback, insertInvitation } from "./repo";

export const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

export const invitationPath = (token: string) => `/signup?invitation=${encodeURIComponent(token)}`;

/** Inside the approving transaction: a new token for this callback; the token is returned once, never stored. */
export async function issueInvitation(tx: Db, callback: ProviderCallback, now: Date) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await insertInvitation(tx, { callbackId: callback.id, email: callback.email, tokenHash: sha256(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** Why a token cannot be used now, or null when it can. */
async function invitationProblem(db: Db, token: string, now: Date) {
  const row = await findInvitationWithCallback(db, sha256(token));
  if (!row) return { message: INVITATION_MESSAGES.invalid, row };
  if (row.invitation.usedAt) return { message: INVITATION_MESSAGES.used, row };
  if (row.invitation.expiresAt <= now) return { message: INVITATION_MESSAGES.expired, row };
  return { message: null, row };
}

/** GET /api/invitations/:token: the prefill of the sign-up form, or 404 (unknown, used or expired). */
export async function invitationPrefill(db: Db, token: string, now: Date): Promise<InvitationPrefill> {
  const { message, row } = await invitationProblem(db, token, now);
  if (message || !row) throw notFound(message ?? INVITATION_MESSAGES.invalid);
  const { callback, invitation } = row;
  return {
    firstName: callback.firstName,
    lastName: callback.lastName,
    email: invitation.email,
    phone: callback.mobile,
    companyName: callback.businessName,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * At provider sign-up, inside the transaction that creates the account: marks the invitation
 * used (a conditional update, so two sign-ups with one link cannot both win) or throws 400.
 */
export async function redeemInvitation(tx: Db, token: string, now: Date) {
  if (await consumeInvitation(tx, sha256(token), now)) return;
  const { message } = await invitationProblem(tx, token, now);
  throw new AppError(400, message ?? INVITATION_MESSAGES.used, { invitationToken: message ?? INVITATION_MESSAGES.used });
}
