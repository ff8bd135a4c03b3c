// Two picks at once through two app instances on one PostgreSQL (docs/decisions/102-booking-
// windows.md): the customer taps a window on two phones, or two people holding the link pick
// different windows, and each request reaches another instance. One window is booked, the
// other pick is refused (409), and the customer gets one booking SMS.
import { and, eq, like } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { JobView } from "../../../shared/jobs";
import { bookingWindows, leadPurchases, outboxMessages } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { createUser } from "../../setup/factories";
import { createTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { describeOnPostgres } from "../../test/postgres-only";
import { signIn } from "../../test/sign-in";

describeOnPostgres("two picks of one offer through two app instances at once", () => {
  // Tuesday 24 November 2026, 10:00 in Sydney.
  const clock = new Date("2026-11-23T23:00:00.000Z");
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let secondConnection: Database;
  let b: ReturnType<typeof createApp>;

  beforeAll(async () => {
    a = await createTestApp({ now: () => clock, startAlertWorker: false });
    secondConnection = await openDatabase({ url: a.database.url });
    b = createApp({ database: secondConnection, config: a.config, now: () => clock, startAlertWorker: false });
  });
  afterAll(async () => {
    await b.close();
    await secondConnection.close();
    await a.destroy();
  });

  it("when both instances take a pick at once, then exactly one window is booked, the other pick is 409 and one booking SMS is queued", async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await createUser(a.db, { companyName: `Round ${round} Electrical` });
      const agent = await signIn(a.server, buyer.username);
      const { token, sale } = await soldLead(
        a.db,
        buyer.id,
        { createdAt: new Date(clock.getTime() - 4 * 3600_000), purchasedAt: new Date(clock.getTime() - 3 * 3600_000) },
        { lead: { customerPhone: `04150000${String(round).padStart(2, "0")}`, state: "NSW" }, purchase: { salesStage: "called" } },
      );
      const offered = await agent.post(`/api/lead-purchases/${sale.id}/booking-windows`).send({
        version: sale.version,
        windows: [
          { date: "2026-12-02", start: "09:00", end: "11:00" },
          { date: "2026-12-03", start: "13:00", end: "15:00" },
        ],
      });
      expect(offered.status, JSON.stringify(offered.body)).toBe(201);
      const view = (await request(a.app).get(`/api/jobs/${token}`)).body as JobView;
      const [first, second] = view.booking!.windows;
      const picks = [
        [a.app, first!.id],
        [b, second!.id],
        [b, first!.id],
        [a.app, second!.id],
      ] as const;
      const answers = await Promise.all(picks.map(([app, windowId]) => request(app).post(`/api/jobs/${token}/booking/pick`).send({ windowId })));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);

      const picked = await a.db.select().from(bookingWindows).where(eq(bookingWindows.offerId, offered.body.booking.offer.id));
      const booked = picked.filter((w) => w.pickedAt !== null);
      expect(booked).toHaveLength(1);
      const [row] = await a.db.select().from(leadPurchases).where(eq(leadPurchases.id, sale.id));
      expect([row!.salesStage, row!.jobStartsAt?.getTime(), row!.jobEndsAt?.getTime()]).toEqual([
        "booked_in",
        booked[0]!.startsAt.getTime(),
        booked[0]!.endsAt.getTime(),
      ]);
      const sms = await a.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.leadId, sale.leadId), like(outboxMessages.event, "job.booked:%")));
      expect(sms.map((m) => m.event)).toEqual([`job.booked:${sale.id}:${booked[0]!.startsAt.toISOString()}`]);
    }
  }, 60_000);

  it("when two customers pick the same time of one electrician through two instances at once, then one is booked and the other is told the time was taken", async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await createUser(a.db, { companyName: `Diary ${round} Electrical` });
      const agent = await signIn(a.server, buyer.username);
      const jobs = [];
      for (const customer of [0, 1]) {
        const { token, sale } = await soldLead(
          a.db,
          buyer.id,
          { createdAt: new Date(clock.getTime() - 4 * 3600_000), purchasedAt: new Date(clock.getTime() - 3 * 3600_000) },
          { lead: { customerPhone: `04160${round}${customer}0000`, state: "NSW" }, purchase: { salesStage: "called" } },
        );
        const offered = await agent
          .post(`/api/lead-purchases/${sale.id}/booking-windows`)
          .send({ version: sale.version, windows: [{ date: "2026-12-04", start: "09:00", end: "11:00" }] });
        expect(offered.status, JSON.stringify(offered.body)).toBe(201);
        const view = (await request(a.app).get(`/api/jobs/${token}`)).body as JobView;
        jobs.push({ token, sale, windowId: view.booking!.windows[0]!.id });
      }
      const answers = await Promise.all(
        jobs.map((job, i) =>
          request(i === 0 ? a.app : b)
            .post(`/api/jobs/${job.token}/booking/pick`)
            .send({ windowId: job.windowId }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const stages = await Promise.all(
        jobs.map(async (job) => (await a.db.select().from(leadPurchases).where(eq(leadPurchases.id, job.sale.id)))[0]!.salesStage),
      );
      expect(stages.sort()).toEqual(["booked_in", "called"]);
    }
  }, 60_000);
});
