// The demo's Insights (docs/decisions/067-insights.md): Dave's return on lead spend shows real
// figures from the demo's purchases, his paid tax invoice and his part-paid one.
import { beforeAll, describe, expect, it } from "vitest";
import type { InsightsResponse } from "../../../shared/insights";
import { presetPeriod } from "../../../shared/insights";
import { DEMO_PASSWORD } from "../../setup/demo-data";
import { demoLoginLines, seedDemo } from "../../setup/seed";
import { useTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";

const ctx = useTestApp({ suburbs: true, startAlertWorker: false });

beforeAll(async () => {
  await seedDemo(ctx.db);
});

describe("the demo's Insights", () => {
  it("when Dave opens the last 90 days, then his five leads, their cost and the paid jobs' revenue ex-GST show, and start-up says where", async () => {
    const period = presetPeriod("last90", new Date());
    const agent = await signIn(ctx.server, "dave", DEMO_PASSWORD);
    const res = await agent.get(`/api/insights?from=${period.from}&to=${period.to}`);
    expect(res.status).toBe(200);
    const body = res.body as InsightsResponse;
    // 48.50 + 52.00 + 61.20 + 44.40 + 58.00
    expect(body).toMatchObject({ leadsBought: 5, spend: "264.10", paid: 1, booked: 2, accepted: 2, quoted: 3, contacted: 4 });
    // The paid switchboard invoice (1,500.00 + GST) and 450.00 paid on a 726.00 invoice (660.00 + GST; 300.00 by
    // transfer, 150.00 by card, since disputed by the customer's bank but not yet decided): 1,500.00 + 409.09.
    expect(body.revenue).toBe("1909.09");
    expect(body.returnOnSpend).toBe(7.23);
    expect(body.medianMinutesToContact).toBe(360);
    // Nobody else sells near Parramatta in the demo: no median of fewer than 5.
    expect(body.peer).toBeNull();
    expect(demoLoginLines("http://localhost:5000").join("\n")).toContain("Dashboard > Insights");
  });
});
