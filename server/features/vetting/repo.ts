// Drizzle only: providers' licences, the operator's verdicts and the expiry reminders' claims.
import { and, eq, gte, inArray, isNotNull, lte, ne, or, isNull, sql } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { LicenceRenewal, VerificationStatus } from "../../../shared/vetting";
import type { Db } from "../../platform/db/client";
import { licenceColumns, providerColumns } from "../../core/providers";
import { newestFirstPage, type PageArgs } from "../../platform/db/paging";

const queueColumns = {
  ...providerColumns,
  ...licenceColumns,
  verificationStatus: users.verificationStatus,
  createdAt: users.createdAt,
};

/** Providers waiting for the operator, newest sign-up first. */
export function listVerificationQueue(db: Db, page: PageArgs) {
  const where = and(eq(users.userType, "provider"), eq(users.verificationStatus, "pending"));
  return newestFirstPage(db, db.select(queueColumns).from(users).where(where).$dynamic(), users, where, page);
}

/**
 * Records the operator's verdict only while the provider is in one of `from`: two operators
 * deciding at once cannot both win, and a decided provider is not decided again by a replay.
 */
export async function decideProvider(
  db: Db,
  id: number,
  from: readonly VerificationStatus[],
  verdict: { status: VerificationStatus; rejectionReason: string | null },
  now: Date,
) {
  const [row] = await db
    .update(users)
    .set({
      verificationStatus: verdict.status,
      rejectionReason: verdict.rejectionReason,
      // is_verified (the flag of docs/product.md section 3) follows the verdict, for everything that still reads it.
      isVerified: verdict.status === "approved",
      verificationDecidedAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.id, id), eq(users.userType, "provider"), inArray(users.verificationStatus, [...from])))
    .returning(queueColumns);
  return row;
}

/**
 * Records a renewed licence. licence_reminder_sent_for is cleared so the new expiry gets its
 * own reminder; the verdict is left alone (an approved provider stays approved).
 */
export async function updateProviderLicence(db: Db, id: number, licence: LicenceRenewal, now: Date) {
  const [row] = await db
    .update(users)
    .set({
      licenseNumber: licence.licenceNumber,
      licenceState: licence.licenceState,
      licenceExpiry: licence.licenceExpiry,
      ...(licence.abn === undefined ? {} : { abn: licence.abn }),
      licenceReminderSentFor: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, id), eq(users.userType, "provider")))
    .returning(queueColumns);
  return row;
}

export async function findProviderStatus(db: Db, id: number) {
  const [row] = await db
    .select({ status: users.verificationStatus })
    .from(users)
    .where(and(eq(users.id, id), eq(users.userType, "provider")));
  return row?.status;
}

/**
 * Claims every due reminder in one statement: a licence expiring between `today` and
 * `lastDay` whose expiry has no reminder yet. Under READ COMMITTED a second instance's
 * UPDATE waits on the row and re-checks the condition, so each expiry is claimed once.
 */
export async function claimDueReminders(db: Db, today: string, lastDay: string) {
  return db
    .update(users)
    .set({ licenceReminderSentFor: sql`${users.licenceExpiry}` })
    .where(
      and(
        eq(users.userType, "provider"),
        eq(users.isActive, true),
        ne(users.verificationStatus, "rejected"),
        isNotNull(users.email),
        isNotNull(users.licenceExpiry),
        gte(users.licenceExpiry, today),
        lte(users.licenceExpiry, lastDay),
        or(isNull(users.licenceReminderSentFor), ne(users.licenceReminderSentFor, users.licenceExpiry)),
      ),
    )
    .returning({ id: users.id, email: users.email, firstName: users.firstName, username: users.username, licenceExpiry: users.licenceExpiry });
}

/** Gives a claim back when its mail could not be sent, so the next run tries again. */
export async function releaseReminderClaim(db: Db, id: number, expiry: string) {
  await db
    .update(users)
    .set({ licenceReminderSentFor: null })
    .where(and(eq(users.id, id), eq(users.licenceReminderSentFor, expiry)));
}
