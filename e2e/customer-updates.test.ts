// Keeping the customer informed and the calendar feed in Chromium (docs/decisions/049-missed-
// promises-and-refunds.md, "Keeping the customer informed", "The calendar feed"): the card's
// "On my way" with its big ETA buttons at 390 px, and the dashboard's Calendar feed panel making,
// showing and stopping a link at 1280 px. Screenshots go to /tmp.
import { eq, like } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { outboxMessages, users } from "../shared/schema";
import { createPurchase } from "../server/setup/factories";
import { seriousViolationsIn } from "./support/axe";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

async function dashboard(viewport: { width: number; height: number }) {
  const { page } = await openPage(env.browser, { viewport });
  await signInContext(page.context(), env.server.url, "dave");
  await page.goto(env.server.url + "/dashboard");
  // The sticky header would cover a card's top in its screenshot.
  await page.addStyleTag({ content: "header { position: static !important; }" });
  return page;
}

const fits = async (page: Page, selector: string, width: number) => {
  const box = (await page.locator(selector).first().boundingBox())!;
  return box.x >= -0.5 && box.x + box.width <= width + 0.5;
};

describe("On my way on the card", () => {
  it("when Dave taps On my way on a phone, then five big ETA buttons, a typed ETA out of range is refused, and 20 min texts the customer once", async () => {
    const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
    const job = await createPurchase(env.server.db, dave!.id, {
      purchase: { buyerName: "Dave Wilson", amountPaid: "48.00" },
      lead: { customerName: "Alexandra Montgomery-Fitzgerald", customerPhone: "0413999001", suburb: "Parramatta", state: "NSW" },
    });
    const page = await dashboard(PHONE);
    await page.getByRole("tab", { name: /^Purchased/ }).click();
    const card = page.getByTestId("stage-card").filter({ hasText: "Alexandra Montgomery-Fitzgerald" });
    await card.getByRole("button", { name: "On my way" }).click();
    const dialog = page.getByRole("dialog", { name: "How far away are you?" });
    await dialog.waitFor();
    const choices = dialog.getByRole("group", { name: "Minutes away" }).getByRole("button");
    expect(await choices.allTextContents()).toEqual(["10 min", "20 min", "30 min", "45 min", "1 hour"]);
    for (const choice of await choices.all()) {
      const box = (await choice.boundingBox())!;
      // A thumb's target from the driver's seat: at least 64 px high, three to a row.
      expect(box.height).toBeGreaterThanOrEqual(64);
      expect(box.width).toBeGreaterThanOrEqual(100);
    }
    expect(await fits(page, "[role=dialog]", PHONE.width)).toBe(true);
    expect(await seriousViolationsIn(page, "[role=dialog]")).toEqual([]);
    await lookAt(page, { path: "/tmp/informed-e2e-eta-390.png" });

    await dialog.getByLabel("Other (minutes)").fill("300");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.getByText("Enter the minutes until you arrive, 5 to 240").waitFor();

    await dialog.getByRole("button", { name: "20 min" }).click();
    await page.getByText("Alexandra knows you are on the way", { exact: true }).waitFor();
    const rows = await env.server.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.event, `job.on-my-way:${job.id}:%`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toMatchObject({ to: "0413999001", text: expect.stringMatching(/^Dave from .+ is on the way, about 20 minutes away\. - /) });
    await card.getByRole("button", { name: "History" }).click();
    await card.getByText("“On my way” texted to the customer: about 20 minutes").waitFor();
    await lookAt(card, { path: "/tmp/informed-e2e-card-390.png" });
  });
});

describe("the Calendar feed panel", () => {
  it("when Dave makes a link on the desktop, then it shows once with Add to calendar, and Stop this link ends it", async () => {
    const page = await dashboard(DESKTOP);
    await page.getByRole("button", { name: "Calendar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Calendar feed" });
    await dialog.getByRole("button", { name: "Make my calendar link" }).click();
    const shown = await dialog.getByLabel("Your calendar link").inputValue();
    // The address is on the site's PUBLIC_URL; this test's server answers on its own port.
    expect(new URL(shown).pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(await dialog.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe(shown.replace(/^https?:/, "webcal:"));
    const url = env.server.url + new URL(shown).pathname;
    expect(await seriousViolationsIn(page, "[role=dialog]")).toEqual([]);
    await lookAt(page, { path: "/tmp/informed-e2e-calendar-1280.png" });
    const feed = await page.context().request.get(url);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

    await dialog.getByRole("button", { name: "Stop this link" }).click();
    await dialog.getByRole("button", { name: "Make my calendar link" }).waitFor();
    expect((await page.context().request.get(url)).status()).toBe(404);
  });
});
