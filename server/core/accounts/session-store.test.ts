import { eq } from "drizzle-orm";
import type { SessionData } from "express-session";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "../../../shared/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createUser } from "../../setup/factories";
import { fakeClock } from "../../test/fakes";
import { DrizzleSessionStore, TOUCH_EVERY_MS } from "./session-store";

let database: TestDatabase;
const clock = fakeClock();
let store: DrizzleSessionStore;
beforeAll(async () => {
  database = await createTestDatabase();
  store = new DrizzleSessionStore(database.db, clock.now);
});
afterAll(() => database.destroy());

const call = <T>(fn: (cb: (err: unknown, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));
const sess = (userId: number | undefined, expires: Date) =>
  ({ cookie: { expires, originalMaxAge: 1000, httpOnly: true, path: "/" }, ...(userId ? { passport: { user: userId } } : {}) }) as unknown as SessionData;

describe("the database session store", () => {
  it("when a session is set, then get returns it and the row carries the user id", async () => {
    const user = await createUser(database.db);
    const expires = new Date(clock.now().getTime() + 3600_000);
    await call((cb) => store.set("sid-1", sess(user.id, expires), cb));
    const got = await call<SessionData | null>((cb) => store.get("sid-1", cb));
    expect((got as unknown as { passport: { user: number } }).passport.user).toBe(user.id);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.sid, "sid-1"));
    expect(row!.userId).toBe(user.id);
    expect(row!.expire.getTime()).toBe(expires.getTime());
  });

  it("when a session has expired, then get ignores it and prune deletes it", async () => {
    await call((cb) => store.set("sid-old", sess(undefined, new Date(clock.now().getTime() + 1000)), cb));
    clock.advance(2000);
    expect(await call((cb) => store.get("sid-old", cb))).toBeNull();
    await store.prune();
    expect(await database.db.select().from(sessions).where(eq(sessions.sid, "sid-old"))).toEqual([]);
  });

  it("when a session is touched, then its expiry moves forward", async () => {
    const later = new Date(clock.now().getTime() + 7 * 24 * 3600_000);
    await call((cb) => store.set("sid-touch", sess(undefined, new Date(clock.now().getTime() + 60_000)), cb));
    await call((cb) => store.touch("sid-touch", sess(undefined, later), cb));
    const [row] = await database.db.select().from(sessions).where(eq(sessions.sid, "sid-touch"));
    expect(row!.expire.getTime()).toBe(later.getTime());
  });

  it("when a request read its session moments ago, then touch leaves the row alone until TOUCH_EVERY_MS has passed", async () => {
    const stored = new Date(clock.now().getTime() + 3600_000);
    const expireOf = async () => (await database.db.select().from(sessions).where(eq(sessions.sid, "sid-rolling")))[0]!.expire.getTime();
    await call((cb) => store.set("sid-rolling", sess(undefined, stored), cb));
    await call((cb) => store.get("sid-rolling", cb));
    await call((cb) => store.touch("sid-rolling", sess(undefined, new Date(stored.getTime() + TOUCH_EVERY_MS - 1)), cb));
    expect(await expireOf()).toBe(stored.getTime());
    await call((cb) => store.get("sid-rolling", cb));
    const later = new Date(stored.getTime() + TOUCH_EVERY_MS);
    await call((cb) => store.touch("sid-rolling", sess(undefined, later), cb));
    expect(await expireOf()).toBe(later.getTime());
  });

  it("when a page sends several requests at once with one cookie, then none of their touches writes the row before TOUCH_EVERY_MS", async () => {
    const stored = new Date(clock.now().getTime() + 3600_000);
    await call((cb) => store.set("sid-page", sess(undefined, stored), cb));
    const counting = new DrizzleSessionStore(database.db, clock.now);
    const write = counting.touch.bind(counting);
    // The reads of four requests, then their touches: express-session touches each at its end.
    await Promise.all([1, 2, 3, 4].map(() => call((cb) => counting.get("sid-page", cb))));
    const soon = new Date(stored.getTime() + TOUCH_EVERY_MS - 1);
    await Promise.all([1, 2, 3, 4].map(() => call((cb) => write("sid-page", sess(undefined, soon), cb))));
    const [row] = await database.db.select().from(sessions).where(eq(sessions.sid, "sid-page"));
    expect(row!.expire.getTime()).toBe(stored.getTime());
    // Past it, one touch writes; the requests beside it know the row is written and leave it.
    const later = new Date(stored.getTime() + TOUCH_EVERY_MS);
    await call((cb) => write("sid-page", sess(undefined, later), cb));
    const expireOf = async () => (await database.db.select().from(sessions).where(eq(sessions.sid, "sid-page")))[0]!.expire.getTime();
    expect(await expireOf()).toBe(later.getTime());
    await database.db.update(sessions).set({ expire: stored }).where(eq(sessions.sid, "sid-page"));
    await Promise.all([1, 2, 3].map(() => call((cb) => write("sid-page", sess(undefined, new Date(later.getTime() + 1000)), cb))));
    expect(await expireOf()).toBe(stored.getTime());
  });

  it("when get reads a signed-in session, then it hands its user and their standing to that user's deserialize once", async () => {
    const owner = await createUser(database.db, { isActive: false });
    const member = await createUser(database.db, { teamOwnerId: owner.id });
    await call((cb) => store.set("sid-member", sess(member.id, new Date(clock.now().getTime() + 3600_000)), cb));
    await call((cb) => store.get("sid-member", cb));
    expect(store.takeUser("sid-member", owner.id)).toBeUndefined();
    await call((cb) => store.get("sid-member", cb));
    const read = store.takeUser("sid-member", member.id);
    expect(read?.user.username).toBe(member.username);
    // A member of a deactivated provider's team is signed out (service.ts isAccountActive).
    expect(read?.active).toBe(false);
    expect(store.takeUser("sid-member", member.id)).toBeUndefined();
  });

  it("when a session is read, then the licence standing of the account the user buys for comes with it: a member's is their owner's", async () => {
    const owner = await createUser(database.db, { licenseNumber: "998877C", licenceState: "VIC", licenceExpiry: "2027-03-31" });
    const member = await createUser(database.db, {
      userType: "team_member",
      teamOwnerId: owner.id,
      verificationStatus: "pending",
      licenseNumber: null,
      licenceExpiry: null,
    });
    const rejected = await createUser(database.db, { verificationStatus: "rejected", rejectionReason: "Licence number not found" });
    // A provider with a team owner on record (one made super admin keeps it) is no team member: their own standing.
    const ownStanding = await createUser(database.db, { teamOwnerId: owner.id, verificationStatus: "pending", licenseNumber: null, licenceExpiry: null });
    const standingOf = async (sid: string, userId: number) => {
      await call((cb) => store.set(sid, sess(userId, new Date(clock.now().getTime() + 3600_000)), cb));
      await call((cb) => store.get(sid, cb));
      return store.takeUser(sid, userId)?.standing;
    };
    const owners = { status: "approved", licenceNumber: "998877C", licenceState: "VIC", licenceExpiry: "2027-03-31", rejectionReason: null };
    expect(await standingOf("sid-standing-owner", owner.id)).toEqual(owners);
    expect(await standingOf("sid-standing-member", member.id)).toEqual(owners);
    expect(await standingOf("sid-standing-rejected", rejected.id)).toMatchObject({ status: "rejected", rejectionReason: "Licence number not found" });
    expect(await standingOf("sid-standing-own", ownStanding.id)).toMatchObject({ status: "pending", licenceNumber: null });
  });

  it("when a session is destroyed, then it is gone", async () => {
    await call((cb) => store.set("sid-gone", sess(undefined, new Date(clock.now().getTime() + 60_000)), cb));
    await call((cb) => store.destroy("sid-gone", cb));
    expect(await call((cb) => store.get("sid-gone", cb))).toBeNull();
  });
});

