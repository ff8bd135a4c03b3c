// The session cookie's name, with the HTTP plumbing: the session middleware sets it, the SPA shell
// reads it to know a visitor is signed in, and the OpenAPI document names it (docs/decisions/074).
export const SESSION_COOKIE = "ae.sid";
