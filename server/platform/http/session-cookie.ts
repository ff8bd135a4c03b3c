// The session cookie's name, with the HTTP plumbing: the session middleware sets it, the SPA shell
// reads it to know a visitor is signed in, and the OpenAPI document names it (docs/decisions/074).
export const SESSION_COOKIE = "ae.sid";
/** Its lifetime, renewed by every answer to a signed-in request; the signed-in hint (./session-hint.ts) keeps the same. */
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Whether the request carries a cookie of this name: the one test of "may be signed in" and of the hint's presence. */
export const carriesCookie = (cookieHeader: string | undefined, name: string) => (cookieHeader ?? "").split(";").some((c) => c.trim().startsWith(`${name}=`));
