// The operator's bearer tokens in the database (docs/runtime.md section 2): hashes only.
import { and, eq, gt, lt } from "drizzle-orm";
import { adminTokens } from "../../../shared/schema";
import type { Db } from "../db/client";

/** Drops the expired operator tokens and keeps the new one's hash. */
export async function storeAdminToken(db: Db, tokenHash: string, expiresAt: Date, now: Date) {
  await db.delete(adminTokens).where(lt(adminTokens.expiresAt, now));
  await db.insert(adminTokens).values({ tokenHash, expiresAt });
}

/** The expiry of the live operator token with this hash, if any. */
export async function liveAdminTokenExpiry(db: Db, tokenHash: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: adminTokens.expiresAt })
    .from(adminTokens)
    .where(and(eq(adminTokens.tokenHash, tokenHash), gt(adminTokens.expiresAt, now)));
  return row?.expiresAt;
}

export async function deleteAdminToken(db: Db, tokenHash: string) {
  await db.delete(adminTokens).where(eq(adminTokens.tokenHash, tokenHash));
}
