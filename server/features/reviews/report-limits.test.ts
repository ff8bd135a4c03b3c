// One person cannot bury a review in reports (docs/decisions/075-limits-and-edges.md), over HTTP on
// either database: a report per review per person or device and per address a day; a repeat
// answers 200 with the report already made, and the operator counts reporters, not requests.
import { eq } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../shared/reviews";
import { reviewReports, reviews } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { adminAuth, signIn, useOperatorApp } from "../../test/sign-in";

const DAY = 86_400_000;
let clock = new Date("2026-11-24T01:00:00.000Z");
const ctx = useOperatorApp({ now: () => clock, startAlertWorker: false, env: { TRUST_PROXY: "1", RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000" } });
let reviewId: number;

beforeAll(async () => {
  const provider = await createUser(ctx.db);
  const purchase = await createPurchase(ctx.db, provider.id);
  const [row] = await ctx.db
    .insert(reviews)
    .values({
      purchaseId: purchase.id,
      leadId: purchase.leadId,
      providerId: provider.id,
      rating: 5,
      text: "Tidy, on time and explained everything.",
      customerFirstName: "Karen",
      editableUntil: new Date(clock.getTime() + 7 * DAY),
    })
    .returning();
  reviewId = row!.id;
});

const report = (agent: request.Agent | ReturnType<typeof request>, ip: string, reason = "Not a real customer") =>
  (agent as request.Agent).post(`/api/reviews/${reviewId}/report`).set("X-Forwarded-For", ip).send({ reason });
const stored = () => ctx.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));

describe("reports of one review", () => {
  it("when one browser reports again and again, and others share its address, then one report each per device and per address a day", async () => {
    const browser = request.agent(ctx.server);
    const first = await report(browser, "203.0.113.10");
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ message: REVIEW_MESSAGES.reported, report: { reason: "Not a real customer" } });
    expect(String(first.headers["set-cookie"])).toMatch(/ae\.reporter=[A-Za-z0-9_-]{32}; .*HttpOnly/);
    for (let i = 0; i < 20; i++) {
      const again = await report(browser, `198.51.100.${i}`, `Again ${i}`);
      expect(again.status).toBe(200);
      expect(again.body.report).toEqual(first.body.report);
    }
    // Anonymous requests without cookies from one address: the address counts, once a day, and
    // no one else behind it is shown the first person's report.
    for (let i = 0; i < 10; i++) {
      const bare = await report(request(ctx.server), "203.0.113.10", `From a script ${i}`);
      expect(bare.status).toBe(200);
      expect(bare.body).toEqual({ message: REVIEW_MESSAGES.reported });
    }
    expect(await stored()).toHaveLength(1);

    // Someone else, elsewhere: a report of their own.
    const other = await report(request.agent(ctx.server), "192.0.2.44", "Mentions my address");
    expect(other.status).toBe(202);
    // A signed-in provider counts as themselves, from any address.
    const provider = await createUser(ctx.db);
    const signedIn = await signIn(ctx.server, provider.username);
    expect((await report(signedIn, "192.0.2.45")).status).toBe(202);
    expect((await report(signedIn, "192.0.2.46")).status).toBe(200);
    // The next day the first address may report again, from a new device.
    clock = new Date(clock.getTime() + DAY);
    expect((await report(request.agent(ctx.server), "203.0.113.10", "Still fake")).status).toBe(202);
    expect(await stored()).toHaveLength(4);

    // A day on, the operator signs in again (their token lasts 12 hours).
    const tab = await request(ctx.server)
      .get("/api/admin/customer-reviews")
      .set("Authorization", await adminAuth(ctx.server));
    expect(tab.body.reviews.find((r: { id: number }) => r.id === reviewId)).toMatchObject({ openReports: 4 });
  });
});
