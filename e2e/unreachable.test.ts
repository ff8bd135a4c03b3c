// "Customer unreachable" in Chromium on a phone (docs/decisions/049-missed-promises-and-refunds.md):
// Dave's card offers it after two tries 4 hours apart, asks before it texts the customer, then
// waits for them; the customer's page asks "Did Sparkright Electrical reach you?" and their
// answer ends the claim. Screenshots go to /tmp.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactAttempts, outboxMessages, users } from "../shared/schema";
import { createPurchase } from "../server/setup/factories";
import { seriousViolationsIn, structuralViolations } from "./support/axe";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();
const HOUR = 3_600_000;

describe("customer unreachable", () => {
  it("when two tries 4 hours apart did not reach the customer, then the card claims it, waits for the customer, and the customer's answer on their page ends it", async () => {
    const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
    const boughtAt = Date.now() - 6 * HOUR;
    const name = "Priscilla Unreachable-Whitfield";
    const purchase = await createPurchase(env.server.db, dave!.id, {
      purchase: { buyerName: "Dave Wilson", purchasedAt: new Date(boughtAt), amountPaid: "48.00" },
      lead: { customerName: name, customerPhone: "0412777999", suburb: "Parramatta", state: "NSW", serviceType: "installation" },
    });
    for (const hours of [1, 5]) {
      await env.server.db
        .insert(contactAttempts)
        .values({ purchaseId: purchase.id, userId: dave!.id, channel: "call", outcome: "no_answer", createdAt: new Date(boughtAt + hours * HOUR) });
    }

    const { page, context } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    await page.goto(env.server.url + "/dashboard");
    await page.getByRole("tab", { name: /^Purchased/ }).click();
    const card = page.getByTestId("stage-card").filter({ hasText: name });
    await card.getByRole("button", { name: "Customer unreachable" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("We text Priscilla to ask whether you reached them").waitFor();
    await dialog.getByRole("button", { name: "Customer unreachable" }).click();
    await card
      .getByTestId("unreachable-state")
      .getByText(/^Customer unreachable: waiting for the customer until \d{1,2}:\d\d [ap]m/)
      .waitFor();
    await lookAt(card, { path: "/tmp/unreachable-card-390.png" });
    await expect(seriousViolationsIn(page, "[data-testid=stage-card]")).resolves.toEqual([]);

    // The customer's SMS carries a fresh link to their page.
    const [sms] = await env.server.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.event, `unreachable.claimed:${purchase.id}`));
    const text = String((sms!.payload as { text: string }).text);
    expect(text).toMatch(/^Did Sparkright Electrical reach you about your installation request\? /);
    const token = /\/job\/([A-Za-z0-9_-]{32})/.exec(text)![1]!;

    const customer = await openPage(env.browser, { viewport: PHONE });
    await customer.page.goto(`${env.server.url}/job/${token}`);
    const question = customer.page.getByTestId("still-need");
    await question.getByRole("heading", { name: "Did Sparkright Electrical reach you?" }).waitFor();
    await lookAt(customer.page, { path: "/tmp/unreachable-job-page-390.png", fullPage: true });
    await expect(structuralViolations(customer.page)).resolves.toEqual([]);
    await question.getByRole("button", { name: "I still need an electrician" }).click();
    await customer.page.getByTestId("still-need-thanks").getByText("expect a call").waitFor();
    expect(await customer.page.getByTestId("still-need").count()).toBe(0);

    // Dave's card says so once the pipeline reloads.
    await page.reload();
    await page.getByRole("tab", { name: /^Purchased/ }).click();
    await card.getByText("The customer still needs an electrician: call again").waitFor();
  });
});
