// "Never lose work" and "Run the jobs" in Chromium (docs/decisions/031): a typed price
// survives a stage change, notes survive a tab switch and a reload, a second editor is told
// about the newer save, and a booked date shows on the card with its calendar file.
import fs from "node:fs";
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { leadPurchases, leads, salesStageHistory, users } from "../shared/schema";
import { createPurchase } from "../server/setup/factories";
import { downloadedText, openPage, PHONE, type ProvokedError } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();
const WIDE = { width: 1366, height: 900 };

// Long real-world data (docs/decisions/032): a 40-character name, a 50-character e-mail, 300 characters of work.
const LONG_WORK =
  "Replace the old ceramic-fuse switchboard in the garage with a new board with RCBOs on every circuit, move the meter box to the side wall, " +
  "run a new 6 mm circuit to the kitchen for the induction cooktop, add two double power points in the shed and check the smoke alarms.";

let seq = 0;
/** A fresh job of Dave's in `stage`, with long customer details so layouts are tested on real data. */
async function davesJob(stage: "purchased" | "called" | "quote_sent" | "booked_in", tag: string, followUpOn: string | null = null, purchasedAt?: Date) {
  const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
  seq += 1;
  const name = `${tag} Montgomery-Fitzgerald ${seq}`.padEnd(40, "x").slice(0, 40);
  await createPurchase(env.server.db, dave!.id, {
    purchase: { buyerName: "Dave Wilson", salesStage: stage, followUpOn, ...(purchasedAt ? { purchasedAt } : {}) },
    lead: {
      customerName: name,
      customerEmail: `${"alexandra.montgomery-fitzgerald".slice(0, 30)}${seq}@example-longdomain.com.au`.slice(0, 50),
      electricalWork: LONG_WORK.slice(0, 300),
      suburb: "Parramatta",
      state: "NSW",
      postcode: "2150",
      serviceLocation: "Parramatta NSW 2150",
    },
  });
  return name;
}

const cardFor = (page: Page, customer: string) => page.getByTestId("stage-card").filter({ hasText: customer });
const stored = async (customer: string) => {
  const [row] = await env.server.db
    .select({ purchase: leadPurchases })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(eq(leads.customerName, customer));
  return row?.purchase;
};

async function signedIn(username: string, viewport: { width: number; height: number }, tab: string, provoked: ProvokedError[] = []) {
  const { page, context } = await openPage(env.browser, { viewport, provoked });
  await signInContext(context, env.server.url, username);
  await page.goto(env.server.url + "/dashboard");
  await openTab(page, tab);
  return page;
}
const openTab = (page: Page, tab: string) => page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
/**
 * What this branch added to a card stays inside the card. (The card itself is pushed wider
 * than a phone by a long e-mail on its older parts: "Fit the phone" (docs/decisions/032), fixed on
 * another branch; the page's width is printed here as a measured figure.)
 */
