// The e-mail's one-click unsubscribe token (RFC 8058; docs/decisions/029): the user's id and
// the purpose, signed with HMAC-SHA256 under the session secret. It is the credential, so no
// sign-in and no database lookup are needed to trust it; it does not expire, as an
// unsubscribe link in an old e-mail must still work.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "alerts-email-unsubscribe";

const signature = (secret: string, userId: number) => createHmac("sha256", secret).update(`${PURPOSE}:${userId}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signature(secret, userId)}`;
}

/** The user the token names, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId > 2_147_483_647) return null;
  const expected = Buffer.from(signature(secret, userId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
