// "No one has contacted me" sent to two app instances on one PostgreSQL at the same moment
// (docs/decisions/049-missed-promises-and-refunds.md): the lead is relisted once, with one new
// listing, one exclusion, one alert outbox row, one market event and one SMS.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { alertOutbox, leadExclusions, leadPurchases, leads, marketEvents, outboxMessages } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { createUser } from "../../setup/factories";
import { createTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { describeOnPostgres } from "../../test/postgres-only";

describeOnPostgres("a missed promise reported through two app instances at once", () => {
  // Monday 23 November 2026, 12:00 in Sydney; the sale was at 09:00, promised by 11:00.
  const clock = new Date("2026-11-23T01:00:00.000Z");
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

  it("when both instances take the report at once, then exactly one relists and the other answers 409", async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await createUser(a.db);
      const { lead, token, sale } = await soldLead(a.db, buyer.id, {
        createdAt: new Date(clock.getTime() - 4 * 3600_000),
        purchasedAt: new Date(clock.getTime() - 3 * 3600_000),
      });
      const answers = await Promise.all([a.app, b, a.app, b].map((app) => request(app).post(`/api/jobs/${token}/not-contacted`).send({})));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);

      const [relisted] = await a.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(relisted).toMatchObject({ status: "available", listing: 2 });
      const released = await a.db.select().from(leadPurchases).where(eq(leadPurchases.id, sale.id));
      expect(released[0]!.releaseReason).toBe("missed_promise");
      expect(await a.db.select().from(leadExclusions).where(eq(leadExclusions.leadId, lead.id))).toHaveLength(1);
      expect(await a.db.select().from(alertOutbox).where(eq(alertOutbox.leadId, lead.id))).toMatchObject([{ listing: 2 }]);
      const added = await a.db
        .select()
        .from(marketEvents)
        .where(and(eq(marketEvents.leadId, lead.id), eq(marketEvents.type, "lead.added")));
      expect(added).toHaveLength(1);
      const sms = await a.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.event, `promise.missed:${sale.id}`), eq(outboxMessages.channel, "sms")));
      // Once to the customer, and once to the buyer's account mobile: the lost job's notice (docs/decisions/081-notices-on-the-dashboard.md).
      const to = (phone: string | null) => `sms:${(phone ?? "").replace(/\D/g, "")}`;
      expect(sms.map((m) => m.recipient).sort()).toEqual([to(lead.customerPhone), to(buyer.phone)].sort());
    }
  }, 60_000);
});
