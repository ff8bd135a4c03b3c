// The paperwork's reminders (docs/decisions/105-paperwork-on-the-card.md) on either database: two
// days before and on the day to whoever works the job, overdue once to the owner, each once however
// often the sweep runs, held through the state's quiet hours, started again when the deadline
// moves, and none for a document done; and once across two app instances on PostgreSQL.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardNotices, leadPurchases, outboxMessages, paperworkDocuments, testRecords, type LeadPurchase, type User } from "../../../shared/schema";
import { DEMO_TEST_RESULTS } from "../../setup/demo-test-record";
import { refreshPaperworkClocks } from "../paperwork";
import { openDatabase, type Database } from "../../platform/db/client";
import { createPurchase, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { describeOnPostgres } from "../../test/postgres-only";
import { enqueueDuePaperwork } from "./paperwork-due";
import { sydney } from "./test/messages";

const ctx = useTestApp({ startAlertWorker: false });
const ORIGIN = "https://example.test";
// The end of Thu 3 Dec 2026 on Sydney's clock: a CCEW tested on 26 Nov.
const DUE = new Date("2026-12-03T12:59:59.999Z");
let owner: User;
let member: User;

beforeAll(async () => {
  owner = await createUser(ctx.db);
  member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id });
});

async function ccewDue(due: Date, purchase: Partial<typeof leadPurchases.$inferInsert> = {}) {
  const p = await createPurchase(ctx.db, owner.id, { purchase: { buyerName: "Dave Wilson", ...purchase } });
  const [doc] = await ctx.db.insert(paperworkDocuments).values({ purchaseId: p.id, document: "nsw_ccew", startsFrom: "test", dueAt: due }).returning();
  return { p, doc: doc! };
}
/** The reminders queued for a purchase: one event per step, and who it is for. */
async function stepsOf(p: LeadPurchase) {
  const rows = await ctx.db
    .select({ event: outboxMessages.event, recipient: outboxMessages.recipient, dueAt: outboxMessages.dueAt })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.leadId, p.leadId), like(outboxMessages.event, "paperwork.%")))
    .orderBy(outboxMessages.id);
  // A notice is a row per channel (push, e-mail, or one dropped row): one step per event.
  const steps = new Map(rows.map((r) => [r.event, { step: r.event.split(":")[0], to: Number(/^user:(\d+)/.exec(r.recipient)?.[1]), dueAt: r.dueAt }]));
  return [...steps.values()];
}

