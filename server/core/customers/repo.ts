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

/** The phone numbers and e-mails of each owner's side (their own and their team's), read together. */
export async function sidesContactsOf(db: Db, ownerIds: readonly number[]): Promise<Map<number, string[]>> {
  const contacts = new Map<number, string[]>();
  if (ownerIds.length === 0) return contacts;
  const ids = `{${ownerIds.join(",")}}`;
  const rows = await db
    .select({ side: sql<number>`coalesce(${users.teamOwnerId}, ${users.id})`, phone: users.phone, email: users.email })
    .from(users)
    // One array parameter however many sides (an alert batch can match thousands), not one each.
    .where(sql`${users.id} = any(${ids}::int[]) or ${users.teamOwnerId} = any(${ids}::int[])`);
  for (const row of rows) contacts.set(row.side, [...(contacts.get(row.side) ?? []), ...[row.phone, row.email].filter((c): c is string => Boolean(c))]);
  return contacts;
}

/** The contacts of one owner's side. */
export async function sideContactsOf(db: Db, ownerId: number): Promise<string[]> {
  return (await sidesContactsOf(db, [ownerId])).get(ownerId) ?? [];
}
