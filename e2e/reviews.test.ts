// Reviews in Chromium on a phone (docs/decisions/062-review-screens.md): a paid job's customer
// writes a review on the job page (stars, text, an aspect), a reload keeps what they typed, a
// wrong code is refused without losing it, the code from the SMS publishes it with "Verified
// job"; the electrician replies publicly from the card, and the customer's page shows the reply
// by itself; Dave's public profile shows both; reported, the operator hides it for a published
// reason, and the customer's page shows the reason in its place. Three browsers, a page load or
// two each (and one reload).
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, providerSlugs, users } from "../shared/schema";
import { structuralViolations, seriousViolationsIn } from "./support/axe";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { askForQuote } from "./support/quote";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const ADMIN = { username: "operator", password: "op-secret-1" };
const env = useServerAndBrowser({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });

const REVIEW_TEXT =
  "Dave came out the morning after I called, found the fault in the garage circuit in ten minutes and replaced the old ceramic fuses with a proper RCBO board. " +
  "He explained everything, cleaned up after himself and the price was exactly what he quoted.";

describe("reviews on the job page and the card", () => {
  it("when a paid job's customer writes a review with the SMS code, then it is published as a verified job, and the electrician's public reply from the card shows on the customer's page", async () => {
    // A market request in Parramatta, bought by Dave (Sparkright Electrical) and marked Paid.
    const asked = await askForQuote(env.server.url, {
      serviceLocation: "North Parramatta NSW 2151",
      electricalWork: "The garage circuit keeps tripping and the fuse box is the old ceramic kind.",
      customerName: "Harriet Quill",
      customerPhone: "0412 555 909",
    });
    const { jobReference, jobUrl } = asked;
    const token = jobUrl.slice("/job/".length);
    const [lead] = await env.server.db.select().from(leads).where(eq(leads.jobReference, jobReference));
    const { page: dave, context: daveContext } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(daveContext, env.server.url, "dave");
    const sale = await daveContext.request.post(`${env.server.url}/api/leads/${lead!.id}/purchase`, { data: {}, headers: { Origin: env.server.url } });
    expect(sale.status()).toBe(201);
    const { purchase } = (await sale.json()) as { purchase: { id: number; version: number } };
    const paid = await daveContext.request.patch(`${env.server.url}/api/lead-purchases/${purchase.id}/sales-stage`, {
      data: { salesStage: "invoice_paid", version: purchase.version },
      headers: { Origin: env.server.url },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    // The customer's phone: the first code typed is wrong on purpose.
    const { page } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: 400, path: `/api/jobs/${token}/review` }] });
    await page.goto(env.server.url + jobUrl);
    const section = page.getByTestId("job-review");
    await section.getByRole("heading", { name: "Review Sparkright Electrical" }).waitFor();
    const five = section.getByRole("group", { name: "Your rating of Sparkright Electrical" }).getByRole("radio", { name: "5 stars" });
    // The radio fills its star's square: that square is what a thumb hits.
    const star = (await five.boundingBox())!;
    expect(star.width).toBeGreaterThanOrEqual(44);
    expect(star.height).toBeGreaterThanOrEqual(44);
    await five.check();
    await section.getByLabel("Your review").fill(REVIEW_TEXT.slice(0, 12));
    await section.getByTestId("review-count").getByText("12 / 2000 · 8 more characters needed").waitFor();
    await section.getByLabel("Your review").fill(REVIEW_TEXT);
    await section.getByText("Rate the details (optional)").click();
    await section.getByRole("group", { name: "Tidiness" }).getByRole("radio", { name: "4 stars" }).check();
    await expect(structuralViolations(page)).resolves.toEqual([]);

    // A reload on a slow phone loses nothing typed.
    await page.reload();
    await expect(section.getByLabel("Your review").inputValue()).resolves.toBe(REVIEW_TEXT);
    await expect(five.isChecked()).resolves.toBe(true);
    await expect(section.getByRole("group", { name: "Tidiness" }).getByRole("radio", { name: "4 stars" }).isChecked()).resolves.toBe(true);

    // The code goes to the request's mobile; outside production the answer carries it, and the page never shows it.
    const codeAnswer = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/jobs/${token}/review-code`);
    await section.getByRole("button", { name: "Text me a code" }).click();
    const { devCode } = (await (await codeAnswer).json()) as { devCode: string };
    expect(devCode).toMatch(/^\d{6}$/);
    const codeField = section.getByLabel("6-digit code");
    await expect(codeField.getAttribute("autocomplete")).resolves.toBe("one-time-code");
    // The code field, not the page, has the focus, and it is on the screen (docs/decisions/086).
    await page.waitForFunction(() => document.activeElement?.getAttribute("autocomplete") === "one-time-code", null, { timeout: 2000 });
    const onScreen = (await codeField.boundingBox())!;
    expect(onScreen.y).toBeGreaterThanOrEqual(0);
    expect(onScreen.y + onScreen.height).toBeLessThanOrEqual(PHONE.height);
    expect((await page.locator("body").textContent()) ?? "").not.toContain(devCode);
    const wrong = devCode === "000000" ? "111111" : "000000";
    await codeField.fill(wrong);
    await section.getByRole("button", { name: "Publish my review" }).click();
    await section.getByText("That code is not right, or it has expired. Ask for a new code.").waitFor();
    await lookAt(page, { path: "/tmp/shots/e2e-review-code-390.png", fullPage: true });
    await codeField.fill(devCode);
    const published = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/jobs/${token}/review` && res.status() === 201);
    await section.getByRole("button", { name: "Publish my review" }).click();
    const { id: reviewId } = (await (await published).json()) as { id: number };
    await section.getByText("Thanks. Your review is published.").waitFor();
    await section.getByRole("heading", { name: "Your review of Sparkright Electrical" }).waitFor();
    await section.getByText("Verified job").waitFor();
    await section.getByRole("img", { name: "5 out of 5 stars" }).waitFor();
    await section.getByRole("button", { name: "Edit my review" }).waitFor();
    expect(await section.textContent()).toContain("Harriet, North Parramatta NSW");
    expect(await section.textContent()).not.toContain("Quill");
    await lookAt(page, { path: "/tmp/shots/e2e-review-published-390.png", fullPage: true });

    // Dave's card, on the Paid tab: the review, and one public reply.
    await dave.goto(env.server.url + "/dashboard");
    await dave.getByRole("tab", { name: /^Paid/ }).click();
    const card = dave.getByTestId("stage-card").filter({ hasText: "Harriet Quill" });
    const onCard = card.getByTestId("card-review");
    await onCard.getByText(REVIEW_TEXT.slice(0, 60)).waitFor();
    await onCard.getByRole("button", { name: "Reply publicly" }).click();
    await onCard.getByLabel("Your public reply").fill("Thanks Harriet, glad the garage is sorted. Call us any time.");
    await expect(seriousViolationsIn(dave, "[data-testid=card-review]")).resolves.toEqual([]);
    await onCard.getByRole("button", { name: "Publish reply" }).click();
    await onCard.getByTestId("review-reply").getByText("Thanks Harriet, glad the garage is sorted.").waitFor();
    await onCard.getByRole("button", { name: "Edit reply" }).waitFor();
    await lookAt(dave, { path: "/tmp/shots/e2e-review-card-390.png", fullPage: true });

    // The customer's page reads itself again every 4 s: the reply shows with no reload.
    await section.getByTestId("review-reply").getByText("Thanks Harriet, glad the garage is sorted.").waitFor({ timeout: 10_000 });
    await expect(section.getByTestId("review-reply").textContent()).resolves.toContain("Reply from Sparkright Electrical");

    // Dave's public profile, rendered by the server, shows the review and the reply as the public sees them.
    const [daveUser] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
    const [slug] = await env.server.db.select().from(providerSlugs).where(eq(providerSlugs.providerId, daveUser!.id)).orderBy(desc(providerSlugs.createdAt));
    await dave.goto(`${env.server.url}/electricians/${slug!.slug}`);
    const onProfile = dave.locator("li").filter({ hasText: REVIEW_TEXT.slice(0, 60) });
    await onProfile.waitFor();
    expect(await onProfile.textContent()).toContain("Thanks Harriet, glad the garage is sorted.");
    expect(await onProfile.textContent()).toContain("Verified job");

    // Someone reports it; the operator's Reviews tab lists it first with the reason, and hides it for a published one.
    const reported = await fetch(`${env.server.url}/api/reviews/${reviewId}/report`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: env.server.url },
      body: JSON.stringify({ reason: "It gives the street where I live" }),
    });
    expect(reported.status).toBe(202);
    const { page: operator } = await openPage(env.browser, { viewport: DESKTOP });
    await operator.goto(env.server.url + "/admin");
    await operator.getByLabel("Username").fill(ADMIN.username);
    await operator.getByLabel("Password").fill(ADMIN.password);
    await operator.getByRole("button", { name: "Login" }).click();
    await operator.getByRole("tab", { name: "Reviews", exact: true }).click();
    const listed = operator.getByTestId("customer-review-card").first();
    await listed.getByText("It gives the street where I live").waitFor();
    await listed.getByText("1 report").waitFor();
    await expect(seriousViolationsIn(operator, "[data-testid=customer-review-card]")).resolves.toEqual([]);
    await listed.getByLabel("Personal information", { exact: false }).check();
    await listed.getByRole("button", { name: "Hide review" }).click();
    await operator.getByRole("alertdialog").getByRole("button", { name: "Hide review" }).click();
    await listed.getByText("Hidden", { exact: true }).waitFor();
    await lookAt(operator, { path: "/tmp/shots/e2e-review-admin-1280.png", fullPage: true });

    // The customer's page follows by itself: only the published reason, in the review's place.
    await section.getByTestId("review-hidden").getByText("Removed: it held someone's personal information").waitFor({ timeout: 10_000 });
    expect(await section.textContent()).not.toContain(REVIEW_TEXT.slice(0, 40));
  });
});
