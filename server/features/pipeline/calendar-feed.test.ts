// The private calendar feed (docs/decisions/049-missed-promises-and-refunds.md, "The calendar feed")
// on either database: a link shown once and kept only as its hash, a new link stopping the old,
// "Stop this link", the same 404 for every link that does not work, and an RFC 5545 calendar of
// the team's booked jobs only, with its headers and its per-IP limit.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_FEED_MESSAGES } from "../../../shared/calendar-feed";
import { calendarFeeds, leads, users, type LeadPurchase, type NewLead, type User } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { useTestApp, withTestApp } from "../../test/app";
import { createCast, signIn, type CastRole } from "../../test/sign-in";

const ORIGIN = "https://sparks.example.com.au";
// 10:00 am on Tuesday 24 November 2026 in Sydney.
const NOW = new Date("2026-11-23T23:00:00Z");
const ctx = useTestApp({ now: () => NOW, env: { PUBLIC_URL: ORIGIN } });
let owner: User;
let agents: Record<CastRole, request.Agent>;

beforeAll(async () => {
  ({
    people: { owner },
    agents,
  } = await createCast(ctx, { owner: { firstName: "Dave", companyName: "Sparky Bros Electrical" } }));
});

const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
/** A booked job of `buyer`'s starting `days` from now. */
function bookedJob(buyer: User, days: number, lead: Partial<NewLead> = {}, purchase: Partial<LeadPurchase> = {}) {
  return createPurchase(ctx.db, buyer.id, {
    lead: {
      customerName: "Jane Citizen",
      customerPhone: "0412345678",
      customerAddress: "12 Smith St, Parramatta NSW 2150",
      suburb: "Parramatta",
      serviceType: "repair",
      ...lead,
    },
    purchase: { buyerName: "Buyer", salesStage: "booked_in", jobStartsAt: at(days), ...purchase },
  });
}

