// "Never lose work" in Chromium (docs/decisions/031): a typed price survives a stage change, notes
// survive a tab switch and a reload, and a second editor is told about the newer save. "Run the
// jobs" is e2e/pipeline-jobs.test.ts; what both use is e2e/support/pipeline-cards.ts.
import { describe, expect, it } from "vitest";
import { PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt } from "./support/look";
import { pipelineCards, seriousViolationsIn, WIDE } from "./support/pipeline-cards";

const env = useServerAndBrowser();
const { davesJob, cardFor, stored, signedIn, openTab, newPartsFit } = pipelineCards(env);

describe("never lose work", () => {
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
    await booking.getByLabel("Date and time, Sydney time (NSW)").fill("2026-12-03T09:30");
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
});
