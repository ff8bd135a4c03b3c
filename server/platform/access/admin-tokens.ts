// Operator admin bearer tokens (docs/runtime.md section 2): random 32 bytes, kept only as a SHA-256
// hash with a 12 hour expiry. The operator admin is not a user row; it is the ADMIN_* pair.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "../config";
import { sha256 } from "../http/token-hash";
import type { Db } from "../db/client";
import { deleteAdminToken, liveAdminTokenExpiry, storeAdminToken } from "./admin-tokens-repo";

export const ADMIN_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/** Equal-length digests make the comparison constant-time whatever the input lengths. */
function sameSecret(given: string, expected: string) {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** True only when ADMIN_USERNAME/ADMIN_PASSWORD are configured and both match. */
export function adminCredentialsMatch(config: Pick<Config, "ADMIN_USERNAME" | "ADMIN_PASSWORD">, username: string, password: string) {
  const expectedUser = config.ADMIN_USERNAME;
  const expectedPassword = config.ADMIN_PASSWORD;
  // Compare both even when the first fails, so timing says nothing about which was wrong.
  const userOk = sameSecret(username, expectedUser ?? "");
  const passwordOk = sameSecret(password, expectedPassword ?? "");
  return Boolean(expectedUser && expectedPassword) && userOk && passwordOk;
}

export async function issueAdminToken(db: Db, now: Date) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ADMIN_TOKEN_TTL_MS);
  await storeAdminToken(db, sha256(token), expiresAt, now);
  return { token, expiresAt };
}

/** The expiry of a live token, or undefined for a missing, unknown or expired one. */
export async function findLiveAdminToken(db: Db, token: string, now: Date): Promise<Date | undefined> {
  return liveAdminTokenExpiry(db, sha256(token), now);
}

export async function revokeAdminToken(db: Db, token: string) {
  await deleteAdminToken(db, sha256(token));
}

/** "Bearer <token>" → token; anything else → undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header?.trim() ?? "");
  return match?.[1];
}
