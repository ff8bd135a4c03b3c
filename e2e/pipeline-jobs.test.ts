// "Run the jobs" in Chromium (docs/decisions/031, 084): a booked date shows on the card with its
// calendar file, the owner assigns and declines on a phone and the team member sees it, and a
// stage move is undone. "Never lose work" is e2e/pipeline-work.test.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { salesStageHistory } from "../shared/schema";
import { downloadedText, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt } from "./support/look";
import { pipelineCards, seriousViolationsIn, WIDE } from "./support/pipeline-cards";

const env = useServerAndBrowser();
const { davesJob, cardFor, stored, signedIn, openTab, newPartsFit } = pipelineCards(env);

describe("run the jobs", () => {
  it("when Booked In gets a date and time, then the card shows it and offers the calendar file", async () => {
    const customer = await davesJob("booked_in", "Booking");
    for (const viewport of [PHONE, WIDE]) {
      const page = await signedIn("dave", viewport, "Booked In");
      const card = cardFor(page, customer);
      if (viewport === PHONE) {
        await card.getByLabel("Job date and time, Sydney time (NSW)").fill("2026-12-03T09:30");
        await card.getByLabel("Follow up on").fill("2026-12-01");
        await card.getByRole("button", { name: "Save" }).click();
        await card.getByRole("button", { name: "Saved" }).waitFor();
      }
      await expect.poll(() => card.getByTestId("job-booked-for").textContent()).toMatch(/^Booked for 3 Dec 2026, 9:30\s?am$/);
      await card.scrollIntoViewIfNeeded();
      await lookAt(page, { path: `/tmp/shots/work-booked-${viewport.width}.png`, fullPage: viewport === WIDE });
      expect(await newPartsFit(page, customer)).toBe(true);
      expect(await seriousViolationsIn(page, "[data-testid=job-fields]")).toEqual([]);
      if (viewport === WIDE) {
        const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: "Add to calendar" }).click()]);
        const ics = await downloadedText(download);
        expect(ics).toContain("DTSTART:20261202T223000Z");
        expect(ics).toContain("LOCATION:Parramatta NSW 2150");
      }
    }
  });

  it("when the owner assigns and declines on a phone, then the team member sees the job first and the reason is kept", async () => {
    const assigned = await davesJob("called", "Assigned");
    const overdue = await davesJob("called", "Overdue", "2020-01-06");
    const declined = await davesJob("called", "Declined");
    const dave = await signedIn("dave", PHONE, "Called");
    await expect.poll(() => dave.getByTestId("overdue-follow-ups").textContent()).toMatch(/^Overdue follow-ups: [1-9]/);
    // Due follow-ups come first for the owner; the overdue card says so.
    expect(await dave.getByTestId("stage-card").first().textContent()).toContain(overdue);
    expect(await cardFor(dave, overdue).getByTestId("follow-up-state").textContent()).toBe("Follow-up overdue");

    await cardFor(dave, assigned).getByLabel("Assigned to").selectOption({ label: "Tom Baker" });
    await dave.getByText("Job assigned", { exact: true }).first().waitFor();

    await cardFor(dave, declined).getByLabel("Sales stage").selectOption("declined");
    const dialog = dave.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("button", { name: "Decline job" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Other").check();
    await dialog.getByLabel("What happened? (optional)").fill("Went with his brother-in-law, who is a sparky");
    await lookAt(dave, { path: "/tmp/shots/work-decline-390.png" });
    expect(await seriousViolationsIn(dave, "[role=dialog]")).toEqual([]);
    await dialog.getByRole("button", { name: "Decline job" }).click();
    await dave.getByText("Sales stage updated", { exact: true }).first().waitFor();
    await openTab(dave, "Declined");
    await expect
      .poll(() => cardFor(dave, declined).getByTestId("decline-reason").textContent())
      .toBe("Declined: Other: Went with his brother-in-law, who is a sparky");
    expect(await stored(declined)).toMatchObject({ salesStage: "declined", declineReason: "other" });

    const tom = await signedIn("tom", PHONE, "Called");
    await expect.poll(() => tom.getByTestId("stage-card").first().textContent()).toContain(assigned);
    expect(await cardFor(tom, assigned).getByTestId("assigned-to-me").textContent()).toBe("Assigned to you");
    // Team members see every job of the owner's, but no assignment control.
    await cardFor(tom, overdue).waitFor();
    expect(await tom.getByLabel("Assigned to").count()).toBe(0);
  });

  it("when a phone moves the last Purchased card to Called and taps Undo, then it is back in Purchased, both moves are in its history and the view stayed", async () => {
    // The oldest purchase is the last card: its leaving once left the phone on the footer.
    const customer = await davesJob("purchased", "Undo", null, new Date("2020-01-06T00:00:00Z"));
    const page = await signedIn("dave", PHONE, "Purchased");
    const stage = cardFor(page, customer).getByLabel("Sales stage");
    await stage.scrollIntoViewIfNeeded();
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    const footerShows = () => page.evaluate(() => document.querySelector("footer")!.getBoundingClientRect().top < window.innerHeight);
    const before = await scrollY();

    await stage.selectOption("called");
    const notice = page.getByRole("region", { name: /Notifications/ }).locator("li", { hasText: "Sales stage updated" });
    await notice.waitFor();
    await expect.poll(() => cardFor(page, customer).count()).toBe(0);
    // The view stays on the list, not the footer below it, with focus on the card before it, not the document.
    expect(await footerShows()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.closest("[data-testid=stage-card]") !== null)).toBe(true);
    await lookAt(page, { path: "/tmp/shots/work-undo-offered-390.png" });

    await notice.getByRole("button", { name: "Undo" }).click();
    await cardFor(page, customer).waitFor();
    await expect.poll(async () => (await stored(customer))?.salesStage).toBe("purchased");
    expect(Math.abs((await scrollY()) - before), "scroll position after Undo").toBeLessThan(80);
    const { id } = (await stored(customer))!;
    const moves = await env.server.db.select().from(salesStageHistory).where(eq(salesStageHistory.purchaseId, id)).orderBy(salesStageHistory.id);
    expect(moves.map((m) => `${m.fromStage}>${m.toStage}`)).toEqual(["purchased>called", "called>purchased"]);
  });
});
