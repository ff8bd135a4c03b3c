// Forgotten passwords (docs/product.md section 10 "Accounts"): a random 32-byte token sent
// by mail, stored only as its SHA-256, single use, valid 1 hour. The answer is the same
// whether or not the email belongs to anyone.
import { randomBytes } from "node:crypto";
import { type ForgotPasswordResponse } from "../../../shared/auth";
import { AUTH_MESSAGES } from "../../../shared/auth-messages";
import { PRODUCT_NAME } from "../../../shared/site";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import type { Logger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail";
import { sha256 } from "../../platform/http/token-hash";
import { hashPassword } from "../../platform/access/password";
import { consumeResetToken, deleteSessionsOf, findUserByEmail, insertResetToken, retireResetTokensOf, updateUser } from "../../core/accounts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_PATH = "/auth/reset-password";

export interface ResetDeps {
  db: Db;
  config: Pick<Config, "isProduction">;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
}

/**
 * `siteOrigin` (server/platform/http/site-origin.ts) is where the mailed link points. In production
 * the answer goes first and the lookup, token write and mail run after it, so how long the
 * answer takes says nothing about whether the email is known (docs/decisions/025).
 */
export async function requestPasswordReset(deps: ResetDeps, email: string, siteOrigin: string): Promise<ForgotPasswordResponse> {
  const answer: ForgotPasswordResponse = { message: AUTH_MESSAGES.forgotPasswordSent };
  if (deps.config.isProduction) {
    // setImmediate: after the route has written the answer, not merely before it awaits.
    setImmediate(() => {
      issueResetLink(deps, email, siteOrigin).catch((err: unknown) => deps.logger.error({ err }, "password reset failed"));
    });
    return answer;
  }
  // The "instant reset" of docs/product.md section 2: outside production the link comes back in the response
  // (which says the email is known anyway), so it is made before answering.
  const resetUrl = await issueResetLink(deps, email, siteOrigin);
  return resetUrl ? { ...answer, resetUrl } : answer;
}

/** Stores a token for a known, active account and mails its link; the link, or undefined when nobody gets one. */
async function issueResetLink(deps: ResetDeps, email: string, siteOrigin: string): Promise<string | undefined> {
  const user = await findUserByEmail(deps.db, email);
  // Inactive accounts cannot sign in, so they get no link either; the answer does not say so.
  if (!user || !user.isActive || !user.email) return undefined;

  const token = randomBytes(32).toString("base64url");
  await insertResetToken(deps.db, user.id, sha256(token), new Date(deps.now().getTime() + RESET_TOKEN_TTL_MS));
  const resetUrl = `${siteOrigin}${RESET_PATH}?token=${token}`;

  // Not awaited: a slow mail server must not hold up the answer outside production either.
  deps.mailer
    .send({
      to: user.email,
      subject: `Reset your ${PRODUCT_NAME} password`,
      text: [
        `Hi ${user.firstName ?? user.username},`,
        "",
        "Someone asked to reset the password of your account. If it was you, open this link to choose a new one:",
        "",
        resetUrl,
        "",
        "The link works once and expires in 1 hour. If you did not ask for it, ignore this email; your password stays the same.",
      ].join("\n"),
    })
    .catch((err: unknown) => deps.logger.error({ err }, "password reset mail failed"));
  return resetUrl;
}

/** Sets the new password, ends the user's other sessions; 400 for a bad, used or expired token. */
export async function resetPassword(deps: Pick<ResetDeps, "db" | "now">, token: string, password: string, keepSid?: string) {
  const now = deps.now();
  const userId = await consumeResetToken(deps.db, sha256(token), now);
  if (userId === undefined) throw new AppError(400, AUTH_MESSAGES.resetTokenInvalid, { token: AUTH_MESSAGES.resetTokenInvalid });
  await updateUser(deps.db, userId, { password: await hashPassword(password) }, now);
  await retireResetTokensOf(deps.db, userId);
  await deleteSessionsOf(deps.db, userId, keepSid);
}
