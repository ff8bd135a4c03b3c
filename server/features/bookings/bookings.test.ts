// Booking windows (docs/decisions/102-booking-windows.md) on either database: the electrician
// offers windows from the card, the customer picks one on the job page and the job is Booked In
// for it with the booking SMS as the one confirmation; other times, moves and cancellations tell
// the other side once; the calendar carries the window; an hour before it the customer is told.
import { and, eq, like } from "drizzle-orm";
import request from "supertest";
import type supertest from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WINDOW_MESSAGES, type CardBooking } from "../../../shared/booking-windows";
import type { JobView } from "../../../shared/jobs";
import {
  contactAttempts,
  dashboardNotices,
  leadPurchases,
  outboxMessages,
  salesStageHistory,
  type LeadPurchase,
  type NewLead,
  type User,
} from "../../../shared/schema";
import { createPurchase } from "../../setup/factories";
import { createJobLink } from "../../core/job-links";
import { movableClock, perth, recordingSms, sydney } from "../../core/messages/test/messages";
import { useTestApp } from "../../test/app";
import { createCast, type CastRole } from "../../test/sign-in";

const ORIGIN = "https://sparks.example.com.au";
const clock = movableClock(sydney("2026-11-24 10:00"));
const sms = recordingSms();
const ctx = useTestApp({ sms, now: clock.now, startAlertWorker: false, env: { PUBLIC_URL: ORIGIN, SITE_PHONE: "1300 555 123" } });
let owner: User, member: User;
let agents: Record<CastRole, supertest.Agent>;

beforeAll(async () => {
  ({
    people: { owner, member },
    agents,
  } = await createCast(ctx, {
    owner: { firstName: "Dave", lastName: "Wilson", companyName: "Sparky Bros Electrical", phone: "0298765432" },
    member: { firstName: "Tom", lastName: "Nguyen", companyName: null },
  }));
});

// Each test starts with Dave's and Tom's diaries empty: an earlier test's booking would overlap the same windows.
beforeEach(async () => {
  await ctx.db.update(leadPurchases).set({ isArchived: true }).where(eq(leadPurchases.buyerId, owner.id));
});

let phoneSeq = 0;
interface Job {
  purchase: LeadPurchase;
  token: string;
  phone: string;
}

/** A market job of Dave's at `stage`, its customer on a fresh mobile, and the customer's job link. */
async function jobAt(stage: LeadPurchase["salesStage"], lead: Partial<NewLead> = {}, purchase: Partial<typeof leadPurchases.$inferInsert> = {}): Promise<Job> {
  clock.set(sydney("2026-11-24 10:00"));
  const phone = `0414${String(++phoneSeq).padStart(6, "0")}`;
  const made = await createPurchase(ctx.db, owner.id, {
    lead: { customerName: "Jane Citizen", customerPhone: phone, suburb: "Parramatta", state: "NSW", ...lead },
    purchase: { buyerName: "Dave Wilson", purchasedAt: sydney("2026-11-24 08:00"), salesStage: stage, ...purchase },
  });
  const token = (await createJobLink(ctx.db, made.leadId, clock.now())).replace(/^\/job\//, "");
  return { purchase: made, token, phone };
}

const versionOf = async (job: Job) => (await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, job.purchase.id)))[0]!.version;
const rowOf = async (job: Job) => (await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, job.purchase.id)))[0]!;
const THREE = [
  { date: "2026-12-02", start: "09:00", end: "11:00" },
  { date: "2026-12-02", start: "13:00", end: "15:30" },
  { date: "2026-12-03", start: "07:30", end: "08:30" },
];
async function offer(job: Job, windows = THREE, extra: object = {}, agent = agents.owner) {
  return agent.post(`/api/lead-purchases/${job.purchase.id}/booking-windows`).send({ windows, version: await versionOf(job), ...extra });
}
const card = async (job: Job) => (await agents.owner.get(`/api/lead-purchases/${job.purchase.id}/booking-windows`)).body as CardBooking;
const page = async (job: Job) => (await request(ctx.server).get(`/api/jobs/${job.token}`)).body as JobView;
const pick = (job: Job, windowId: number) => request(ctx.server).post(`/api/jobs/${job.token}/booking/pick`).send({ windowId });
const send = () => ctx.app.alerts.runOnce();
const textsTo = (job: Job) => sms.to(job.phone).map((s) => s.text);
const eventsOf = async (job: Job, prefix: string) =>
  (
    await ctx.db
      .select({ event: outboxMessages.event, status: outboxMessages.status, lastError: outboxMessages.lastError })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, job.purchase.leadId), like(outboxMessages.event, `${prefix}%`)))
      .orderBy(outboxMessages.id)
  ).map((r) => r.event);
