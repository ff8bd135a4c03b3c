// The dashboard's layout with long real-world data at 390 px and 1366 px (docs/decisions/038):
// the service-area button shows the whole place on a phone, the backup reminder sits in the page
// and never over a dialog, the page does not jump as leads arrive (cumulative layout shift), and
// the Purchase History lists newest first with its figures on a phone's screen.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createLead, createPurchase, createUser } from "../server/db/factories";
import { eq } from "drizzle-orm";
import { leads, type User } from "../shared/schema";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();
const WIDE = { width: 1366, height: 900 };
const PASSWORD = "long-data-1";
const LONG_NAME = "Maximilian Bartholomew Featherstonehaugh";
const LONG_EMAIL = "maximilian.featherstonehaugh.jnr@bigbusiness.co.au";
const LONG_WORK = (
  "Full rewire of a two-storey Federation house in Parramatta including a new switchboard with RCBOs, " +
  "relocating the meter box, twenty-four new double power points, LED downlights throughout, three ceiling " +
  "fans, outdoor lighting along the driveway and an EV charger in the garage, with certificates of compliance"
).slice(0, 300);
const PARRAMATTA = { latitude: "-33.81500000", longitude: "151.00110000" };
const DAY = 86_400_000;

let owner: User;
/** Job references, newest purchase first. */
let newestFirst: string[];

beforeAll(async () => {
  const db = env.server.db;
  owner = await createUser(db, {
    username: "layout",
    password: PASSWORD,
    firstName: "Maximilian Bartholomew",
    lastName: "Featherstonehaugh",
    email: LONG_EMAIL,
    companyName: "Featherstonehaugh Electrical Contracting Services Pty Ltd",
    serviceLocation: "Parramatta NSW 2150",
    serviceLatitude: PARRAMATTA.latitude,
    serviceLongitude: PARRAMATTA.longitude,
    serviceRadius: 30,
  });
  const longLead = { customerName: LONG_NAME, customerEmail: LONG_EMAIL, electricalWork: LONG_WORK, specialRequests: LONG_WORK, ...PARRAMATTA };
  // Bought 4, 1, 3 and 2 days ago; the oldest is assigned to the viewer and the next has a
  // follow-up due, which puts them first on the pipeline's cards but not in the history.
  const bought: { ref: string; at: number }[] = [];
  for (const [daysAgo, extra] of [
    [4, { assignedTo: owner.id }],
    [1, {}],
    [3, { followUpOn: "2026-01-02" }],
    [2, {}],
  ] as const) {
    const purchase = await createPurchase(db, owner.id, {
      lead: longLead,
      purchase: { salesStage: "called", buyerName: LONG_NAME, quotePrice: "12345.67", purchasedAt: new Date(Date.now() - daysAgo * DAY), ...extra },
    });
    const [lead] = await db.select().from(leads).where(eq(leads.id, purchase.leadId));
    bought.push({ ref: lead!.jobReference, at: daysAgo });
  }
  newestFirst = [...bought].sort((a, b) => a.at - b.at).map((b) => b.ref);
  for (let i = 0; i < 4; i++) await createLead(db, longLead);
});

async function signedIn(viewport: { width: number; height: number }) {
  const { page, context } = await openPage(env.browser, { viewport });
  await signInContext(context, env.server.url, "layout", PASSWORD);
  return page;
}

