// A provider's licence and the operator's verdict on it: Drizzle only, plain rows out.
import { eq, sql, type AnyColumn } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { preparedPerDatabase } from "../../platform/db/named-statement";

const standingColumns = {
  status: users.verificationStatus,
  licenceNumber: users.licenseNumber,
  licenceState: users.licenceState,
  licenceExpiry: users.licenceExpiry,
  rejectionReason: users.rejectionReason,
};

export type StandingRow = NonNullable<Awaited<ReturnType<typeof findStanding>>>;

/**
 * The same columns of a signed-in user's account, for the session's own read: a team member's
 * are their owner's, read through the join on `owners` (an alias of users). A purchase then asks
 * the database once fewer (docs/decisions/108-a-sale-in-fewer-statements.md); null when the
 * account's row is missing, so the caller reads it the usual way.
 */
export function accountStandingColumn(
  owners: Record<"verificationStatus" | "licenseNumber" | "licenceState" | "licenceExpiry" | "rejectionReason", AnyColumn>,
) {
  // pipelineOwnerId's rule: a team member's account is their owner's; anyone else's is their own.
  const pick = (column: keyof typeof owners) =>
    sql`case when ${users.userType} = 'team_member' and ${users.teamOwnerId} is not null then ${owners[column]} else ${users[column]} end`;
  return sql<StandingRow | null>`(select case when s.status is null then null else json_build_object(
      'status', s.status, 'licenceNumber', s.licence_number, 'licenceState', s.licence_state,
      'licenceExpiry', s.licence_expiry, 'rejectionReason', s.rejection_reason) end
    from (select ${pick("verificationStatus")} as status, ${pick("licenseNumber")} as licence_number, ${pick("licenceState")} as licence_state,
      ${pick("licenceExpiry")} as licence_expiry, ${pick("rejectionReason")} as rejection_reason) s)`;
}

/** Read before every purchase: built once (docs/decisions/107-a-small-server-under-load.md). */
const standing = preparedPerDatabase((db) =>
  db
    .select(standingColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("licence_standing"),
);

/** The licence and verdict of one account (the caller passes the owner's id for a team member). */
export async function findStanding(db: Db, accountId: number) {
  const [row] = await standing(db).execute({ id: accountId });
  return row;
}