describe("session reads that arrive together", () => {
  /** The store's one prepared read, watched: how many statements the gets below cost. */
  const watchReads = (s: DrizzleSessionStore) => vi.spyOn((s as unknown as { readSessions: { execute: () => Promise<unknown> } }).readSessions, "execute");

  it("when several requests ask for their sessions in the same turn, then one statement answers them all, each with its own", async () => {
    const together = new DrizzleSessionStore(database.db, clock.now);
    const users = [await createUser(database.db), await createUser(database.db), await createUser(database.db)];
    const expires = new Date(clock.now().getTime() + 3600_000);
    for (const [i, user] of users.entries()) await call((cb) => together.set(`sid-together-${i}`, sess(user.id, expires), cb));
    const reads = watchReads(together);
    const got = await Promise.all([
      ...users.map((_, i) => call<SessionData | null>((cb) => together.get(`sid-together-${i}`, cb))),
      call<SessionData | null>((cb) => together.get("sid-nobody-has", cb)),
    ]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(got.map((g) => (g as unknown as { passport?: { user: number } } | null)?.passport?.user ?? null)).toEqual([...users.map((u) => u.id), null]);
    // The next turn's read is a statement of its own.
    await call((cb) => together.get("sid-together-0", cb));
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("when two requests with one cookie ask in the same turn, then each gets a session of its own to change", async () => {
    const together = new DrizzleSessionStore(database.db, clock.now);
    const user = await createUser(database.db);
    await call((cb) => together.set("sid-twice", sess(user.id, new Date(clock.now().getTime() + 3600_000)), cb));
    const [first, second] = await Promise.all([0, 1].map(() => call<SessionData | null>((cb) => together.get("sid-twice", cb))));
    expect(first).toEqual(second);
    (first as unknown as { passport: { user: number } }).passport.user = -1;
    expect((second as unknown as { passport: { user: number } }).passport.user).toBe(user.id);
  });

  it("when the clock throws before the statement is sent, then every request that asked in that turn gets the error, none hangs", async () => {
    let broken = true;
    const together = new DrizzleSessionStore(database.db, () => {
      if (broken) throw new Error("no clock");
      return clock.now();
    });
    const results = await Promise.allSettled([call((cb) => together.get("sid-c", cb)), call((cb) => together.get("sid-d", cb))]);
    expect(results.map((r) => (r.status === "rejected" ? (r.reason as Error).message : "answered"))).toEqual(["no clock", "no clock"]);
    broken = false;
    expect(await call((cb) => together.get("sid-c", cb))).toBeNull();
  });

  it("when the statement fails, then every request that asked in that turn gets the error", async () => {
    const together = new DrizzleSessionStore(database.db, clock.now);
    watchReads(together).mockRejectedValueOnce(new Error("connection lost"));
    const results = await Promise.allSettled([call((cb) => together.get("sid-a", cb)), call((cb) => together.get("sid-b", cb))]);
    expect(results.map((r) => (r.status === "rejected" ? (r.reason as Error).message : "answered"))).toEqual(["connection lost", "connection lost"]);
  });
});
