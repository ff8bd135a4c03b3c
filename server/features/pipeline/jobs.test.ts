// Pipeline work (docs/decisions/031): conflicts between two editors, booking a job with its calendar
// file, follow-ups, decline reasons, assignment and their audit entries.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { leadPurchases, purchaseChanges, type User } from "../../../shared/schema";
import { RECORD_ID_MESSAGE } from "../../../shared/ids";
import { BOOKING_NEEDS_A_TIME, VERSION_REQUIRED } from "../../../shared/pipeline-jobs";
import { createPurchase, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { type CastRole, createCast, signIn } from "../../test/sign-in";
import { jobAsBuyerSees } from "../../test/job-save";

// 2026-11-23T23:30Z is 10:30 am on Tuesday 24 November in Sydney (daylight saving, +11).
let clock = new Date("2026-11-23T23:30:00Z");
const ctx = useTestApp({ now: () => clock });
let owner: User, member: User, rival: User;
let agents: Record<CastRole, request.Agent>;

beforeAll(async () => {
  ({
    people: { owner, member, rival },
    agents,
  } = await createCast(ctx, { owner: { firstName: "Dave", lastName: "Wilson" }, member: { firstName: "Sam", lastName: "Lee" } }));
});

async function ownersJob(values: Partial<typeof leadPurchases.$inferInsert> = {}, lead = {}) {
  return createPurchase(ctx.db, owner.id, { purchase: { buyerName: "Dave Wilson", ...values }, lead });
}
const stage = (agent: request.Agent, id: number, body: object) => agent.patch(`/api/lead-purchases/${id}/sales-stage`).send(body);
const stored = async (id: number) => (await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, id)))[0]!;
const changesOf = async (id: number) => ctx.db.select().from(purchaseChanges).where(eq(purchaseChanges.purchaseId, id)).orderBy(purchaseChanges.id);