const noticesTo = (userId: number) => ctx.db.select().from(dashboardNotices).where(eq(dashboardNotices.userId, userId));

describe("offering windows", () => {
  it("when Dave offers three windows on a Called job, then the customer gets one SMS with a link, the page lists them soonest first with pick_window, and the card shows the offer open", async () => {
    const job = await jobAt("called");
    const res = await offer(job);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.booking.offer).toMatchObject({ status: "open", windows: [{ picked: false }, { picked: false }, { picked: false }] });
    await send();
    expect(textsTo(job)).toEqual([
      expect.stringMatching(
        /^Dave from Sparky Bros Electrical has offered 3 times for your job\. Pick the one that suits: https:\/\/sparks\.example\.com\.au\/job\/[A-Za-z0-9_-]{32} - Aussie Electricians, 1300 555 123$/,
      ),
    ]);
    const view = await page(job);
    expect(view.actions).toEqual(expect.arrayContaining(["pick_window", "other_times"]));
    expect(view.actions).not.toContain("move_booking");
    expect(view.booking!.windows.map((w) => [w.startsAt, w.endsAt])).toEqual([
      ["2026-12-01T22:00:00.000Z", "2026-12-02T00:00:00.000Z"],
      ["2026-12-02T02:00:00.000Z", "2026-12-02T04:30:00.000Z"],
      ["2026-12-02T20:30:00.000Z", "2026-12-02T21:30:00.000Z"],
    ]);
    // Offering is not a save of the card's values: the version the card holds still saves.
    expect(res.body.version).toBe(job.purchase.version);
  });

  it("when a window breaks a rule, then a 400 names the window and the rule, field by field, and nothing is offered or sent", async () => {
    const job = await jobAt("called");
    const res = await offer(job, [THREE[0]!, { date: "2026-12-02", start: "12:00", end: "12:45" }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Window 2: A window is 1 to 4 hours long");
    expect(res.body.errors).toEqual({
      "windows.1.end": "Window 2: A window is 1 to 4 hours long",
    });
    const overlapping = await offer(job, [THREE[0]!, { date: "2026-12-02", start: "10:00", end: "11:00" }]);
    expect(overlapping.body.errors).toEqual({
      "windows.0.start": "Window 1: It overlaps another window in this offer",
      "windows.1.start": "Window 2: It overlaps another window in this offer",
    });
    expect((await card(job)).offer).toBeNull();
    expect(await eventsOf(job, "booking.")).toEqual([]);
  });

  it("when who comes is already booked at that time on another job, then the window overlapping it is refused", async () => {
    await jobAt("booked_in", {}, { assignedTo: member.id, jobStartsAt: sydney("2026-12-02 10:00") });
    const job = await jobAt("called", {}, { assignedTo: member.id });
    const res = await offer(job, [THREE[0]!]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "windows.0.start": "Window 1: It overlaps a job already booked for who comes" });
    // Dave's own diary is free then: the same window on his job is fine.
    expect((await offer(await jobAt("called"), [THREE[0]!])).status).toBe(201);
  });

  it("when the job is still Purchased, then no times until a call reached the customer or a quote went; an own job keeps the card's direct booking", async () => {
    const job = await jobAt("purchased");
    const early = await offer(job);
    expect([early.status, early.body.message]).toEqual([409, WINDOW_MESSAGES.notYet]);
    expect((await card(job)).cannotOffer).toBe(WINDOW_MESSAGES.notYet);
    await ctx.db.insert(contactAttempts).values({ purchaseId: job.purchase.id, userId: owner.id, channel: "call", outcome: "reached" });
    expect((await offer(job)).status).toBe(201);
    const own = await jobAt("called", { source: "provider_manual" }, { amountPaid: "0.00" });
    expect((await offer(own)).body.message).toBe(WINDOW_MESSAGES.ownJob);
  });

  it("when the card's version is old, or the job another provider's, then 409 and 404", async () => {
    const job = await jobAt("called");
    const stale = await agents.owner.post(`/api/lead-purchases/${job.purchase.id}/booking-windows`).send({ windows: THREE, version: job.purchase.version + 5 });
    expect(stale.status).toBe(409);
    const stranger = await agents.rival.post(`/api/lead-purchases/${job.purchase.id}/booking-windows`).send({ windows: THREE, version: job.purchase.version });
    expect(stranger.status).toBe(404);
  });
});

