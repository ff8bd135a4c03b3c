// The customers' side of the database: Drizzle only, plain rows out.
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/**
 * The phone numbers and e-mails of an owner and their team, for the no-own-customer rule
 * (docs/decisions/073), as one text[] column of a caller's own statement: a buyer may not buy a
 * lead whose customer's own mobile or e-mail is theirs or anyone's in their team, whatever the
 * price (a free claim too); a member with no mobile on record is covered by the owner's and the
 * others' contacts until they add one. The sale reads them with the lead, in its one read before
 * the transaction (docs/decisions/107-a-small-server-under-load.md).
 */
export const teamContactsColumn = (ownerId: number | Placeholder | SQL) =>
  sql<string[]>`(select coalesce(array_agg(c.contact), '{}') from ${users} u cross join lateral unnest(array[u.phone, u.email]) as c(contact)
    where (u.id = ${ownerId} or u.team_owner_id = ${ownerId}) and c.contact is not null and c.contact <> '')`;

/** The contacts of an owner and their team (teamContactsColumn), read on their own. */
export async function sideContactsOf(db: Db, ownerId: number): Promise<string[]> {
  const [row] = await db.select({ contacts: teamContactsColumn(ownerId) }).from(sql`(select 1) as one`);
  return row?.contacts ?? [];
}
