// The signed-in hint (docs/decisions/086-one-promise-one-address-quiet-sign-out.md): a cookie the
// page's script can read, set beside the httpOnly session cookie and cleared with it, so a
// visitor who cannot be signed in is never asked who they are. It carries nothing secret: the
// session cookie alone signs anyone in.
export const SIGNED_IN_HINT_COOKIE = "signed_in";

/** True when the Cookie header or document.cookie holds the hint. */
export const hasSignedInHint = (cookieHeader: string | undefined) => (cookieHeader ?? "").split(";").some((c) => c.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
