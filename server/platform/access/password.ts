// scrypt from node:crypto: no native add-on to build, parameters stored with each hash.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { scrypt } from "./hashing-queue";

export { HASHES_AT_ONCE, hashingNow } from "./hashing-queue";

/** The cost every real password is hashed at: about 50 ms and 16 MiB a hash. */
export const PASSWORD_COST = { N: 16384, r: 8, p: 1 };
/**
 * Under Vitest only, hashes are made at 1/16 of that cost: the suites sign in hundreds of
 * times, and the cost is a parameter of the hash, not of the code under test, which reads it
 * from each stored hash (docs/decisions/041). Nothing outside Vitest sets VITEST.
 */
const TEST_COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;

/** "scrypt$N$r$p$salt$hash", base64 parts. */
export async function hashPassword(password: string, cost = process.env.VITEST ? TEST_COST : PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}