const onScreen = async (page: Page, selector: ReturnType<Page["locator"]>, viewport: { width: number }) => {
  const box = (await selector.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= viewport.width;
};

describe("the service-area button on a phone", () => {
  it("when a provider with a service area opens the dashboard at 390 px, then the button shows the whole place and radius", async () => {
    const page = await signedIn(PHONE);
    await page.goto(env.server.url + "/dashboard");
    const area = page.getByRole("button", { name: "Parramatta NSW 2150 · 30 km" });
    await area.waitFor();
    // Not cut to "📍 P": every character of the label is drawn, inside the screen.
    const cut = await area.evaluate((button) => [...button.querySelectorAll("span")].some((s) => s.scrollWidth > s.clientWidth));
    expect(cut, "the area label is cut").toBe(false);
    expect(await onScreen(page, area, PHONE)).toBe(true);
    await lookAt(page, { path: "/tmp/shots/layout-area-390.png" });
  });
});

describe("the backup reminder", () => {
  it.each([PHONE, WIDE])("when it is due at $width px, then it sits above the pipeline tabs and never covers a dialog's button", async (viewport) => {
    const page = await signedIn(viewport);
    await page.goto(env.server.url + "/dashboard");
    await page.evaluate(() => localStorage.removeItem("backupReminderShownAt"));
    await page.reload();
    const reminder = page.getByText("Back up your leads", { exact: true });
    await reminder.waitFor();
    // In the page above the tabs, not a floating notice.
    const tabs = (await page.getByRole("tablist", { name: "Pipeline" }).boundingBox())!;
    const box = (await reminder.boundingBox())!;
    expect(box.y + box.height, "the reminder is above the tabs").toBeLessThanOrEqual(tabs.y);
    expect(
      await page
        .getByRole("region", { name: /Notifications/ })
        .getByText("Back up your leads")
        .count(),
    ).toBe(0);

    // The purchase dialog's Buy button and the service area's Save take their own taps.
    const hits = async (button: ReturnType<Page["locator"]>) => {
      await page.waitForTimeout(1500); // the old reminder arrived after 1 s
      const b = (await button.boundingBox())!;
      return button.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [b.x + b.width / 2, b.y + b.height / 2]);
    };
    await page
      .getByTestId("lead-card")
      .first()
      .getByRole("button", { name: /^(Purchase|Claim FREE)$/ })
      .click();
    const buy = page.getByRole("dialog").locator("[data-primary]");
    await buy.waitFor();
    expect(await hits(buy), "something covers the Buy button").toBe(true);
    await lookAt(page, { path: `/tmp/shots/layout-reminder-purchase-${viewport.width}.png` });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    if (viewport === PHONE) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Manage Service Area" }).click();
    } else {
      await page.getByRole("button", { name: /Parramatta NSW 2150/ }).click();
    }
    const save = page.getByRole("button", { name: "Save Service Area" });
    await save.waitFor();
    expect(await hits(save), "something covers Save").toBe(true);
  });
});

describe("layout shift while the dashboard loads", () => {
  it.each([PHONE, WIDE])("when the dashboard loads at $width px, then its cumulative layout shift stays at or under 0.1", async (viewport) => {
    const page = await signedIn(viewport);
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (let load = 0; load < 2; load++) {
      await page.goto(env.server.url + "/dashboard");
      await page.getByTestId("lead-card").first().waitFor();
      await page.getByTestId("live-badge").filter({ hasText: "Live Updates Active" }).waitFor();
      await page.waitForTimeout(1500);
      const cls = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(cls, `cumulative layout shift of load ${load + 1}`).toBeLessThanOrEqual(0.1);
    }
  });
});

describe("the Purchase History", () => {
  it.each([PHONE, WIDE])(
    "when it opens at $width px, then it lists newest purchase first with each amount, edit button and the total on screen",
    async (viewport) => {
      const page = await signedIn(viewport);
      await page.goto(env.server.url + "/dashboard");
      await page.getByRole("tab", { name: /^Purchase History\b/ }).click();
      const rows = page.getByTestId("history-entry");
      await rows.first().waitFor();
      const refs = await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-job-reference")));
      expect(refs).toEqual(newestFirst);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways, "the page scrolls sideways").toBe(0);
      for (const row of await rows.all()) {
        expect(await onScreen(page, row.getByTestId("history-amount"), viewport), "an amount off-screen").toBe(true);
        expect(await onScreen(page, row.getByRole("button", { name: /^Edit / }), viewport), "an edit button off-screen").toBe(true);
      }
      expect(await onScreen(page, page.getByTestId("history-total"), viewport), "the total off-screen").toBe(true);
      await lookAt(page, { path: `/tmp/shots/layout-history-${viewport.width}.png`, fullPage: true });
    },
  );
});
