// The operator's verdicts on providers' licences (docs/decisions/033): approve, or reject with a reason;
// each is e-mailed to the provider once the verdict is stored.
import { licenceExpiryProblem, VETTING_MESSAGES, type LicenceRenewal, type VerificationStatus } from "../../../shared/vetting";
import { ADMIN_MESSAGES } from "../../../shared/admin";
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import type { Logger } from "../../platform/logger";
import type { Mail, Mailer } from "../../platform/mail";
import { approvedMail, rejectedMail } from "./mail";
import { syncSlugOf } from "../../core/providers";
import { decideProvider, findProviderStatus, updateProviderLicence } from "./repo";

export interface VerdictDeps {
  db: Db;
  /** Tells the provider's open dashboards at once (decision 037). */
  events: Pick<MarketEvents, "accountChanged">;
  mailer: Mailer;
  logger?: Logger;
  now: () => Date;
}

// Approving a rejected provider undoes a mistake; rejecting an approved one withdraws their
// buying (a licence found cancelled). Approving twice, or rejecting twice, is a 409.
const APPROVE_FROM: readonly VerificationStatus[] = ["pending", "rejected"];
const REJECT_FROM: readonly VerificationStatus[] = ["pending", "approved"];

async function decide(
  deps: VerdictDeps,
  id: number,
  from: readonly VerificationStatus[],
  status: VerificationStatus,
  reason: string | null,
  mail: (to: Parameters<typeof approvedMail>[0]) => Mail,
) {
  const row = await decideProvider(deps.db, id, from, { status, rejectionReason: reason }, deps.now());
  if (!row) {
    const current = await findProviderStatus(deps.db, id);
    if (!current) throw notFound(ADMIN_MESSAGES.providerNotFound);
    throw conflict(VETTING_MESSAGES.notPending(current));
  }
  await tellDashboards(deps, id);
  // An approved provider's public profile gets its address (docs/decisions/060-public-profiles.md).
  if (status === "approved") await syncSlugOf(deps.db, id, deps.now());
  // The verdict stands whether or not the mail goes out; the operator is told which.
  let mailed = false;
  if (row.email) {
    try {
      await deps.mailer.send(mail({ email: row.email, firstName: row.firstName, username: row.username }));
      mailed = true;
    } catch (err) {
      deps.logger?.error({ err, providerId: id, status }, "verification e-mail failed");
    }
  }
  return { provider: row, mailed };
}

/** The verdict is stored: a failed notice only leaves the dashboard to its one-minute check. */
async function tellDashboards(deps: Pick<VerdictDeps, "db" | "events" | "logger">, id: number) {
  try {
    await deps.events.accountChanged(deps.db, id);
  } catch (err) {
    deps.logger?.warn({ err, providerId: id }, "could not tell the provider's dashboards of the verdict");
  }
}

export const approveProvider = (deps: VerdictDeps, id: number, siteOrigin: string) =>
  decide(deps, id, APPROVE_FROM, "approved", null, (to) => approvedMail(to, siteOrigin));

export const rejectProvider = (deps: VerdictDeps, id: number, reason: string) =>
  decide(deps, id, REJECT_FROM, "rejected", reason, (to) => rejectedMail(to, reason));

/**
 * The operator records a renewed licence the provider sent by e-mail (the copy promises "within
 * one business day"). The sign-up's rules apply, the expiry checked against the app's clock;
 * the verdict stays as it is, and buying reopens at once for an approved provider.
 */
export async function renewLicence(deps: Pick<VerdictDeps, "db" | "now" | "events" | "logger">, id: number, licence: LicenceRenewal) {
  const now = deps.now();
  const problem = licenceExpiryProblem(licence.licenceExpiry, now);
  if (problem) throw new AppError(400, problem, { licenceExpiry: problem });
  const row = await updateProviderLicence(deps.db, id, licence, now);
  if (!row) throw notFound(ADMIN_MESSAGES.providerNotFound);
  await tellDashboards(deps, id);
  return { provider: row };
}

/** The operator's licence queue, a page at a time. */
export { listVerificationQueue } from "./repo";