const newLink = async (agent: request.Agent) => {
  const res = await agent.post("/api/calendar-feed");
  expect(res.status).toBe(201);
  return res.body as { url: string; httpsUrl: string; createdAt: string };
};
const feedPath = (link: { httpsUrl: string }) => new URL(link.httpsUrl).pathname;
const fetchFeed = (path: string) => request(ctx.server).get(path);
/** The calendar with its folded lines joined again (RFC 5545 section 3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");
const eventsOf = (ics: string) => {
  const lines = unfolded(ics);
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT") {
      events.push(current!);
      current = null;
    } else if (current) current[line.slice(0, line.indexOf(":"))] = line.slice(line.indexOf(":") + 1);
  }
  return events;
};

describe("making and stopping the link", () => {
  it("when the owner makes a link, then a webcal and an https address with a 192-bit token, kept only as its SHA-256", async () => {
    const link = await newLink(agents.owner);
    const token = /^webcal:\/\/sparks\.example\.com\.au\/api\/calendar\/([A-Za-z0-9_-]{32})\.ics$/.exec(link.url)?.[1];
    expect(token, link.url).toBeDefined();
    expect(link.httpsUrl).toBe(`${ORIGIN}/api/calendar/${token}.ics`);
    expect(link.createdAt).toBe(NOW.toISOString());
    const rows = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner.id));
    expect(rows.filter((r) => r.revokedAt === null)).toMatchObject([{ tokenHash: createHash("sha256").update(token!).digest("hex") }]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await agents.owner.get("/api/calendar-feed")).body).toEqual({ active: true, createdAt: NOW.toISOString() });
  });

  it("when a new link is made, then the old one is 404 and the new one works; stopped, neither works", async () => {
    const first = await newLink(agents.owner);
    const second = await newLink(agents.owner);
    expect((await fetchFeed(feedPath(first))).status).toBe(404);
    expect((await fetchFeed(feedPath(second))).status).toBe(200);
    const stopped = await agents.owner.delete("/api/calendar-feed");
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ message: CALENDAR_FEED_MESSAGES.stopped });
    const gone = await fetchFeed(feedPath(second));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: CALENDAR_FEED_MESSAGES.notFound });
    expect((await agents.owner.get("/api/calendar-feed")).body).toEqual({ active: false, createdAt: null });
  });

  it("when the address is unknown, malformed, without .ics or very long, then the same 404, never a 400 that says why", async () => {
    for (const path of [
      `/api/calendar/${"a".repeat(32)}.ics`,
      "/api/calendar/short.ics",
      `/api/calendar/${"a".repeat(32)}`,
      `/api/calendar/${"a".repeat(5000)}.ics`,
      `/api/calendar/${"a".repeat(32)}.ICS`,
    ]) {
      const res = await fetchFeed(path);
      expect(res.status, path).toBe(404);
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
  });

  it("when the account is deactivated, or a team member's owner is, then their link is 404", async () => {
    const gone = await createUser(ctx.db);
    const link = await newLink(await signIn(ctx.server, gone.username));
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    expect((await fetchFeed(feedPath(link))).status).toBe(404);

    const boss = await createUser(ctx.db);
    const worker = await createUser(ctx.db, { userType: "team_member", teamOwnerId: boss.id });
    const workerLink = await newLink(await signIn(ctx.server, worker.username));
    expect((await fetchFeed(feedPath(workerLink))).status).toBe(200);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, boss.id));
    expect((await fetchFeed(feedPath(workerLink))).status).toBe(404);
  });
});

describe("the feed", () => {
  it("when the team has booked jobs, then each is one VEVENT with a stable UID, a UTC start, 2 hours, the summary, the address and the job's reference and phone", async () => {
    const job = await bookedJob(owner, 1, { customerName: "Zoë O'Brien", suburb: "Wollongong", customerAddress: "3/12 Crown St; rear, Wollongong NSW 2500" });
    const link = await newLink(agents.owner);
    const res = await fetchFeed(feedPath(link));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("private, max-age=300");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    const ics = res.text;
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    // Every physical line within 75 octets (RFC 5545 section 3.1), however long the address.
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const [event] = eventsOf(ics).filter((e) => e.UID === `purchase-${job.id}@pipeline`);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, job.leadId));
    expect(event).toEqual({
      UID: `purchase-${job.id}@pipeline`,
      DTSTAMP: "20261123T230000Z",
      DTSTART: "20261124T230000Z",
      DURATION: "PT2H",
      SUMMARY: "Repair – Zoë\\, Wollongong",
      LOCATION: "3/12 Crown St\\; rear\\, Wollongong NSW 2500",
      DESCRIPTION: `Job ${lead!.jobReference}\\nPhone: 0412 345 678`,
      "LAST-MODIFIED": expect.stringMatching(/^\d{8}T\d{6}Z$/),
    });
    // The surname stays off the summary a phone's lock screen shows.
    expect(event!.SUMMARY).not.toContain("Brien");
  });

  it("when the owner's team member subscribes, then they see the owner's jobs; never another provider's, nor declined, archived, released, refunded, unbooked or out-of-range ones", async () => {
    const shown = [
      await bookedJob(owner, 2),
      await bookedJob(owner, -20, {}, { salesStage: "invoice_paid" }),
      await bookedJob(owner, 300, { source: "provider_manual" }),
    ];
    const hidden = [
      await bookedJob(await createUser(ctx.db), 2),
      await bookedJob(owner, 3, {}, { salesStage: "declined", declineReason: "price" }),
      await bookedJob(owner, 3, {}, { isArchived: true, archivedAt: NOW }),
      await bookedJob(owner, 3, {}, { releasedAt: NOW, releaseReason: "unpurchased" }),
      await bookedJob(owner, 3, {}, { refundedAt: NOW, refundAmount: "40.00" }),
      await bookedJob(owner, 3, {}, { paymentStatus: "pending" }),
      await bookedJob(owner, -31),
      await bookedJob(owner, 367),
      await createPurchase(ctx.db, owner.id, { purchase: { buyerName: "Buyer", salesStage: "booked_in" } }),
    ];
    const uids = eventsOf((await fetchFeed(feedPath(await newLink(agents.member)))).text).map((e) => e.UID);
    for (const job of shown) expect(uids).toContain(`purchase-${job.id}@pipeline`);
    for (const job of hidden) expect(uids).not.toContain(`purchase-${job.id}@pipeline`);
    // The owner's own link lists the same jobs.
    expect(eventsOf((await fetchFeed(feedPath(await newLink(agents.owner)))).text).map((e) => e.UID)).toEqual(uids);
  });

  it("when a job's start moves, then its UID stays the same and its DTSTART follows", async () => {
    const job = await bookedJob(owner, 5);
    const path = feedPath(await newLink(agents.owner));
    const before = eventsOf((await fetchFeed(path)).text).find((e) => e.UID === `purchase-${job.id}@pipeline`)!;
    await agents.owner.patch(`/api/lead-purchases/${job.id}/sales-stage`).send({ jobStartsAt: "2026-12-01T07:15", version: job.version });
    const after = eventsOf((await fetchFeed(path)).text).find((e) => e.UID === `purchase-${job.id}@pipeline`)!;
    expect([before.DTSTART, after.DTSTART]).toEqual(["20261128T230000Z", "20261130T201500Z"]);
  });
});

describe("the feed's per-IP limit", () => {
  it("when one address asks more than RATE_LIMIT_CALENDAR_FEED_PER_IP times in 10 minutes, then 429", async () => {
    await withTestApp({ env: { PUBLIC_URL: ORIGIN, RATE_LIMIT_CALENDAR_FEED_PER_IP: "3" } }, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await request(app.app).get(`/api/calendar/${"b".repeat(32)}.ics`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    });
  });
});
