// Drizzle only: the sign-up invitations of approved callbacks (docs/decisions/014-invitation-links.md).
import { and, eq, gt, isNull } from "drizzle-orm";
import { providerCallbacks, providerInvitations } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function insertInvitation(tx: Db, values: typeof providerInvitations.$inferInsert) {
  const [row] = await tx.insert(providerInvitations).values(values).returning();
  return row!;
}

export async function findInvitationWithCallback(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: providerInvitations, callback: providerCallbacks })
    .from(providerInvitations)
    .innerJoin(providerCallbacks, eq(providerCallbacks.id, providerInvitations.callbackId))
    .where(eq(providerInvitations.tokenHash, tokenHash));
  return row;
}

/** Marks a live, unused invitation used in one statement: only one sign-up can win it. */
export async function consumeInvitation(tx: Db, tokenHash: string, now: Date) {
  const [row] = await tx
    .update(providerInvitations)
    .set({ usedAt: now })
    .where(and(eq(providerInvitations.tokenHash, tokenHash), isNull(providerInvitations.usedAt), gt(providerInvitations.expiresAt, now)))
    .returning({ id: providerInvitations.id });
  return row;
}
