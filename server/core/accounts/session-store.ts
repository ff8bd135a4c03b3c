// express-session rows in the `sessions` table through Drizzle, so one store works on both
// PostgreSQL and PGlite (docs/decisions/009-sessions-in-the-database.md). `user_id` mirrors
// sess.passport.user so a password reset or a deactivation can end a user's sessions.
// A signed-in request costs one read (the session with its user) and, at most once every
// TOUCH_EVERY_MS, one write (docs/decisions/027-request-cost.md). Reads that arrive in the same
// turn of the event loop share one statement (docs/decisions/109-session-reads-together.md).
import session, { type SessionData } from "express-session";
import type { CurrentUser } from "../../../shared/auth";
import type { Db } from "../../platform/db/client";
import type { StandingRow } from "../providers";
import { askedTogether } from "../../platform/db/asked-together";
import { deleteExpiredSessions, deleteSession, prepareSessionRead, saveSession, setSessionExpiry } from "./session-repo";
import { DAY_MS } from "../../../shared/durations";

/** Expired rows are ignored at once and deleted at most this often. */
const PRUNE_EVERY_MS = 15 * 60 * 1000;
/** A rolling session's row gets its expiry pushed forward at most this often. */
export const TOUCH_EVERY_MS = 10 * 60 * 1000;
/** Sessions' known expiries, and reads not yet claimed by their request (an aborted one never claims): past this, forget them all. */
const MAX_PENDING = 10_000;

/** The user a session row names, as read with it, and whether their account may be signed in. */
export interface SessionUser {
  user: CurrentUser;
  active: boolean;
  /** The licence standing of the account they buy for, read with them (server/core/providers' accountStandingColumn). */
  standing: StandingRow | null;
}

type Callback = (err?: unknown) => void;
type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionRead>["execute"]>>[number];
export class DrizzleSessionStore extends session.Store {
  private lastPrune = 0;
  /**
   * The expiry known to be in each session's row (read by get, written by set or touch), for
   * touch: kept across requests, since a page's requests come several at once with one cookie.
   */
  private readonly storedExpiry = new Map<string, number>();
  /** The user each get() read with the session, for the same request's passport deserializeUser. */
  private readonly readUsers = new Map<string, SessionUser>();
  private readonly readSessions: ReturnType<typeof prepareSessionRead>;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    super();
    this.readSessions = prepareSessionRead(db);
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void) {
    this.read(sid).then(
      (row) => {
        if (row) this.remember(sid, row.expire.getTime(), row.user ? { user: row.user, active: row.active, standing: row.standing } : undefined);
        callback(null, (row?.sess as SessionData | undefined) ?? null);
      },
      (err) => callback(err),
    );
  }

  /**
   * Session `sid`'s row, read with the others asked for in the same turn of the event loop: under
   * load a page's requests and other people's arrive together, and one statement answers them all
   * (one round trip and one write to the database's socket instead of one each).
   */
  private readonly read = askedTogether(async (sids: string[]): Promise<(SessionRow | undefined)[]> => {
    const rows = await this.readSessions.execute({ sids: [...new Set(sids)], now: this.now().toISOString() });
    const bySid = new Map(rows.map((row) => [row.sid, row]));
    // Requests with one cookie each get their own row (session data and user): express-session
    // and passport keep the objects they are given, and one request's change must not show in
    // another's.
    const handed = new Set<string>();
    return sids.map((sid) => {
      const row = bySid.get(sid);
      if (!row || !handed.has(sid)) {
        handed.add(sid);
        return row;
      }
      return structuredClone(row);
    });
  });

  /**
   * The user get() read with session `sid`, once: passport's deserializeUser asks in the same
   * request. Undefined when there is none (then the caller reads the user itself).
   */
  takeUser(sid: string, userId: number): SessionUser | undefined {
    const read = this.readUsers.get(sid);
    this.readUsers.delete(sid);
    return read?.user.id === userId ? read : undefined;
  }

  override set(sid: string, sess: SessionData, callback?: Callback) {
    const expire = this.expiryOf(sess);
    this.rememberExpiry(sid, expire.getTime());
    const userId = userIdOf(sess);
    saveSession(this.db, { sid, sess, expire, userId }).then(
      () => {
        callback?.();
        this.pruneNow();
      },
      (err) => callback?.(err),
    );
  }

  override destroy(sid: string, callback?: Callback) {
    this.forget(sid);
    deleteSession(this.db, sid).then(
      () => callback?.(),
      (err) => callback?.(err),
    );
  }

  /**
   * Rolling cookies: an unchanged session still gets its expiry pushed forward, but only when
   * the stored one is TOUCH_EVERY_MS or more behind: not a write on every signed-in request,
   * nor one for each of a page's requests sent together (they would queue on the row's lock).
   */
  override touch(sid: string, sess: SessionData, callback?: Callback) {
    const expire = this.expiryOf(sess);
    const stored = this.storedExpiry.get(sid);
    if (stored !== undefined && expire.getTime() - stored < TOUCH_EVERY_MS) {
      callback?.();
      return;
    }
    // Known before the write lands, so the requests beside this one do not write it again.
    this.rememberExpiry(sid, expire.getTime());
    setSessionExpiry(this.db, sid, expire).then(
      () => callback?.(),
      (err) => {
        if (this.storedExpiry.get(sid) === expire.getTime()) this.storedExpiry.delete(sid);
        callback?.(err);
      },
    );
  }

  /** Deletes expired rows; exposed for tests and called now and then from `set`. */
  async prune() {
    await deleteExpiredSessions(this.db, this.now());
  }

  private rememberExpiry(sid: string, expire: number) {
    if (this.storedExpiry.size >= MAX_PENDING && !this.storedExpiry.has(sid)) this.storedExpiry.clear();
    this.storedExpiry.set(sid, expire);
  }

  private remember(sid: string, expire: number, user: SessionUser | undefined) {
    if (this.readUsers.size >= MAX_PENDING) this.readUsers.clear();
    this.rememberExpiry(sid, expire);
    if (user) this.readUsers.set(sid, user);
    else this.readUsers.delete(sid);
  }

  private forget(sid: string) {
    this.storedExpiry.delete(sid);
    this.readUsers.delete(sid);
  }

  private pruneNow() {
    const at = this.now().getTime();
    if (at - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = at;
    this.prune().catch(this.onError);
  }

  private expiryOf(sess: SessionData): Date {
    const cookie = sess.cookie;
    if (cookie?.expires) return new Date(cookie.expires);
    if (typeof cookie?.maxAge === "number") return new Date(this.now().getTime() + cookie.maxAge);
    return new Date(this.now().getTime() + DAY_MS);
  }
}

function userIdOf(sess: SessionData): number | null {
  const user = (sess as { passport?: { user?: unknown } }).passport?.user;
  return typeof user === "number" && Number.isInteger(user) ? user : null;
}