describe("a document's reminders", () => {
  it("when the sweep runs every day up to and past the deadline, then the assignee is told two days before and on the day, and the owner once it is overdue", async () => {
    const { p } = await ccewDue(DUE, { assignedTo: null });
    await ctx.db.update(leadPurchases).set({ assignedTo: member.id }).where(eq(leadPurchases.id, p.id));
    for (const at of [
      "2026-11-29 10:00",
      "2026-12-01 10:00",
      "2026-12-01 10:05",
      "2026-12-02 18:00",
      "2026-12-03 09:00",
      "2026-12-03 23:00",
      "2026-12-04 10:00",
      "2026-12-08 10:00",
    ]) {
      await enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney(at));
    }
    const steps = await stepsOf(p);
    expect(steps.map((s) => [s.step, s.to])).toEqual([
      ["paperwork.due_in_2_days", member.id],
      ["paperwork.due_today", member.id],
      ["paperwork.overdue", owner.id],
    ]);
  });

  it("when the day a document is due starts at midnight, then its reminder is claimed then but waits for 7 am on the state's clock", async () => {
    const { p } = await ccewDue(DUE);
    await enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney("2026-12-03 00:30"));
    const [today] = (await stepsOf(p)).filter((s) => s.step === "paperwork.due_today");
    expect(today?.dueAt.toISOString()).toBe(sydney("2026-12-03 07:00").toISOString());
  });

  it("when a reminder went and the deadline then moves (a corrected test), then the new deadline is reminded again", async () => {
    const { p, doc } = await ccewDue(DUE);
    await enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney("2026-12-02 10:00"));
    const later = new Date("2026-12-05T12:59:59.999Z");
    await ctx.db.update(paperworkDocuments).set({ dueAt: later }).where(eq(paperworkDocuments.id, doc.id));
    await enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney("2026-12-04 10:00"));
    expect((await stepsOf(p)).map((s) => s.step)).toEqual(["paperwork.due_in_2_days", "paperwork.due_in_2_days"]);
  });

  it("when notifiable WA work is booked two weeks out, then the Preliminary Notice is told of at once, then two days before and on the day", async () => {
    const start = new Date("2026-12-10T01:00:00Z"); // 9:00 am on Thu 10 Dec in Perth
    const p = await createPurchase(ctx.db, owner.id, { lead: { state: "WA" }, purchase: { buyerName: "Dave Wilson", jobStartsAt: start } });
    await ctx.db.insert(paperworkDocuments).values({ purchaseId: p.id, document: "wa_preliminary_notice", startsFrom: "before_start", dueAt: null });
    for (const at of ["2026-11-26 12:00", "2026-11-27 12:00", "2026-12-08 12:00", "2026-12-10 10:00"])
      await enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney(at));
    expect((await stepsOf(p)).map((s) => s.step)).toEqual(["paperwork.booked", "paperwork.due_in_2_days", "paperwork.due_today"]);
  });

  it("when the owner was told a document is overdue and the test is then corrected to a later day, then the new deadline is reminded from its first step", async () => {
    const p = await createPurchase(ctx.db, owner.id, { purchase: { buyerName: "Dave Wilson" } });
    const [record] = await ctx.db
      .insert(testRecords)
      .values({ purchaseId: p.id, version: 2, status: "tested", results: DEMO_TEST_RESULTS, testedAt: sydney("2026-11-10 09:00") })
      .returning();
    await ctx.db.transaction((tx) => refreshPaperworkClocks(tx, p.id, sydney("2026-11-10 09:00")));
    await enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney("2026-11-26 10:00"));
    // The correction: the tests were really done on 25 Nov, so the CCEW is due at the end of 2 Dec.
    await ctx.db
      .update(testRecords)
      .set({ testedAt: sydney("2026-11-25 09:00") })
      .where(eq(testRecords.id, record!.id));
    await ctx.db.transaction((tx) => refreshPaperworkClocks(tx, p.id, sydney("2026-11-26 10:05")));
    await enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney("2026-11-30 10:00"));
    expect((await stepsOf(p)).map((s) => s.step)).toEqual(["paperwork.overdue", "paperwork.due_in_2_days"]);
  });

  it("when the document is lodged, or the job given back, then nothing more is sent", async () => {
    const lodged = await ccewDue(DUE);
    await ctx.db.update(paperworkDocuments).set({ status: "lodged", reference: "X" }).where(eq(paperworkDocuments.id, lodged.doc.id));
    const released = await ccewDue(DUE, { releasedAt: new Date("2026-11-27T00:00:00Z") });
    await enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney("2026-12-03 10:00"));
    expect(await stepsOf(lodged.p)).toEqual([]);
    expect(await stepsOf(released.p)).toEqual([]);
  });
});

describeOnPostgres("the paperwork's reminders across two app instances on one PostgreSQL", () => {
  let second: Database;
  beforeAll(async () => {
    second = await openDatabase({ url: ctx.database.url });
  });
  afterAll(async () => {
    await second.close();
  });

  it("when both instances sweep the same due documents at once, five rounds, then each step is queued once", async () => {
    const docs = await Promise.all(Array.from({ length: 6 }, () => ccewDue(DUE)));
    for (const at of ["2026-12-02 10:00", "2026-12-03 10:00", "2026-12-04 10:00"]) {
      for (let round = 0; round < 5; round++) {
        await Promise.all([enqueueDuePaperwork(ctx.db, { origin: ORIGIN }, sydney(at)), enqueueDuePaperwork(second.db, { origin: ORIGIN }, sydney(at))]);
      }
    }
    for (const { p } of docs) {
      const dashboard = await ctx.db.select().from(dashboardNotices).where(like(dashboardNotices.event, `paperwork.%`));
      expect((await stepsOf(p)).map((s) => s.step)).toEqual(["paperwork.due_in_2_days", "paperwork.due_today", "paperwork.overdue"]);
      expect(dashboard.length).toBeGreaterThan(0);
    }
  });
});
