// The sign-in page's own form, answered without the app (docs/decisions/036): on a slow phone the
// page paints seconds before its JavaScript is ready, and a tap on Sign In then posts the form
// (application/x-www-form-urlencoded) to /login. Same Origin check, limits, schema, password
// check and session as POST /api/auth/login (./login.ts); the answer is a 303 to where the user
// lands, or back to the page with a short flag for what went wrong. Nothing typed goes into an
// address or a log.
import { Router, type ErrorRequestHandler } from "express";
import { signInFailureFor, type SignInFailure } from "../../../shared/auth-messages";
import { homePathFor } from "../../../shared/policy";
import type { Config } from "../../platform/config";
import { AppError } from "../../platform/http/errors";
import { answeredPageForm } from "../../platform/http/page-form";
import type { PasswordLogin, SessionSetup } from "../../core/accounts";

const SIGN_IN_PAGE = "/login";

/** Where the page shows why: `?failed=<flag>` (shared/auth-messages.ts). */
const signInFailedPath = (flag: SignInFailure) => `${SIGN_IN_PAGE}?failed=${flag}`;

/**
 * A refusal the sign-in page can word goes back to the page; a malformed form is a failed
 * sign-in too. Anything else (another site's form, a body too large) is answered as the API
 * answers it.
 */
const answerOnThePage: ErrorRequestHandler = (err: unknown, _req, res, next) => {
  if (!(err instanceof AppError)) return next(err);
  const fieldMessage = err.errors ? Object.values(err.errors)[0] : undefined;
  const flag = signInFailureFor(fieldMessage ?? err.message) ?? (err.status === 400 ? "1" : undefined);
  if (!flag) return next(err);
  res.redirect(303, signInFailedPath(flag));
};

export function signInFormRoutes(deps: { config: Config; sessions: SessionSetup; login: PasswordLogin }) {
  const { login } = deps;
  const router = Router();
  const form = answeredPageForm(router, SIGN_IN_PAGE, deps.config);
  router.post(SIGN_IN_PAGE, ...form, ...deps.sessions.middleware, ...login.limits, async (req, res) => {
    const user = await login.signIn(req, res);
    res.redirect(303, homePathFor(user));
  });
  router.use(answerOnThePage);
  return router;
}
