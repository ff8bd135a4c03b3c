// The contact promise on the stage card in Chromium (docs/decisions/045-contact-promise.md,
// "Logging contact"): the countdown, red once missed, "Log this call" after the phone link is
// tapped, another channel from "Log contact", and none of it on a provider's own job. Long
// real-world data at 390 px and 1280 px (docs/decisions/032); screenshots go to /tmp.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contactAttempts, users } from "../shared/schema";
import { createPurchase } from "../server/setup/factories";
import { seriousViolationsIn } from "./support/axe";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();
const MINUTE = 60_000;

const LONG_WORK =
  "Replace the old ceramic-fuse switchboard in the garage with a new board with RCBOs on every circuit, move the meter box to the side wall, " +
  "run a new 6 mm circuit to the kitchen for the induction cooktop, add two double power points in the shed and check the smoke alarms.";

let seq = 0;
/** A job of Dave's in Purchased, bought `minutesAgo`; emergencies are promised in 30 minutes, day or night. */
async function davesJob(tag: string, minutesAgo: number, lead: { urgency?: string; state?: string; source?: "provider_manual" } = {}) {
  const [dave] = await env.server.db.select().from(users).where(eq(users.username, "dave"));
  seq += 1;
  const name = `${tag} Montgomery-Fitzgerald ${seq}`.padEnd(40, "x").slice(0, 40);
  const purchase = await createPurchase(env.server.db, dave!.id, {
    purchase: { buyerName: "Dave Wilson", purchasedAt: new Date(Date.now() - minutesAgo * MINUTE), amountPaid: lead.source ? "0.00" : "48.00" },
    lead: {
      customerName: name,
      customerEmail: `alexandra.montgomery-fitzgerald${seq}@example-longdomain.com.au`.slice(0, 50),
      electricalWork: LONG_WORK.slice(0, 300),
      suburb: lead.state === "WA" ? "Subiaco" : "Parramatta",
      state: lead.state ?? "NSW",
      postcode: lead.state === "WA" ? "6008" : "2150",
      serviceLocation: lead.state === "WA" ? "Subiaco WA 6008" : "Parramatta NSW 2150",
      urgency: lead.urgency ?? "within_week",
      source: lead.source ?? "quote_form",
    },
  });
  return { name, purchaseId: purchase.id };
}

const cardFor = (page: Page, customer: string) => page.getByTestId("stage-card").filter({ hasText: customer });

async function pipeline(viewport: { width: number; height: number }) {
  const { page, context } = await openPage(env.browser, { viewport });
  // A tap on a tel: link would hand the number to the system's dialer; here it goes nowhere,
  // and the card's own click handler still runs.
  await context.addInitScript(() =>
    document.addEventListener("click", (e) => {
      if ((e.target as Element | null)?.closest?.("a[href^='tel:'], a[href^='mailto:']")) e.preventDefault();
    }),
  );
  await signInContext(context, env.server.url, "dave");
  await page.goto(env.server.url + "/dashboard");
  await page.getByRole("tab", { name: /^Purchased/ }).click();
  // The sticky header would cover a card's top in its screenshot.
  await page.addStyleTag({ content: "header { position: static !important; }" });
  return page;
}

/** Whether every part this feature added to the card sits inside the card. */
async function contactPartsFit(page: Page, customer: string) {
  const card = cardFor(page, customer);
  const box = (await card.boundingBox())!;
  const parts = await card
    .locator("[data-testid=contact-promise], [data-testid=contact-log], [data-testid=contact-log] button, [data-testid=last-contact]")
    .all();
  const boxes = await Promise.all(parts.map((p) => p.boundingBox()));
  return boxes.length > 0 && boxes.every((b) => !b || (b.x >= box.x - 0.5 && b.x + b.width <= box.x + box.width + 0.5));
}

const attemptsOf = (purchaseId: number) => env.server.db.select().from(contactAttempts).where(eq(contactAttempts.purchaseId, purchaseId));

