// Cookie sessions and passport, per app instance (tests build many apps side by side).
import type { Request, RequestHandler } from "express";
import session from "express-session";
import { Passport } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import { findCurrentUser } from "./repo";
import { authenticate, isAccountActive } from "./service";
import { DrizzleSessionStore } from "./session-store";
import { standingReadWith } from "../providers";

import { carriesCookie, SESSION_COOKIE, SESSION_MAX_AGE_MS } from "../../platform/http/session-cookie";
import { signedInHint } from "../../platform/http/session-hint";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A read without our cookie has no session to load and starts none (sign-in, sign-up and
 * logout, the only callers of req.logIn and req.logout, are POSTs): it skips the session
 * machinery, a new session id and its signature on every anonymous request
 * (docs/decisions/027-request-cost.md). req.user stays unset.
 */
function onlyWithSession(middleware: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method) && !carriesCookie(req.headers.cookie, SESSION_COOKIE)) return next();
    return middleware(req, res, next);
  };
}

export interface SessionSetup {
  passport: InstanceType<typeof Passport>;
  store: DrizzleSessionStore;
  /** express-session + passport.initialize + passport.session, in that order. */
  middleware: RequestHandler[];
}

export function createSessions(deps: { db: Db; config: Config; logger: Logger; now: () => Date }): SessionSetup {
  const { db, config, logger, now } = deps;
  const store = new DrizzleSessionStore(db, now, (err) => logger.warn({ err }, "session prune failed"));
  const passport = new Passport();

  passport.use(
    new LocalStrategy(async (username, password, done) => {
      try {
        const result = await authenticate(db, username, password);
        if (result.ok) return done(null, result.user);
        // `status` rides along so the route can answer 403 for a deactivated account.
        return done(null, false, { message: result.message, status: result.status } as { message: string });
      } catch (err) {
        return done(err);
      }
    }),
  );
  passport.serializeUser<number>((user, done) => done(null, user.id));
  // Loaded from the database on every request: a deactivated or deleted user (or a member of
  // a deactivated provider's team) is signed out at their very next request. The store read
  // the user with the session (one statement); the two reads below are for any other case.
  passport.deserializeUser<number, Request>(async (req, id, done) => {
    try {
      const read = typeof id === "number" ? store.takeUser(req.sessionID, id) : undefined;
      if (read) {
        standingReadWith(read.user, read.standing);
        return done(null, read.active ? read.user : false);
      }
      const user = typeof id === "number" ? await findCurrentUser(db, id) : undefined;
      done(null, user && (await isAccountActive(db, user)) ? user : false);
    } catch (err) {
      done(err);
    }
  });

  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // The cookie is secure in production; behind a TLS-terminating proxy set TRUST_PROXY.
    cookie: { httpOnly: true, sameSite: "lax", secure: config.isProduction, maxAge: SESSION_MAX_AGE_MS, path: "/" },
  });

  // The hint runs on every request, with a session or not: a stale one is cleared even where no session loads.
  return { passport, store, middleware: [signedInHint, ...[sessionMiddleware, passport.initialize(), passport.session()].map(onlyWithSession)] };
}