describe("the customer picks", () => {
  it("when the customer picks the second window, then the job is Booked In for it, the booking SMS is the one confirmation, Dave is told, and the other windows lapse", async () => {
    const job = await jobAt("called");
    await offer(job);
    await send();
    const before = await versionOf(job);
    const windows = (await page(job)).booking!.windows;
    const res = await pick(job, windows[1]!.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: WINDOW_MESSAGES.picked,
      booking: { windows: [], booked: { startsAt: windows[1]!.startsAt, endsAt: windows[1]!.endsAt } },
    });
    const row = await rowOf(job);
    expect([row.salesStage, row.jobStartsAt?.toISOString(), row.jobEndsAt?.toISOString(), row.version]).toEqual([
      "booked_in",
      "2026-12-02T02:00:00.000Z",
      "2026-12-02T04:30:00.000Z",
      before + 1,
    ]);
    await send();
    await send();
    const texts = textsTo(job);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toMatch(/^Dave from Sparky Bros Electrical has booked your job for 1:00 pm - 3:30 pm Wed 2 Dec\. Your job: /);
    expect(await eventsOf(job, "job.booked:")).toEqual([`job.booked:${job.purchase.id}:2026-12-02T02:00:00.000Z`]);
    const notices = (await noticesTo(owner.id)).filter((n) => n.event.startsWith("booking.picked:"));
    expect(notices.map((n) => n.body)).toContainEqual("The customer picked 1:00 pm - 3:30 pm Wed 2 Dec. The job is Booked In.");
    expect((await card(job)).offer).toMatchObject({ status: "picked", windows: [{ picked: false }, { picked: true }, { picked: false }] });
    const view = await page(job);
    expect(view.actions).toContain("move_booking");
    expect(view.actions).not.toContain("pick_window");
    // A second pick (another phone) finds the offer answered.
    const again = await pick(job, windows[0]!.id);
    expect([again.status, again.body.message]).toEqual([409, WINDOW_MESSAGES.notOpen]);
  });

  it("when a window has started, or belongs to another job, then the pick is refused and nothing is booked", async () => {
    const job = await jobAt("called");
    await offer(job);
    const other = await jobAt("called");
    await offer(other);
    const windows = (await page(job)).booking!.windows;
    const elsewhere = (await page(other)).booking!.windows;
    expect((await pick(job, elsewhere[0]!.id)).body.message).toBe(WINDOW_MESSAGES.windowGone);
    clock.set(sydney("2026-12-02 09:00"));
    expect((await pick(job, windows[0]!.id)).status).toBe(409);
    expect((await rowOf(job)).salesStage).toBe("called");
  });

  it("when the job was declined, archived or refunded after the offer, then the page offers no pick and a pick is refused", async () => {
    const changes = [{ salesStage: "declined" as const }, { isArchived: true }, { refundedAt: sydney("2026-11-24 10:00"), refundAmount: "40.00" }];
    for (const change of changes) {
      const job = await jobAt("called");
      await offer(job);
      const [window] = (await page(job)).booking!.windows;
      await ctx.db.update(leadPurchases).set(change).where(eq(leadPurchases.id, job.purchase.id));
      const view = await page(job);
      expect(view.actions).not.toContain("pick_window");
      expect((await pick(job, window!.id)).status).toBe(409);
      expect((await rowOf(job)).jobStartsAt).toBeNull();
    }
  });

  it("when a WA customer picks 9:00-11:00, then the SMS and the card say Perth's time and the calendar file holds the window's end", async () => {
    const job = await jobAt("quote_sent", { state: "WA", suburb: "Joondalup" });
    await offer(job, [{ date: "2026-12-02", start: "09:00", end: "11:30" }]);
    await send();
    const [window] = (await page(job)).booking!.windows;
    expect(window!.startsAt).toBe(perth("2026-12-02 09:00").toISOString());
    await pick(job, window!.id);
    await send();
    expect(textsTo(job)[1]).toMatch(/has booked your job for 9:00 am - 11:30 am Wed 2 Dec\./);
    const ics = (await agents.owner.get(`/api/lead-purchases/${job.purchase.id}/calendar.ics`)).text;
    expect(ics).toContain("DTSTART:20261202T010000Z");
    expect(ics).toContain("DTEND:20261202T033000Z");
  });

  it("when a time is booked, then the customer's own calendar file holds the window, the business and the suburb, never the street or the customer's details; none before", async () => {
    const job = await jobAt("called", { customerAddress: "14 Church St, Parramatta NSW 2150", customerName: "Jane Citizen" });
    const before = await request(ctx.server).get(`/api/jobs/${job.token}/booking.ics`);
    expect(before.status).toBe(404);
    await offer(job, [THREE[1]!]);
    await pick(job, (await page(job)).booking!.windows[0]!.id);
    const res = await request(ctx.server).get(`/api/jobs/${job.token}/booking.ics`);
    expect([res.status, res.headers["content-type"], res.headers["cache-control"]]).toEqual([200, "text/calendar; charset=utf-8", "no-store"]);
    const ics = res.text.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("DTSTART:20261202T020000Z");
    expect(ics).toContain("DTEND:20261202T043000Z");
    expect(ics).toContain("SUMMARY:Electrician: Sparky Bros Electrical");
    expect(ics).toContain("(02) 9876 5432");
    expect(ics).toContain("LOCATION:Parramatta NSW");
    for (const secret of ["Church", "Jane", "Citizen", job.phone, job.phone.slice(1)]) expect(ics).not.toContain(secret);
  });

  it("when the calendar feed lists a picked window, then its DURATION is the window's, and a typed time keeps 2 hours", async () => {
    const job = await jobAt("called");
    await offer(job, [{ date: "2026-12-02", start: "09:00", end: "12:15" }]);
    await pick(job, (await page(job)).booking!.windows[0]!.id);
    const typed = await jobAt("booked_in", {}, { jobStartsAt: sydney("2026-12-04 09:00") });
    const link = (await agents.owner.post("/api/calendar-feed")).body as { httpsUrl: string };
    const feed = (await request(ctx.server).get(new URL(link.httpsUrl).pathname)).text.replace(/\r\n[ \t]/g, "");
    const eventOf = (id: number) => feed.slice(feed.indexOf(`UID:purchase-${id}@pipeline`)).split("END:VEVENT")[0]!;
    expect(eventOf(job.purchase.id)).toContain("DURATION:PT3H15M");
    expect(eventOf(typed.purchase.id)).toContain("DURATION:PT2H");
  });
});

