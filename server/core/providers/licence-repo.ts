// A provider's licence and the operator's verdict on it: Drizzle only, plain rows out.
import { eq } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

const standingColumns = {
  status: users.verificationStatus,
  licenceNumber: users.licenseNumber,
  licenceState: users.licenceState,
  licenceExpiry: users.licenceExpiry,
  rejectionReason: users.rejectionReason,
};

/** The licence and verdict of one account (the caller passes the owner's id for a team member). */
export async function findStanding(db: Db, accountId: number) {
  const [row] = await db.select(standingColumns).from(users).where(eq(users.id, accountId));
  return row;
}
