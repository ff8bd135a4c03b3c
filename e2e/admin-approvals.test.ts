// The operator's answers in Chromium: a prospective electrician's callback is marked contacted and
// approved, and its invitation opens a prefilled sign-up that ends with a licence and an account
// that may buy at once; a provider's bad-lead report is approved with a note and a refund the
// provider then sees on their card. The rest of the operator's journey: e2e/admin.test.ts.
// Screenshots go to /tmp/shots/admin-* with E2E_SHOTS=1.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leadPurchases, users } from "../shared/schema";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { fillLicence } from "./support/licence";
import { shotsOf } from "./support/look";
import { logInAsOperator, signInContext } from "./support/session";

const ADMIN = { username: "operator", password: "op-secret-1" };
const env = useServerAndBrowser({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
const shot = shotsOf("admin");

describe("the operator's answers from /admin", () => {
  it("when the operator approves a callback and a bad-lead report, then the invited electrician signs up ready to buy and the provider sees the refund", async () => {
    const stamp = Date.now().toString(36);
    // A prospective electrician asks for a callback (the public form's call).
    const callback = await fetch(env.server.url + "/api/provider-callbacks", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Jack",
        lastName: "Volt",
        mobile: "0412 777 888",
        email: `jack.${stamp}@example.com`,
        businessName: "Volt Electrical",
        serviceArea: "Parramatta NSW",
      }),
    });
    expect(callback.status).toBe(201);

    // Dave reports his newest purchase as a bad lead from its card, on his phone.
    const dave = await openPage(env.browser, { viewport: PHONE });
    await signInContext(dave.context, env.server.url, "dave");
    const purchases = (await (await dave.context.request.get(env.server.url + "/api/my-purchased-leads")).json()) as Array<{
      id: number;
      amountPaid: string;
      lead: { customerName: string };
    }>;
    const reported = purchases.find((p) => p.lead.customerName === "Greg Thompson")!;
    await dave.page.goto(env.server.url + "/dashboard");
    await dave.page.getByRole("tab", { name: /^Purchased/ }).click();
    const gregCard = dave.page.getByTestId("stage-card").filter({ hasText: "Greg Thompson" });
    await gregCard.getByRole("button", { name: "Report bad lead" }).click();
    const reportDialog = dave.page.getByRole("dialog", { name: "Report bad lead" });
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await reportDialog.getByText("Choose a reason").waitFor();
    await reportDialog.getByLabel("Other").check();
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await reportDialog.getByText("Please tell us what was wrong with this lead").waitFor();
    await reportDialog.getByLabel("Wrong number").check();
    await reportDialog.getByLabel("Details (optional)").fill("Number rings out");
    await shot(dave.page, "report-dialog");
    await reportDialog.getByRole("button", { name: "Send report" }).click();
    await gregCard.getByText("Report pending").waitFor();

    // The operator, on a phone.
    const { page } = await openPage(env.browser, { viewport: PHONE });
    await logInAsOperator(page, env.server.url, ADMIN);

    // Callbacks: contacted, then approved; the invitation link opens a prefilled sign-up.
    await page.getByRole("tab", { name: "Callbacks" }).click();
    const jack = page.getByTestId("callback-card").filter({ hasText: `jack.${stamp}@example.com` });
    await jack.getByRole("button", { name: "Mark contacted Jack Volt" }).click();
    await jack.getByText("Contacted", { exact: true }).waitFor();
    await jack.getByRole("button", { name: "Approve Jack Volt" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
    const link = page.getByLabel("Invitation link");
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/signup\?invitation=[\w-]{43}$/);
    await shot(page, "invitation");
    await page.getByRole("button", { name: "Done" }).click();
    await jack.getByText("Approved", { exact: true }).waitFor();
    await shot(page, "callbacks");

    const invited = await openPage(env.browser, { viewport: PHONE });
    await invited.page.goto(url);
    await invited.page.getByText("You're invited!").waitFor();
    await expect(invited.page.getByLabel("First name").inputValue()).resolves.toBe("Jack");
    await expect(invited.page.getByLabel("Email").inputValue()).resolves.toBe(`jack.${stamp}@example.com`);
    await expect(invited.page.getByLabel("Company name").inputValue()).resolves.toBe("Volt Electrical");
    await shot(invited.page, "invited-signup");
    // The invited electrician finishes with their licence and may buy at once (docs/decisions/033).
    await invited.page.getByLabel("Username").fill(`jack_${stamp}`);
    await invited.page.getByLabel("Password").fill("volt-pass-1");
    await fillLicence(invited.page, { state: "QLD", number: "12345" });
    await invited.page.getByRole("button", { name: "Create Account" }).click();
    await invited.page.waitForURL(env.server.url + "/dashboard");
    await invited.page.getByText("Signed in as").waitFor();
    const [jackUser] = await env.server.db
      .select()
      .from(users)
      .where(eq(users.username, `jack_${stamp}`));
    expect(jackUser).toMatchObject({ verificationStatus: "approved", licenceState: "QLD", licenseNumber: "12345" });
    const standing = await invited.page.evaluate(() => fetch("/api/auth/verification").then((r) => r.json()));
    expect(standing).toMatchObject({ status: "approved", cannotBuy: null });
    await invited.context.close();

    // Reports: approve Dave's report with a note.
    await page.getByRole("tab", { name: "Reports" }).click();
    const reportCard = page.getByTestId("report-card").filter({ hasText: "Greg Thompson" });
    await reportCard.getByText("Wrong number").waitFor();
    await shot(page, "reports");
    await reportCard.getByLabel("Note to the electrician").fill("Number disconnected, refunded");
    await reportCard.getByRole("button", { name: /^Approve and refund/ }).click();
    await page.getByText("Report approved", { exact: true }).waitFor();
    const [refunded] = await env.server.db.select().from(leadPurchases).where(eq(leadPurchases.id, reported.id));
    expect(refunded).toMatchObject({ paymentStatus: "refunded", refundAmount: reported.amountPaid });

    // Dave sees the outcome on his card.
    await dave.page.goto(env.server.url + "/dashboard");
    await dave.page.getByRole("tab", { name: /^Purchased/ }).click();
    await dave.page.getByTestId("stage-card").filter({ hasText: "Greg Thompson" }).getByText(`Report approved: refunded $${reported.amountPaid}`).waitFor();
    await shot(dave.page, "provider-card-refunded");
    await dave.context.close();
    // Finishing the invited sign-up with a licence (docs/decisions/033): past the 60 s default on a busy machine.
  }, 120_000);
});