describe("the contact promise on the stage card", () => {
  it("when a market job waits for its call, then the card counts down, and a missed one is red", async () => {
    const due = await davesJob("Soon", 10, { urgency: "emergency" });
    const missed = await davesJob("Missed", 45, { urgency: "emergency" });
    const page = await pipeline(PHONE);

    const promise = cardFor(page, due.name).getByTestId("contact-promise");
    // Near midnight in Sydney the deadline falls on another day, which the card names.
    const day = String.raw`(?: tomorrow| \w{3} \d{1,2} \w{3})?`;
    await expect.poll(() => promise.textContent()).toMatch(new RegExp(String.raw`^Call by \d{1,2}:\d\d [ap]m${day}, (19|20) min left$`));
    expect(await promise.getAttribute("data-missed")).toBe("false");
    const late = cardFor(page, missed.name).getByTestId("contact-promise");
    expect(await late.textContent()).toMatch(new RegExp(String.raw`^Call by \d{1,2}:\d\d [ap]m${day}, Missed 1[45] min ago$`));
    expect(await late.getAttribute("data-missed")).toBe("true");
    expect(await late.getAttribute("class")).toContain("bg-red-50");
    expect(await promise.getAttribute("class")).not.toContain("bg-red-50");
    expect(await contactPartsFit(page, missed.name)).toBe(true);
    await lookAt(cardFor(page, missed.name), { path: "/tmp/contact-390-missed.png" });
    await lookAt(cardFor(page, due.name), { path: "/tmp/contact-390-promise.png" });
  });

  it("when the phone link is tapped, then 'Log this call' offers four big outcomes, and the one tapped is logged and ends the countdown", async () => {
    const job = await davesJob("Call", 5, { urgency: "emergency" });
    const page = await pipeline(PHONE);
    const card = cardFor(page, job.name);
    await card.getByTestId("contact-promise").waitFor();

    await card.getByRole("link", { name: /0411 222 333/ }).click();
    const log = card.getByTestId("contact-log");
    await log.getByRole("heading", { name: "Log this call" }).waitFor();
    const outcomes = log.getByRole("button", { name: /^(Reached|No answer|Left a message|Wrong number)$/ });
    expect(await outcomes.count()).toBe(4);
    for (const outcome of await outcomes.all()) {
      const box = (await outcome.boundingBox())!;
      // A thumb's target: at least 48 px high and a third of the phone wide.
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.width).toBeGreaterThanOrEqual(130);
    }
    expect(await contactPartsFit(page, job.name)).toBe(true);
    expect(await seriousViolationsIn(page, "[data-testid=contact-log]")).toEqual([]);
    await lookAt(card, { path: "/tmp/contact-390-log-call.png" });

    await log.getByRole("button", { name: "No answer" }).click();
    await page.getByText("Contact logged", { exact: true }).first().waitFor();
    await expect.poll(() => card.getByTestId("contact-promise").count()).toBe(0);
    expect(await card.getByTestId("last-contact").textContent()).toMatch(/^Last contact: Call, no answer · \w{3} \d{1,2} \w{3}, \d{1,2}:\d\d [ap]m$/);
    expect(await card.getByTestId("contact-log").count()).toBe(0);
    expect(await attemptsOf(job.purchaseId)).toMatchObject([{ channel: "call", outcome: "no_answer" }]);

    await card.getByRole("button", { name: "History" }).click();
    await card.getByText("Contact logged: Call, no answer").waitFor();
    await lookAt(card, { path: "/tmp/contact-390-logged.png" });
  });

  it("when contact was made another way, then 'Log contact' logs it as an SMS, e-mail or visit", async () => {
    const job = await davesJob("Sms", 20, { urgency: "emergency" });
    const page = await pipeline(DESKTOP);
    const card = cardFor(page, job.name);
    await card.getByRole("button", { name: "Log contact" }).click();
    const log = card.getByTestId("contact-log");
    await log.getByRole("button", { name: "SMS", exact: true }).click();
    await log.getByRole("heading", { name: "Log this SMS" }).waitFor();
    expect(await log.getByRole("button", { name: "SMS", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await contactPartsFit(page, job.name)).toBe(true);
    await lookAt(card, { path: "/tmp/contact-1280-log-sms.png" });
    await log.getByRole("button", { name: "Reached" }).click();
    // Reaching the customer moves the card on to Called (docs/decisions/079), where it shows
    // what was logged; waiting on the card in Purchased would race its move.
    await expect.poll(() => attemptsOf(job.purchaseId)).toMatchObject([{ channel: "sms", outcome: "reached" }]);
    await page.getByRole("tab", { name: /^Called/ }).click();
    const moved = cardFor(page, job.name);
    await expect
      .poll(() =>
        moved
          .getByTestId("last-contact")
          .textContent({ timeout: 5_000 })
          .catch(() => ""),
      )
      .toMatch(/^Last contact: SMS, reached/);
  });

  it("when the lead is in another state, then its promise is on that state's clock; an own job shows none and offers no log", async () => {
    const perth = await davesJob("Perth", 0, { state: "WA" });
    const own = await davesJob("Own", 0, { source: "provider_manual" });
    const page = await pipeline(DESKTOP);
    // The browser keeps Sydney's clock, so the Perth time says whose it is.
    expect(await cardFor(page, perth.name).getByTestId("contact-promise").textContent()).toMatch(
      /^Call by \d{1,2}:\d\d [ap]m( tomorrow| \w{3} \d{1,2} \w{3})? WA time, /,
    );
    const ownCard = cardFor(page, own.name);
    expect(await ownCard.getByTestId("contact-promise").count()).toBe(0);
    expect(await ownCard.getByRole("button", { name: "Log contact" }).count()).toBe(0);
    await ownCard.getByRole("link", { name: /0411 222 333/ }).click();
    expect(await ownCard.getByTestId("contact-log").count()).toBe(0);
    await lookAt(page, { path: "/tmp/contact-1280-page.png", fullPage: false });
    await lookAt(cardFor(page, perth.name), { path: "/tmp/contact-1280-perth.png" });
  });
});