describe("two people editing one card", () => {
  it("when the second save is based on an older version, then 409 with the newer text and who saved it, and nothing is overwritten", async () => {
    const job = await ownersJob();
    expect(job.version).toBe(1);
    const first = await stage(agents.owner, job.id, { salesNotes: "Owner: quoted on site", version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);

    const second = await stage(agents.member, job.id, { salesNotes: "Sam: customer wants LEDs", version: 1 });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^Dave Wilson saved a newer version/);
    expect(second.body.savedBy).toBe("Dave Wilson");
    expect(second.body.current).toMatchObject({ salesNotes: "Owner: quoted on site", version: 2 });
    expect(await stored(job.id)).toMatchObject({ salesNotes: "Owner: quoted on site", version: 2, updatedBy: owner.id });

    // Merged and sent with the version it was shown: saved.
    const merged = await stage(agents.member, job.id, { salesNotes: "Owner: quoted on site\nSam: customer wants LEDs", version: 2 });
    expect(merged.status).toBe(200);
    expect(await stored(job.id)).toMatchObject({ version: 3, updatedBy: member.id });
  });

  it("when a save leaves out the version, then 400 and the newer save stays (a versionless write is never applied over it)", async () => {
    const job = await ownersJob();
    expect((await stage(agents.owner, job.id, { salesNotes: "Owner: quoted on site", version: 1 })).body.version).toBe(2);

    const blind = await stage(agents.member, job.id, { salesNotes: "Sam: overwrite" });
    expect(blind.status).toBe(400);
    expect(blind.body.errors).toEqual({ version: VERSION_REQUIRED });
    for (const body of [
      { salesStage: "invoice_paid", customerPaymentAmount: "900" },
      { salesStage: "declined", declineReason: "price" },
    ]) {
      expect((await stage(agents.member, job.id, body)).status).toBe(400);
    }
    const assign = await agents.owner.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: member.id });
    expect(assign.status).toBe(400);
    expect(assign.body.errors).toEqual({ version: VERSION_REQUIRED });
    expect(await stored(job.id)).toMatchObject({ salesNotes: "Owner: quoted on site", salesStage: "purchased", version: 2, assignedTo: null });
  });

  it("when an assignment is based on an older version, then 409 and nobody is assigned", async () => {
    const job = await ownersJob();
    await stage(agents.member, job.id, { salesNotes: "Sam: rang them", version: 1 });
    const stale = await agents.owner.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: member.id, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ salesNotes: "Sam: rang them", version: 2 });
    expect((await stored(job.id)).assignedTo).toBeNull();
    const fresh = await agents.owner.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: member.id, version: 2 });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ assignedTo: member.id, version: 2 });
    // Handed back, so the member's list order in later tests is theirs alone.
    expect((await agents.owner.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: null, version: 2 })).status).toBe(200);
  });

  it("when the job's details are edited without the version or on an older one, then 400 or 409 and the newer details stay", async () => {
    const job = await ownersJob({}, { customerName: "Karen Mitchell", customerPhone: "0412345678" });
    const edit = (agent: request.Agent, body: object) => agent.patch(`/api/leads/${job.leadId}`).send({ customerPhone: "0412345678", ...body });
    const first = await edit(agents.owner, { customerName: "Karen Mitchell-Ng", version: 1 });
    expect(first.status).toBe(200);
    expect((await stored(job.id)).version).toBe(2);

    const blind = await edit(agents.member, { customerName: "Karen M" });
    expect(blind.status).toBe(400);
    expect(blind.body.errors).toEqual({ version: VERSION_REQUIRED });
    const stale = await edit(agents.member, { customerName: "Karen M", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.savedBy).toBe("Dave Wilson");
    expect((await jobAsBuyerSees(ctx.db, job.leadId)).customerName).toBe("Karen Mitchell-Ng");
  });

  it("when only the stage changes, then the version stays, so a teammate's typing is not refused for it", async () => {
    const job = await ownersJob();
    expect((await stage(agents.owner, job.id, { salesStage: "called", version: 1 })).body.version).toBe(1);
    expect((await stage(agents.member, job.id, { salesNotes: "Rang at 9", version: 1 })).status).toBe(200);
  });

  it("when a move names the stage it was made from and a teammate has moved the job since, then 409 naming them, and the job stays (docs/decisions/084)", async () => {
    const job = await ownersJob();
    expect((await stage(agents.owner, job.id, { salesStage: "called", version: 1 })).status).toBe(200);
    const booked = await stage(agents.member, job.id, { salesStage: "booked_in", jobStartsAt: "2026-11-26T09:30", version: 1 });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    // The owner's Undo of Purchased to Called, on the version Booked In returned: the stage tells.
    const undo = await stage(agents.owner, job.id, { salesStage: "purchased", version: booked.body.version, fromStage: "called" });
    expect(undo.status).toBe(409);
    expect(undo.body.savedBy).toBe("Sam Lee");
    expect(undo.body.current.salesStage).toBe("booked_in");
    expect((await stored(job.id)).salesStage).toBe("booked_in");
    expect((await stage(agents.owner, job.id, { salesStage: "called", version: booked.body.version, fromStage: "booked_in" })).status).toBe(200);
  });
});

