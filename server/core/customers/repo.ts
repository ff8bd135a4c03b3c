// The customers' side of the database: Drizzle only, plain rows out.
import { eq, or } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** The phone numbers and e-mails of an owner and their team, for the no-own-customer rule (docs/decisions/073). */
export async function teamContactsOf(db: Db, ownerId: number): Promise<string[]> {
  const rows = await db
    .select({ phone: users.phone, email: users.email })
    .from(users)
    .where(or(eq(users.id, ownerId), eq(users.teamOwnerId, ownerId)));
  return rows.flatMap((r) => [r.phone, r.email]).filter((c): c is string => Boolean(c));
}
