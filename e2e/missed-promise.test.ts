// A missed contact promise in Chromium on a phone (docs/decisions/049-missed-promises-and-refunds.md):
// Dave buys an emergency request and never calls; once the promise has passed (the sale moved an
// hour back in the database), the customer taps "No one has contacted me", confirms, and is told
// we are finding another electrician. The request is at once on another Parramatta
// electrician's market and not on Dave's, whose board keeps it as "Lost: missed promise".
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leadPurchases } from "../shared/schema";
import { createLead, createUser, TEST_PASSWORD } from "../server/setup/factories";
import { createJobLink } from "../server/core/job-links";
import { structuralViolations } from "./support/axe";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

const PARRAMATTA = { latitude: "-33.81355710", longitude: "151.00340700" };

describe("a missed promise", () => {
  it("when the promise passed with nothing logged and the customer says so, then the request goes to another electrician's market and leaves the buyer's", async () => {
    const { db, url } = env.server;
    // An emergency (promised within 30 minutes, day or night) in Parramatta, with its customer's link.
    const lead = await createLead(db, { urgency: "emergency", serviceType: "emergency", ...PARRAMATTA });
    const token = (await createJobLink(db, lead.id, new Date())).slice("/job/".length);

    const dave = await openPage(env.browser, { viewport: PHONE });
    await signInContext(dave.context, url, "dave");
    const sale = await dave.context.request.post(`${url}/api/leads/${lead.id}/purchase`, { data: {}, headers: { Origin: url } });
    expect(sale.status()).toBe(201);
    // An hour goes by and Dave logs nothing.
    await db
      .update(leadPurchases)
      .set({ purchasedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(leadPurchases.leadId, lead.id));

    const customer = await openPage(env.browser, { viewport: PHONE });
    await customer.page.goto(`${url}/job/${token}`);
    const report = customer.page.getByTestId("not-contacted");
    await report.getByText("Haven't heard from Sparkright Electrical?").waitFor();
    await lookAt(customer.page, { path: "/tmp/shots/e2e-missed-promise-offer-390.png", fullPage: true });
    await report.getByRole("button", { name: "No one has contacted me" }).click();
    const confirm = customer.page.getByRole("alertdialog");
    await confirm.getByText("No one has contacted you?").waitFor();
    await confirm.getByRole("button", { name: "Yes, no one has contacted me" }).click();
    await customer.page.getByText("We've taken your job back from the electrician who didn't contact you").waitFor();
    await customer.page.getByRole("heading", { name: "We're finding you a licensed electrician" }).waitFor();
    await expect(customer.page.getByTestId("electrician-card").count()).resolves.toBe(0);
    await expect(customer.page.getByRole("button", { name: "No one has contacted me" }).count()).resolves.toBe(0);
    await lookAt(customer.page, { path: "/tmp/shots/e2e-missed-promise-relisted-390.png", fullPage: true });
    await expect(structuralViolations(customer.page)).resolves.toEqual([]);

    // Another electrician in Parramatta sees it on their market now.
    const rivalUser = await createUser(db, {
      serviceLocation: "Parramatta NSW 2150",
      serviceLatitude: PARRAMATTA.latitude,
      serviceLongitude: PARRAMATTA.longitude,
      serviceRadius: 20,
    });
    const rival = await openPage(env.browser, { viewport: PHONE });
    await signInContext(rival.context, url, rivalUser.username, TEST_PASSWORD);
    await rival.page.goto(`${url}/dashboard`);
    await rival.page.getByTestId("lead-card").filter({ hasText: lead.jobReference }).waitFor();
    await lookAt(rival.page, { path: "/tmp/shots/e2e-missed-promise-rival-market-390.png", fullPage: true });

    // Dave's market lists Parramatta's other leads but never this one.
    await dave.page.goto(`${url}/dashboard`);
    await dave.page.getByTestId("lead-card").first().waitFor();
    // The loss stands above his pipeline until he dismisses it (docs/decisions/081-notices-on-the-dashboard.md):
    // the newest notice, it is what the line of notices says, and the line opens to it (docs/decisions/091-purchase-in-view.md).
    const line = dave.page.getByTestId("notice-line").locator("summary");
    await line.getByText(`Lost: missed promise, ${lead.jobReference}`).waitFor();
    await line.click();
    const notice = dave.page
      .getByTestId("dashboard-notices")
      .getByRole("status")
      .filter({ hasText: `Lost: missed promise, ${lead.jobReference}` });
    await notice.waitFor();
    await lookAt(dave.page, { path: "/tmp/shots/e2e-missed-promise-notice-390.png" });
    const dismiss = notice.getByRole("button", { name: `Dismiss: Lost: missed promise, ${lead.jobReference}` });
    expect((await dismiss.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await dismiss.click();
    await expect.poll(() => notice.count()).toBe(0);
    await dave.page.reload();
    await dave.page.getByTestId("lead-card").first().waitFor();
    await expect(notice.count()).resolves.toBe(0);
    await expect(dave.page.getByTestId("lead-card").filter({ hasText: lead.jobReference }).count()).resolves.toBe(0);
    // His board keeps it, lost, under Declined.
    await dave.page.getByRole("tab", { name: /Declined/ }).click();
    const lost = dave.page.getByTestId("lost-card").filter({ hasText: lead.jobReference });
    await lost.getByText("Lost: missed promise").waitFor();
    await lookAt(dave.page, { path: "/tmp/shots/e2e-missed-promise-lost-390.png", fullPage: true });
  });
});
