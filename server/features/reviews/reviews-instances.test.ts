// Reviews written at once through two app instances on one PostgreSQL (docs/decisions/058-reviews.md):
// one review per job whatever the race, the counts exact after many written together, and one
// invitation and one reminder per job however many instances sweep (docs/decisions/059).
import { eq, like } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ReviewPolicyFigures } from "../../../shared/reviews";
import { outboxMessages, reviews } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { createUser } from "../../setup/factories";
import { createTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { describeOnPostgres } from "../../test/postgres-only";
import { sweepInvitations } from "./invitations";

describeOnPostgres("reviews written through two app instances at once", () => {
  const clock = new Date("2026-11-23T01:00:00.000Z");
  const HOUR = 3600_000;
  const env = { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000", RATE_LIMIT_SMS_PER_IP: "100000", RATE_LIMIT_SMS_PER_PHONE: "100000" };
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let secondConnection: Database;
  let b: ReturnType<typeof createApp>;
  let phones = 0;
  let later = 0;
  const deps = (db: Database["db"]) => ({
    db,
    now: () => new Date(clock.getTime() + later),
    origin: "https://example.test",
    sitePhone: "1300 000 000",
    secret: "x".repeat(40),
  });

  beforeAll(async () => {
    a = await createTestApp({ now: () => clock, startAlertWorker: false, env });
    secondConnection = await openDatabase({ url: a.database.url });
    b = createApp({ database: secondConnection, config: a.config, now: () => clock, startAlertWorker: false });
  });
  afterAll(async () => {
    await b.close();
    await secondConnection.close();
    await a.destroy();
  });

  async function paidJob(buyerId: number) {
    const mobile = `04${String(20_000_000 + ++phones * 7919).slice(-8)}`;
    return soldLead(
      a.db,
      buyerId,
      { createdAt: new Date(clock.getTime() - 50 * HOUR), purchasedAt: new Date(clock.getTime() - 48 * HOUR) },
      { purchase: { salesStage: "invoice_paid", invoicePaidAt: new Date(clock.getTime() - HOUR) }, lead: { customerPhone: mobile } },
    );
  }
  const codeFor = async (token: string) => ((await request(a.app).post(`/api/jobs/${token}/review-code`).send({})).body as { devCode: string }).devCode;
  const body = (code: string, rating: number) => ({ code, rating, text: "Good, careful work and a fair price for it." });

  it("when one job's review is sent to both instances at once, then exactly one is written", async () => {
    const electrician = await createUser(a.db);
    for (let round = 0; round < 5; round++) {
      const { token, sale } = await paidJob(electrician.id);
      const code = await codeFor(token);
      const answers = await Promise.all(
        [a.app, b, a.app, b].map((app, i) =>
          request(app)
            .post(`/api/jobs/${token}/review`)
            .send(body(code, i + 1)),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      // The others: the job was reviewed (409), or its code was already spent by the winner (400).
      expect(statuses.filter((s) => s !== 201).every((s) => s === 409 || s === 400)).toBe(true);
      expect(await a.db.select().from(reviews).where(eq(reviews.purchaseId, sale.id))).toHaveLength(1);
    }
  }, 60_000);

  it("when many jobs of one electrician are reviewed at once on both instances, then the count and the average are exact", async () => {
    const electrician = await createUser(a.db);
    const before = (await request(a.app).get("/api/reviews/policy-figures")).body as ReviewPolicyFigures;
    const ratings = [5, 4, 3, 5, 2, 5, 4, 1, 5, 3];
    const jobs = await Promise.all(ratings.map(() => paidJob(electrician.id)));
    const codes = await Promise.all(jobs.map((j) => codeFor(j.token)));
    const answers = await Promise.all(
      jobs.map((j, i) =>
        request(i % 2 ? b : a.app)
          .post(`/api/jobs/${j.token}/review`)
          .send(body(codes[i]!, ratings[i]!)),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(ratings.map(() => 201));
    const rows = await a.db.select().from(reviews).where(eq(reviews.providerId, electrician.id));
    expect(rows).toHaveLength(ratings.length);
    expect(rows.reduce((sum, r) => sum + r.rating, 0)).toBe(ratings.reduce((x, y) => x + y, 0));
    const after = (await request(b).get("/api/reviews/policy-figures")).body as ReviewPolicyFigures;
    expect(after.published).toBe(before.published + ratings.length);
  }, 60_000);

  it("when both instances sweep the invitations at once, then each job gets one invitation and one reminder", async () => {
    const electrician = await createUser(a.db);
    const jobs = await Promise.all([1, 2, 3].map(() => paidJob(electrician.id)));
    const sweepBoth = () => Promise.all([sweepInvitations(deps(a.db)), sweepInvitations(deps(secondConnection.db)), sweepInvitations(deps(a.db))]);
    await sweepBoth();
    later = 3 * 86_400_000;
    await sweepBoth();
    later = 9 * 86_400_000;
    await sweepBoth();
    later = 0;
    for (const j of jobs) {
      const sent = await a.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.event, `review.%:${j.sale.id}`));
      expect(sent.map((m) => m.event).sort()).toEqual([`review.invite:${j.sale.id}`, `review.reminder:${j.sale.id}`]);
    }
  }, 60_000);
});