describe("booking the job", () => {
  it("when a job is moved to Booked In with no date and time, then 400 on jobStartsAt and it stays where it was; a time set earlier is enough", async () => {
    const job = await ownersJob();
    const res = await stage(agents.owner, job.id, { salesStage: "booked_in", version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ jobStartsAt: BOOKING_NEEDS_A_TIME });
    expect((await stage(agents.owner, job.id, { salesStage: "booked_in", jobStartsAt: "", version: 1 })).status).toBe(400);
    expect((await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, job.id)))[0]!.salesStage).toBe("purchased");
    expect((await stage(agents.owner, job.id, { jobStartsAt: "2026-11-26T09:30", version: 1 })).status).toBe(200);
    expect((await stage(agents.owner, job.id, { salesStage: "booked_in", version: 2 })).status).toBe(200);
  });

  it("when Booked In gets a Sydney date and time, then it is stored as that instant and the calendar file says so", async () => {
    const job = await ownersJob(
      {},
      { suburb: "Parramatta", state: "NSW", postcode: "2150", customerName: "Karen Mitchell", electricalWork: "Switchboard upgrade" },
    );
    const res = await stage(agents.member, job.id, { salesStage: "booked_in", jobStartsAt: "2026-11-26T09:30", version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.jobStartsAt).toBe("2026-11-25T22:30:00.000Z");

    const ics = await agents.member.get(`/api/lead-purchases/${job.id}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.headers["content-disposition"]).toMatch(/attachment; filename="?job-.+\.ics/);
    // Unfold RFC 5545 continuation lines, then read NAME:VALUE pairs.
    const lines = ics.text.replace(/\r\n[ \t]/g, "").split("\r\n");
    const field = (name: string) => lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))?.replace(/^[^:]+:/, "");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(field("DTSTART")).toBe("20261125T223000Z");
    expect(field("LOCATION")).toBe("Parramatta NSW 2150");
    expect(field("SUMMARY")).toMatch(/: Karen Mitchell$/);
    const description = field("DESCRIPTION")!;
    expect(description).toContain("Switchboard upgrade");
    // Nothing of the purchase's money or the buyer's account travels in the file.
    expect(ics.text).not.toMatch(/40\.00|amount|Dave Wilson/i);

    expect((await agents.rival.get(`/api/lead-purchases/${job.id}/calendar.ics`)).status).toBe(404);
  });

  it("when the date is malformed, impossible or years away, then 400 and nothing is stored", async () => {
    const job = await ownersJob();
    for (const jobStartsAt of ["26/11/2026 9:30", "2026-02-30T09:00", "2026-11-26T25:00", "2031-01-01T09:00"]) {
      const res = await stage(agents.owner, job.id, { jobStartsAt, version: 1 });
      expect(res.status, jobStartsAt).toBe(400);
      expect(res.body.errors?.jobStartsAt, jobStartsAt).toBeTruthy();
    }
    expect((await stored(job.id)).jobStartsAt).toBeNull();
    expect((await agents.owner.get(`/api/lead-purchases/${job.id}/calendar.ics`)).status).toBe(404);
  });
});

describe("follow-ups", () => {
  it("when follow-ups are due, then the list puts overdue then today's first and the counts leave out closed jobs", async () => {
    const boss = await createUser(ctx.db);
    const agent = await signIn(ctx.server, boss.username);
    const at = (h: number) => new Date(clock.getTime() - h * 3_600_000);
    const later = await createPurchase(ctx.db, boss.id, { purchase: { purchasedAt: at(1), followUpOn: "2026-11-30" } });
    const none = await createPurchase(ctx.db, boss.id, { purchase: { purchasedAt: at(2) } });
    const today = await createPurchase(ctx.db, boss.id, { purchase: { purchasedAt: at(3), followUpOn: "2026-11-24" } });
    const overdue = await createPurchase(ctx.db, boss.id, { purchase: { purchasedAt: at(4), followUpOn: "2026-11-20" } });
    const paidOverdue = await createPurchase(ctx.db, boss.id, { purchase: { purchasedAt: at(5), followUpOn: "2026-11-19", salesStage: "invoice_paid" } });

    const list = await agent.get("/api/my-purchased-leads");
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([overdue.id, today.id, later.id, none.id, paidOverdue.id]);
    expect((await agent.get("/api/lead-purchases/follow-ups")).body).toEqual({ overdue: 1, dueToday: 1, today: "2026-11-24" });
  });

  it("when a follow-up day is set, then it is stored and audited; a non-date is 400", async () => {
    const job = await ownersJob();
    expect((await stage(agents.owner, job.id, { followUpOn: "2026-11-31", version: 1 })).status).toBe(400);
    expect((await stage(agents.owner, job.id, { followUpOn: "2026-12-01", version: 1 })).body.followUpOn).toBe("2026-12-01");
    expect((await changesOf(job.id)).map((c) => [c.field, c.oldValue, c.newValue])).toEqual([["followUpOn", null, "2026-12-01"]]);
  });
});

describe("declining", () => {
  it("when a job moves to Declined without a reason, then 400; with one it is stored, audited and exported", async () => {
    const job = await ownersJob({}, { customerName: "Declined Customer" });
    const bare = await stage(agents.owner, job.id, { salesStage: "declined", version: 1 });
    expect(bare.status).toBe(400);
    expect(bare.body.errors.declineReason).toBe("Choose why the customer declined");
    expect((await stage(agents.owner, job.id, { salesStage: "declined", declineReason: "cheap", version: 1 })).status).toBe(400);
    expect((await stored(job.id)).salesStage).toBe("purchased");

    const res = await stage(agents.owner, job.id, { salesStage: "declined", declineReason: "other", declineNote: "Went with his brother-in-law", version: 1 });
    expect(res.body).toMatchObject({ salesStage: "declined", declineReason: "other", declineNote: "Went with his brother-in-law" });
    expect((await changesOf(job.id)).map((c) => [c.field, c.newValue])).toEqual([
      ["declineReason", "other"],
      ["declineNote", "Went with his brother-in-law"],
    ]);

    const csv = (await agents.owner.get("/api/my-purchased-leads/export.csv")).text;
    const [header, ...rows] = csv.replace(/^\uFEFF/, "").split("\r\n");
    const column = header!.split(",").indexOf("Decline Reason");
    expect(column).toBeGreaterThan(-1);
    const row = rows.find((r) => r.includes("Declined Customer"))!;
    expect(row).toContain("Other: Went with his brother-in-law");
  });
});

describe("assigning a job", () => {
  it("when the owner assigns to their own team member, then it is stored, audited by name and listed first for that member", async () => {
    const older = await ownersJob({ purchasedAt: new Date(clock.getTime() - 86_400_000) });
    await ownersJob({ purchasedAt: clock });
    const res = await agents.owner.patch(`/api/lead-purchases/${older.id}/assignee`).send({ assignedTo: member.id, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.assignedTo).toBe(member.id);
    expect((await changesOf(older.id)).map((c) => [c.field, c.oldValue, c.newValue, c.changedBy])).toEqual([["assignedTo", null, "Sam Lee", owner.id]]);

    const memberList = (await agents.member.get("/api/my-purchased-leads")).body as Array<{ id: number }>;
    expect(memberList[0]!.id).toBe(older.id);
    const ownerList = (await agents.owner.get("/api/my-purchased-leads")).body as Array<{ id: number }>;
    // Every job stays visible to both; the owner's own order is newest first.
    expect(ownerList.map((p) => p.id).sort()).toEqual(memberList.map((p) => p.id).sort());
    expect(ownerList[0]!.id).not.toBe(older.id);
  });

  it("when a team member, a rival or someone outside the team is involved, then it is refused and nothing changes", async () => {
    const job = await ownersJob();
    const outsider = await createUser(ctx.db, { userType: "team_member", teamOwnerId: rival.id });
    const memberTries = await agents.member.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: member.id, version: 1 });
    expect(memberTries.status).toBe(403);
    expect((await agents.rival.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: outsider.id, version: 1 })).status).toBe(404);
    const wrongTeam = await agents.owner.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: outsider.id, version: 1 });
    expect(wrongTeam.status).toBe(400);
    expect(wrongTeam.body.errors.assignedTo).toBe("That person is not in your team");
    expect((await agents.owner.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: owner.id, version: 1 })).status).toBe(400);
    expect((await agents.owner.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: "sam", version: 1 })).status).toBe(400);
    // Beyond PostgreSQL's integer range: a clear 400 on the field, not a 500 from the query.
    const tooBig = await agents.owner.patch(`/api/lead-purchases/${job.id}/assignee`).send({ assignedTo: 3_000_000_000, version: 1 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors.assignedTo).toBe(RECORD_ID_MESSAGE);
    expect((await stored(job.id)).assignedTo).toBeNull();
    expect(await changesOf(job.id)).toEqual([]);
  });
});

describe("the history shows every new kind of change", () => {
  it("when a booking and a decline are saved, then GET history lists them with the actor's name", async () => {
    const job = await ownersJob();
    await stage(agents.member, job.id, { jobStartsAt: "2026-12-02T07:00", version: 1 });
    clock = new Date(clock.getTime() + 60_000);
    await stage(agents.owner, job.id, { salesStage: "declined", declineReason: "timing", version: 2 });
    const history = (await agents.owner.get(`/api/lead-purchases/${job.id}/history`)).body as Array<{ field: string; to: string; by: string }>;
    expect(history.map((h) => [h.field, h.to, h.by])).toEqual([
      ["declineReason", "timing", "Dave Wilson"],
      ["salesStage", "declined", "Dave Wilson"],
      ["jobStartsAt", "2026-12-01T20:00:00.000Z", "Sam Lee"],
    ]);
  });
});