describe("what has changed since the offer", () => {
  it("when who comes was booked on another job at that time since, then the pick is refused and nothing is booked", async () => {
    const first = await jobAt("called");
    const second = await jobAt("called");
    await offer(first, [THREE[0]!]);
    await offer(second, [THREE[0]!]);
    expect((await pick(first, (await page(first)).booking!.windows[0]!.id)).status).toBe(200);
    const taken = await pick(second, (await page(second)).booking!.windows[0]!.id);
    expect([taken.status, taken.body.message]).toEqual([409, WINDOW_MESSAGES.windowTaken]);
    expect((await rowOf(second)).salesStage).toBe("called");
  });

  it("when a time was agreed by phone and typed on the card since the offer, then the page offers no pick and a pick is refused", async () => {
    const job = await jobAt("called");
    await offer(job);
    const [window] = (await page(job)).booking!.windows;
    const typed = await agents.owner
      .patch(`/api/lead-purchases/${job.purchase.id}/sales-stage`)
      .send({ salesStage: "booked_in", jobStartsAt: "2026-12-05T08:00", version: await versionOf(job) });
    expect(typed.status).toBe(200);
    const view = await page(job);
    expect(view.actions).not.toContain("pick_window");
    expect(view.booking!.windows).toEqual([]);
    expect((await pick(job, window!.id)).status).toBe(409);
    expect((await rowOf(job)).jobStartsAt).toEqual(sydney("2026-12-05 08:00"));
  });

  it("when the customer closed the request, then no pick, no move and no offer", async () => {
    const job = await jobAt("called");
    await offer(job);
    const [window] = (await page(job)).booking!.windows;
    const closed = await request(ctx.server).post(`/api/jobs/${job.token}/close`).send({ reason: "found_someone" });
    expect(closed.status).toBe(200);
    const view = await page(job);
    expect(view.actions).not.toContain("pick_window");
    expect((await pick(job, window!.id)).status).toBe(409);
    expect((await offer(job)).body.message).toBe(WINDOW_MESSAGES.closed);
  });

  it("when a job booked again after a refund out of Paid is moved by its customer, then it goes back to Called, not to Paid", async () => {
    const job = await jobAt("called");
    await offer(job);
    await pick(job, (await page(job)).booking!.windows[0]!.id);
    // As a refund's move back from Paid writes it (docs/decisions/056).
    await ctx.db.insert(salesStageHistory).values({ purchaseId: job.purchase.id, fromStage: "invoice_paid", toStage: "booked_in", changedBy: null });
    expect((await request(ctx.server).post(`/api/jobs/${job.token}/booking/move`).send({ note: "Away" })).status).toBe(200);
    expect((await rowOf(job)).salesStage).toBe("called");
  });

  it("when a link too long to be real asks for the calendar file, then it is the same 404 as any unknown link", async () => {
    expect((await request(ctx.server).get(`/api/jobs/${"x".repeat(300)}/booking.ics`)).status).toBe(404);
  });
});

