// The signed-in hint (shared/session-hint.ts, docs/decisions/086-one-promise-one-address-quiet-sign-out.md):
// `signed_in=1`, readable by the page's script, lives exactly as long as the session cookie it
// stands beside. The client asks GET /api/auth/me only when it is there, so a signed-out visitor's
// pages send no request that must fail. It is a hint, never a key: a hint left over from an
// expired session still gets the 401, which clears it.
import type { Request, RequestHandler, Response } from "express";
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from "../../../shared/session-hint";
import { carriesCookie, SESSION_COOKIE, SESSION_MAX_AGE_MS } from "./session-cookie";

const hasSessionCookie = (req: Request) => carriesCookie(req.headers.cookie, SESSION_COOKIE);

/** "1": signed in. "0": this browser's session cookie was checked and signs no one in, so a page load does not ask again. */
const setHint = (req: Request, res: Response, value: "1" | "0" = "1") =>
  res.cookie(SIGNED_IN_HINT_COOKIE, value, { path: "/", sameSite: "lax", secure: req.secure, maxAge: SESSION_MAX_AGE_MS });
const clearHint = (req: Request, res: Response) => res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/", sameSite: "lax", secure: req.secure });

/** The session cookie this answer sets, if any, and whether it sets it or clears it (logout: empty, expired in 1970). */
function sessionCookieWritten(res: Response): "set" | "cleared" | null {
  const written = [res.getHeader("Set-Cookie") ?? []].flat().map(String);
  const session = written.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!session) return null;
  return session.startsWith(`${SESSION_COOKIE}=;`) || /expires=Thu, 01 Jan 1970/i.test(session) ? "cleared" : "set";
}

const hasAnyHint = (req: Request) => carriesCookie(req.headers.cookie, SIGNED_IN_HINT_COOKIE);

/**
 * For a page's HTML, which loads no session: a session cookie with no hint at all (one from
 * before the hint) gets one, so its owner is asked for; a hint with no session cookie goes.
 */
export function hintForPage(req: Request, res: Response) {
  if (hasSessionCookie(req) && !hasAnyHint(req)) setHint(req, res);
  else if (hasAnyHint(req) && !hasSessionCookie(req)) clearHint(req, res);
}

/**
 * Before the session middleware on every request that may load a session: when the answer's
 * headers are written (after the session middleware wrote its cookie, or did not), the hint
 * follows. Set or renewed with the session cookie; cleared with it, or when the request carried
 * a hint but no session cookie; "0" when its session cookie signs no one in (expired, deleted,
 * deactivated), which the browser keeps sending until it expires.
 */
export const signedInHint: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (done) return writeHead.apply(this, args);
    done = true;
    const written = sessionCookieWritten(res);
    if (written === "set") setHint(req, res);
    else if (written === "cleared") clearHint(req, res);
    else if (hasSignedInHint(req.headers.cookie) && !req.user) {
      if (hasSessionCookie(req)) setHint(req, res, "0");
      else clearHint(req, res);
    } else if (!hasSignedInHint(req.headers.cookie) && req.user) setHint(req, res);
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
};
