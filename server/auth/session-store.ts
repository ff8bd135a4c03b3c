// express-session rows in the `sessions` table through Drizzle, so one store works on both
// PostgreSQL and PGlite (docs/decisions/009-sessions-in-the-database.md). `user_id` mirrors
// sess.passport.user so a password reset or a deactivation can end a user's sessions.
import { and, eq, gt, lt } from "drizzle-orm";
import session, { type SessionData } from "express-session";
import { sessions } from "../../shared/schema";
import type { Db } from "../db/client";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired rows are ignored at once and deleted at most this often. */
const PRUNE_EVERY_MS = 15 * 60 * 1000;

type Callback = (err?: unknown) => void;

export class DrizzleSessionStore extends session.Store {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void) {
    this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, this.now())))
      .then(
        ([row]) => callback(null, (row?.sess as SessionData | undefined) ?? null),
        (err) => callback(err),
      );
  }

  override set(sid: string, sess: SessionData, callback?: Callback) {
    const expire = this.expiryOf(sess);
    const userId = userIdOf(sess);
    this.db
      .insert(sessions)
      .values({ sid, sess, expire, userId })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, userId } })
      .then(
        () => {
          callback?.();
          this.pruneNow();
        },
        (err) => callback?.(err),
      );
  }

  override destroy(sid: string, callback?: Callback) {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        () => callback?.(),
        (err) => callback?.(err),
      );
  }

  /** Rolling cookies: an unchanged session still gets its expiry pushed forward. */
  override touch(sid: string, sess: SessionData, callback?: Callback) {
    this.db
      .update(sessions)
      .set({ expire: this.expiryOf(sess) })
      .where(eq(sessions.sid, sid))
      .then(
        () => callback?.(),
        (err) => callback?.(err),
      );
  }

  /** Deletes expired rows; exposed for tests and called now and then from `set`. */
  async prune() {
    await this.db.delete(sessions).where(lt(sessions.expire, this.now()));
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