describe("messages held through the night", () => {
  it("when an offer waiting for 7:00 am is replaced in the night, then only the newer one is sent", async () => {
    const job = await jobAt("called");
    clock.set(sydney("2026-11-24 22:00"));
    await offer(job, [THREE[0]!]);
    clock.set(sydney("2026-11-24 22:30"));
    await offer(job, [THREE[1]!]);
    clock.set(sydney("2026-11-25 07:00"));
    await send();
    expect(textsTo(job)).toEqual([expect.stringContaining("has offered a time for your job")]);
    const offered = await ctx.db
      .select({ status: outboxMessages.status })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.leadId, job.purchase.leadId), like(outboxMessages.event, "booking.offered:%")))
      .orderBy(outboxMessages.id);
    expect(offered.map((m) => m.status)).toEqual(["dropped", "sent"]);
  });

  it("when the hour-before reminder waits for 7:00 am and the customer moves the booking first, then it is not sent", async () => {
    const job = await jobAt("called");
    await offer(job, [{ date: "2026-12-02", start: "07:30", end: "09:30" }]);
    await pick(job, (await page(job)).booking!.windows[0]!.id);
    await send();
    clock.set(sydney("2026-12-02 06:30"));
    await send();
    expect(await eventsOf(job, "job.hour-before:")).toHaveLength(1);
    clock.set(sydney("2026-12-02 06:45"));
    await request(ctx.server).post(`/api/jobs/${job.token}/booking/move`).send({ note: "Sick kid" });
    clock.set(sydney("2026-12-02 07:00"));
    await send();
    expect(textsTo(job).filter((t) => t.startsWith("Reminder:"))).toEqual([]);
  });
});

