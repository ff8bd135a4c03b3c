// Whether a provider may buy (docs/decisions/033): approved, and a licence not past its expiry. The one
// place the rule lives: the purchase routes' guard and the dashboard's notice both read it.
import type { RequestHandler } from "express";
import type { CurrentUser } from "../../../shared/auth";
import { needsLicence } from "../../../shared/policy";
import { addDays, sydneyDayKey } from "../../../shared/sydney-time";
import { isLicenceExpired, LICENCE_REMINDER_DAYS, VETTING_MESSAGES, type VerificationStanding } from "../../../shared/vetting";
import { currentUser, pipelineOwnerId } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { findStanding, type StandingRow } from "./licence-repo";

/**
 * The standing the session's own read brought with this very user object (accountStandingColumn),
 * so a request that asks for it costs no second read: the user object is made afresh by each
 * request's session read, and is forgotten with it (docs/decisions/108-a-sale-in-fewer-statements.md).
 */
const readWithSession = new WeakMap<CurrentUser, StandingRow>();

/** The session's read hands over the standing it read with `user` (null: read it the usual way). */
export function standingReadWith(user: CurrentUser, row: StandingRow | null) {
  if (row) readWithSession.set(user, row);
}

/**
 * The standing of the account this user buys and works for: a team member's is their owner's.
 * A licence with no expiry on file (a provider from before vetting) is not treated as expired.
 */
export async function licenceStandingOf(db: Db, user: CurrentUser, now: Date): Promise<VerificationStanding> {
  const row = readWithSession.get(user) ?? (await findStanding(db, pipelineOwnerId(user)));
  if (!row) throw new AppError(401, "Please sign in");
  const expiry = row.licenceExpiry;
  let cannotBuy: string | null = null;
  if (row.status === "pending") cannotBuy = VETTING_MESSAGES.pendingCannotBuy;
  else if (row.status === "rejected") cannotBuy = VETTING_MESSAGES.rejectedCannotBuy(row.rejectionReason);
  else if (expiry && isLicenceExpired(expiry, now)) cannotBuy = VETTING_MESSAGES.expiredCannotBuy(expiry);
  const today = sydneyDayKey(now);
  return {
    status: row.status,
    licenceNumber: row.licenceNumber,
    licenceState: row.licenceState,
    licenceExpiry: expiry,
    rejectionReason: row.status === "rejected" ? row.rejectionReason : null,
    cannotBuy,
    expiresSoon: expiry !== null && expiry >= today && expiry <= addDays(today, LICENCE_REMINDER_DAYS),
  };
}

/**
 * Mount after allow("buyLeads") and before the discount-code guess limits: an unvetted buyer is
 * refused before any code is looked at, so the refusal tells nothing about codes and costs no
 * guess. The super admin (no licence, claims for the operator) is not a buyer this rule is about.
 */
export function requireLicensedBuyer(db: Db, now: () => Date): RequestHandler {
  return async (req, _res, next) => {
    try {
      const user = currentUser(req);
      if (!needsLicence(user)) return next();
      const { cannotBuy } = await licenceStandingOf(db, user, now());
      next(cannotBuy ? new AppError(403, cannotBuy) : undefined);
    } catch (err) {
      next(err);
    }
  };
}
