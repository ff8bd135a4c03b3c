// The pipeline journey (docs/decisions/012): a provider works a job from Purchased to Paid, records a quote and the
// customer's payment, edits the job, exports CSV, and the history totals add up.
import { and, eq, isNull, ne, sum } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { leadPurchases, users } from "../shared/schema";
import { flat, pdfText } from "../server/test/pdf-text";
import { DESKTOP, downloadedBytes, downloadedText, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

const STAGES: Array<[value: string, tab: string]> = [
  ["called", "Called"],
  ["quote_sent", "Quoted"],
  ["quote_accepted", "Quote Accepted"],
  ["booked_in", "Booked In"],
  ["invoice_paid", "Paid"],
];

function cardFor(page: Page, customer: string) {
  return page.getByTestId("stage-card").filter({ hasText: customer });
}

/** Booked In asks for the day and time first (docs/decisions/079-no-surprises-in-the-pipeline.md). */
async function bookIn(page: Page, at: string) {
  const dialog = page.getByRole("dialog", { name: "When is the job?" });
  await dialog.getByLabel("Date and time, Sydney time (NSW)").fill(at);
  await dialog.getByRole("button", { name: "Book in" }).click();
}

/** Dave's dashboard on a fresh page, open at the pipeline tab whose label starts with `tab`. */
async function daveAtTab(viewport: { width: number; height: number }, tab: string) {
  const { page, context } = await openPage(env.browser, { viewport });
  await signInContext(context, env.server.url, "dave");
  await page.goto(env.server.url + "/dashboard");
  await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
  return page;
}

describe("the pipeline in the browser", () => {
  it("when a provider works a job through every stage, then quote, payment, edits, export and totals all hold", async () => {
    const page = await daveAtTab(DESKTOP, "Purchased");
    const customer = "Greg Thompson";
    await cardFor(page, customer).waitFor();

    for (const [stage, tab] of STAGES) {
      await cardFor(page, customer).getByLabel("Sales stage").selectOption(stage);
      if (stage === "booked_in") await bookIn(page, "2026-12-03T09:30");
      await page.getByText("Sales stage updated", { exact: true }).first().waitFor();
      await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
      const card = cardFor(page, customer);
      await card.waitFor();
      if (stage === "quote_sent") {
        await card.getByLabel("Quote price ($)").fill("850");
        await card.getByRole("button", { name: "Save" }).click();
        await card.getByRole("button", { name: "Saved" }).waitFor();
      }
      if (stage === "invoice_paid") {
        await card.getByLabel("Payment amount ($)").fill("1200.50");
        await card.getByRole("button", { name: "Save" }).click();
        await page.getByText("Payment amount saved", { exact: true }).first().waitFor();
      }
    }
    const [purchase] = await env.server.db
      .select()
      .from(leadPurchases)
      .where(eq(leadPurchases.buyerName, "Dave Wilson"))
      .then((rows) => rows.filter((r) => r.salesStage === "invoice_paid" && r.customerPaymentAmount === "1200.50"));
    expect(purchase).toMatchObject({ quotePrice: "850.00" });
    expect(purchase!.calledAt && purchase!.quoteSentAt && purchase!.quoteAcceptedAt && purchase!.bookedInAt && purchase!.invoicePaidAt).toBeTruthy();

    // Edit job details.
    await cardFor(page, customer)
      .getByRole("button", { name: /Edit job details/ })
      .click();
    const dialog = page.getByRole("dialog");
    // The buyer's working copy only (docs/decisions/073-the-customers-own-contact.md).
    await dialog.getByText(/always go to the mobile they gave us/).waitFor();
    await dialog.getByLabel("Customer name").fill("Greg Thompson Jr");
    await lookAt(page, { path: "/tmp/shots/e2e-edit-job-1280.png" });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Job details updated", { exact: true }).first().waitFor();
    await cardFor(page, "Greg Thompson Jr").waitFor();
    await lookAt(page, { path: "/tmp/shots/e2e-paid-1280.png", fullPage: true });

    // Export: a dated CSV with the edited name.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("banner").getByRole("link", { name: "Export" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^purchased-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloadedText(download);
    expect(csv).toContain("Greg Thompson Jr");
    // Labels, not wire codes (docs/decisions/032): the stage reads "Paid".
    const row = csv.split("\r\n").find((line) => line.includes("Greg Thompson Jr"))!;
    expect(row).toContain(",Paid,");
    expect(csv).not.toContain("invoice_paid");

    // Purchase History totals equal the database.
    await page.getByRole("tab", { name: /^Purchase History/ }).click();
    const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
    const [{ total }] = (await env.server.db
      .select({ total: sum(leadPurchases.amountPaid) })
      .from(leadPurchases)
      .where(
        and(
          eq(leadPurchases.buyerId, dave!.id),
          isNull(leadPurchases.releasedAt),
          eq(leadPurchases.isArchived, false),
          ne(leadPurchases.paymentStatus, "refunded"), // refunds are left out of the total (docs/decisions/032)
        ),
      )) as [{ total: string }];
    const shown = await page.getByTestId("history-total").textContent();
    expect(Number(shown!.replace(/[^\d.]/g, ""))).toBeCloseTo(Number(total), 2);
    const rows = await page.getByTestId("history-amount").allTextContents();
    expect(rows.reduce((s, r) => s + Number(r.replace(/[^\d.]/g, "")), 0)).toBeCloseTo(Number(total), 2);
    await lookAt(page, { path: "/tmp/shots/e2e-history-1280.png", fullPage: true });
    // Each job's own money from its documents (docs/decisions/051): the demo's sent quote, and the part-paid invoice.
    const jobMoney = await page.getByTestId("history-job-money").allTextContents();
    expect(jobMoney).toContainEqual(expect.stringContaining("Quoted $374.00"));
    expect(jobMoney).toContainEqual(expect.stringContaining("Invoiced $726.00"));

    // Every paid row has our tax invoice; the first downloads as a PDF naming its lead (docs/decisions/053-tax-documents-pdf.md).
    const links = page.getByTestId("history-tax-invoice");
    expect(await links.count()).toBe(rows.length);
    const firstRow = page.getByTestId("history-entry").first();
    const reference = await firstRow.getAttribute("data-job-reference");
    const [invoice] = await Promise.all([page.waitForEvent("download"), firstRow.getByTestId("history-tax-invoice").click()]);
    expect(invoice.suggestedFilename()).toMatch(/^AEL-\d{6}\.pdf$/);
    const { text } = await pdfText(await downloadedBytes(invoice));
    expect(flat(text)).toContain(`Lead ${reference}:`);
    expect(flat(text)).toContain("Sparkright Electrical");
    const [statement] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    expect(statement.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
  });

  it("when a provider on a phone types notes and then changes the stage, then the notes go with the card and the history shows both", async () => {
    const page = await daveAtTab(PHONE, "Called");
    const customer = "Linda Papadopoulos";
    const notes = "Site visit Tuesday 9am, bring the ladder";

    // Typed but not saved, then the stage changes: the card moves to Quoted with the notes.
    await cardFor(page, customer).getByLabel("Sales notes").fill(notes);
    await cardFor(page, customer).getByLabel("Sales stage").selectOption("quote_sent");
    await page.getByText("Sales stage updated", { exact: true }).first().waitFor();
    await page.getByRole("tab", { name: /^Quoted/ }).click();
    const card = cardFor(page, customer);
    await expect.poll(() => card.getByLabel("Sales notes").inputValue()).toBe(notes);

    // Save a quote price; then open History: newest first, in words, with who and when.
    await card.getByLabel("Quote price ($)").fill("640");
    await card.getByRole("button", { name: "Save" }).click();
    await card.getByRole("button", { name: "Saved" }).waitFor();
    await expect.poll(() => card.getByLabel("Quote price ($)").inputValue()).toBe("640.00");
    await card.getByRole("button", { name: "History" }).click();
    const entries = card.getByRole("list", { name: /Change history/ }).getByRole("listitem");
    await entries.first().waitFor();
    const lines = await entries.allTextContents();
    expect(lines[0]).toMatch(/^Quote price: none → \$640\.00 · Dave Wilson · \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Stage: Called → Quoted · Dave Wilson · /));
    expect(lines).toContainEqual(expect.stringMatching(/^Notes: .* → “Site visit Tuesday 9am, bring the ladder” · Dave Wilson/));
    // Notices (stage updated, backup reminder) float over the card; close them for the picture.
    const notices = page.getByRole("region", { name: /Notifications/ }).getByRole("button", { name: "Close" });
    for (let i = 0; i < 5 && (await notices.count()) > 0; i++) await notices.first().click();
    await expect.poll(() => notices.count()).toBe(0);
    // The phone's view of the card's lower half: stage, inputs, Save and the open History.
    await entries.last().scrollIntoViewIfNeeded();
    await lookAt(page, { path: "/tmp/shots/e2e-history-disclosure-390.png" });
  });
});