describe("changes, each told once", () => {
  it("when none of the times suit, then the offer closes with the customer's words (contact details masked on the page), Dave is told, and new times can be offered", async () => {
    const job = await jobAt("called");
    await offer(job);
    const res = await request(ctx.server)
      .post(`/api/jobs/${job.token}/booking/other-times`)
      .send({ note: "Any weekday after 3pm, or text me on 0412 345 678" });
    expect([res.status, res.body.message]).toEqual([200, WINDOW_MESSAGES.askedOtherTimes]);
    const view = await page(job);
    expect(view.actions).not.toContain("pick_window");
    expect(view.booking!.lastChange).toMatchObject({ kind: "other_times" });
    expect(view.booking!.lastChange!.note).not.toContain("345");
    expect((await card(job)).offer).toMatchObject({ status: "other_times", customerNote: "Any weekday after 3pm, or text me on 0412 345 678" });
    expect((await noticesTo(owner.id)).filter((n) => n.event.startsWith("booking.other-times:"))).toHaveLength(1);
    expect((await offer(job, [{ date: "2026-12-03", start: "15:00", end: "17:00" }])).status).toBe(201);
    expect((await page(job)).booking!.lastChange).toBeNull();
  });

  it("when the customer cannot make the booked time, then it is given up (back to Called, no time), a waiting booking SMS is withdrawn, and Dave is told once", async () => {
    clock.set(sydney("2026-11-24 22:00"));
    const job = await jobAt("called");
    clock.set(sydney("2026-11-24 22:00"));
    await offer(job);
    await pick(job, (await page(job)).booking!.windows[0]!.id);
    const res = await request(ctx.server).post(`/api/jobs/${job.token}/booking/move`).send({ note: "Called into work that day" });
    expect([res.status, res.body.booking.booked]).toEqual([200, null]);
    const row = await rowOf(job);
    expect([row.salesStage, row.jobStartsAt, row.jobEndsAt]).toEqual(["called", null, null]);
    // Held through quiet hours, the booking's SMS never goes.
    clock.set(sydney("2026-11-25 07:00"));
    await send();
    expect(textsTo(job).filter((t) => t.includes("has booked your job"))).toEqual([]);
    const reference = (await page(job)).jobReference;
    expect((await noticesTo(owner.id)).filter((n) => n.event.startsWith("booking.customer-moved:") && n.title.includes(reference))).toHaveLength(1);
    expect((await page(job)).booking!.lastChange).toMatchObject({ kind: "customer_moved", note: "Called into work that day" });
    const twice = await request(ctx.server).post(`/api/jobs/${job.token}/booking/move`).send({ note: "again" });
    expect(twice.status).toBe(409);
  });

  it("when Dave moves a booked time, then he must say why; with a reason the old time is given up, new windows are offered and the customer gets one SMS saying so", async () => {
    const job = await jobAt("called");
    await offer(job);
    await pick(job, (await page(job)).booking!.windows[0]!.id);
    await send();
    const noReason = await offer(job, [{ date: "2026-12-04", start: "09:00", end: "11:00" }]);
    expect([noReason.status, noReason.body.message]).toEqual([400, WINDOW_MESSAGES.reasonNeeded]);
    const moved = await offer(job, [{ date: "2026-12-04", start: "09:00", end: "11:00" }], { reason: "a part is late" });
    expect(moved.status).toBe(201);
    expect(moved.body.version).toBe(await versionOf(job));
    expect((await rowOf(job)).salesStage).toBe("called");
    await send();
    expect(textsTo(job).slice(2)).toEqual([
      expect.stringMatching(/^Dave from Sparky Bros Electrical needs to move your booking \(a part is late\)\. Pick a new time: https:/),
    ]);
    const view = await page(job);
    expect(view.booking!.windows).toHaveLength(1);
    expect(view.booking!.lastChange).toMatchObject({ kind: "electrician_moved", note: "a part is late" });
  });

  it("when Dave cancels the booking, then the customer is texted once with the time and the reason and the job leaves Booked In", async () => {
    const job = await jobAt("quote_accepted");
    await offer(job, [THREE[0]!]);
    await pick(job, (await page(job)).booking!.windows[0]!.id);
    await send();
    const res = await agents.owner
      .post(`/api/lead-purchases/${job.purchase.id}/booking/cancel`)
      .send({ reason: "Van broke down", version: await versionOf(job) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await rowOf(job)).salesStage).toBe("quote_accepted");
    await send();
    expect(textsTo(job).slice(2)).toEqual([
      expect.stringMatching(
        /^Dave from Sparky Bros Electrical has cancelled the booking for 9:00 am - 11:00 am Wed 2 Dec \(Van broke down\)\. Your job: https:/,
      ),
    ]);
    const again = await agents.owner.post(`/api/lead-purchases/${job.purchase.id}/booking/cancel`).send({ reason: "x", version: await versionOf(job) });
    expect([again.status, again.body.message]).toEqual([409, WINDOW_MESSAGES.noBooking]);
  });
});

describe("the hour before", () => {
  it("when a picked window is an hour away, then the customer is reminded once with the window; a typed time gets no such reminder", async () => {
    clock.set(sydney("2026-11-24 10:00"));
    const job = await jobAt("called");
    await offer(job, [THREE[1]!]);
    await pick(job, (await page(job)).booking!.windows[0]!.id);
    const typed = await jobAt("booked_in", {}, { jobStartsAt: sydney("2026-12-02 13:00") });
    await send();
    clock.set(sydney("2026-12-02 11:59"));
    await send();
    expect(await eventsOf(job, "job.hour-before:")).toEqual([]);
    clock.set(sydney("2026-12-02 12:00"));
    await send();
    await send();
    expect(await eventsOf(job, "job.hour-before:")).toEqual([`job.hour-before:${job.purchase.id}:2026-12-02T02:00:00.000Z`]);
    expect(textsTo(job).at(-1)).toBe(
      "Reminder: Dave from Sparky Bros Electrical is coming 1:00 pm - 3:30 pm Wed 2 Dec. To change it, call 02 9876 5432. - Aussie Electricians, 1300 555 123",
    );
    expect(await eventsOf(typed, "job.hour-before:")).toEqual([]);
  });
});
