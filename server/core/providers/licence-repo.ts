// A provider's licence and the operator's verdict on it: Drizzle only, plain rows out.
import { eq, sql } from "drizzle-orm";
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