async function newPartsFit(page: Page, customer: string) {
  const card = cardFor(page, customer);
  const cardBox = (await card.boundingBox())!;
  const parts = card.locator(
    "[data-testid=agreed-quote], [data-testid=job-booked-for], [data-testid=save-conflict], [data-testid=unsaved-draft], [data-testid=follow-up-state], input[type=date], input[type=datetime-local]",
  );
  const boxes = await Promise.all((await parts.all()).map((p) => p.boundingBox()));
  console.info(`page scrollWidth at ${page.viewportSize()!.width}px:`, await page.evaluate(() => document.documentElement.scrollWidth));
  return boxes.length > 0 && boxes.every((b) => !b || (b.x >= cardBox.x - 0.5 && b.x + b.width <= cardBox.x + cardBox.width + 0.5));
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Serious and critical axe-core violations inside what this branch added (`selector`). */
async function seriousViolationsIn(page: Page, selector: string) {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: object, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> };
      }
    ).axe;
    return axe.run({ include: [[include]] }, { resultTypes: ["violations"] });
  }, selector);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("never lose work, run the jobs", () => {
  it("when a price is typed and the stage changes before Save, then the price goes with the card and stays visible when Booked In", async () => {
    const customer = await davesJob("quote_sent", "Price");
    const page = await signedIn("dave", PHONE, "Quoted");
    await cardFor(page, customer).getByLabel("Quote price ($)").fill("1850");
    await cardFor(page, customer).getByLabel("Sales stage").selectOption("quote_accepted");
    await page.getByText("Sales stage updated", { exact: true }).first().waitFor();
    await openTab(page, "Quote Accepted");
    await expect.poll(() => cardFor(page, customer).getByLabel("Quote price ($)").inputValue()).toMatch(/^1850(\.00)?$/);
    expect((await stored(customer))?.quotePrice).toBe("1850.00");

    await cardFor(page, customer).getByLabel("Sales stage").selectOption("booked_in");
    // Booked In asks for the day and time first (docs/decisions/079-no-surprises-in-the-pipeline.md).
    const booking = page.getByRole("dialog", { name: "When is the job?" });
    await booking.getByLabel("Date and time (Sydney)").fill("2026-12-03T09:30");
    // The last step's notice ("Sales stage updated") went as the dialog opened: nothing lies over "Book in".
    await expect.poll(() => page.locator("li[data-state=open]", { hasText: "Sales stage updated" }).count()).toBe(0);
    await booking.getByRole("button", { name: "Book in" }).click();
    await page.getByText("Sales stage updated", { exact: true }).first().waitFor();
    await openTab(page, "Booked In");
    await expect.poll(() => cardFor(page, customer).getByTestId("agreed-quote").textContent()).toBe("Agreed quote: $1,850.00");
    expect(await newPartsFit(page, customer)).toBe(true);
  });

  it("when notes are typed and the user switches tab and reloads, then the notes are still there until saved", async () => {
    const customer = await davesJob("called", "Notes");
    const notes = "Customer home after 3pm. Dog in the yard, ring first. Needs a quote for the shed too.";
    const page = await signedIn("dave", PHONE, "Called");
    await cardFor(page, customer).getByLabel("Sales notes").fill(notes);
    await cardFor(page, customer).getByTestId("unsaved-draft").waitFor();

    await openTab(page, "Purchased");
    await openTab(page, "Called");
    await expect.poll(() => cardFor(page, customer).getByLabel("Sales notes").inputValue()).toBe(notes);

    await page.reload();
    await openTab(page, "Called");
    await expect.poll(() => cardFor(page, customer).getByLabel("Sales notes").inputValue()).toBe(notes);
    expect((await stored(customer))?.salesNotes).toBeNull();

    // Leaving for another page of the app asks first; staying keeps the page and the notes.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/unsaved changes on a job card/);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await cardFor(page, customer).getByLabel("Sales notes").inputValue()).toBe(notes);

    await cardFor(page, customer).getByRole("button", { name: "Save" }).click();
    await cardFor(page, customer).getByRole("button", { name: "Saved" }).waitFor();
    expect((await stored(customer))?.salesNotes).toBe(notes);
    await expect.poll(() => cardFor(page, customer).getByTestId("unsaved-draft").count()).toBe(0);
  });

  it("when two people edit one card, then the second is told, sees the newer text and keeps their own", async () => {
    const customer = await davesJob("called", "Conflict");
    const dave = await signedIn("dave", WIDE, "Called");
    // Tom's refused save is the point of the test: its 409 is provoked.
    const { id } = (await stored(customer))!;
    const tom = await signedIn("tom", PHONE, "Called", [{ status: 409, path: `/api/lead-purchases/${id}/sales-stage` }]);
    await cardFor(tom, customer).waitFor();

    await cardFor(dave, customer).getByLabel("Sales notes").fill("Dave: quoted $900 on the phone");
    await cardFor(dave, customer).getByRole("button", { name: "Save" }).click();
    await cardFor(dave, customer).getByRole("button", { name: "Saved" }).waitFor();

    const mine = "Tom: customer wants LED downlights in the hallway as well";
    await cardFor(tom, customer).getByLabel("Sales notes").fill(mine);
    await cardFor(tom, customer).getByRole("button", { name: "Save" }).click();
    const notice = cardFor(tom, customer).getByTestId("save-conflict");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Dave Wilson saved a newer version. Yours is kept below: merge and save.");
    expect(await notice.textContent()).toContain("Dave: quoted $900 on the phone");
    expect(await cardFor(tom, customer).getByLabel("Sales notes").inputValue()).toBe(mine);
    expect((await stored(customer))?.salesNotes).toBe("Dave: quoted $900 on the phone");
    await notice.scrollIntoViewIfNeeded();
    await lookAt(tom, { path: "/tmp/shots/work-conflict-390.png" });
    expect(await newPartsFit(tom, customer)).toBe(true);
    expect(await seriousViolationsIn(tom, "[data-testid=save-conflict]")).toEqual([]);

    // Merged and saved: accepted on the version Tom was shown.
    const merged = `Dave: quoted $900 on the phone\n${mine}`;
    await cardFor(tom, customer).getByLabel("Sales notes").fill(merged);
    await cardFor(tom, customer).getByRole("button", { name: "Save" }).click();
    await cardFor(tom, customer).getByRole("button", { name: "Saved" }).waitFor();
    expect((await stored(customer))?.salesNotes).toBe(merged);
  });

  it("when Booked In gets a date and time, then the card shows it and offers the calendar file", async () => {
    const customer = await davesJob("booked_in", "Booking");
    for (const viewport of [PHONE, WIDE]) {
      const page = await signedIn("dave", viewport, "Booked In");
      const card = cardFor(page, customer);
      if (viewport === PHONE) {
        await card.getByLabel("Job date and time (Sydney)").fill("2026-12-03T09:30");
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
