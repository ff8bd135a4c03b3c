// Purchase in view (docs/decisions/091-purchase-in-view.md): with every notice the dashboard can
// show at once and long real-world data (e2e/support/long-data.ts), the first lead's Purchase
// button is on the first screen, without scrolling, on a phone (390 × 844) and a laptop
// (1366 × 768). The notices: the licence expiring and three kept notices (one line), the backup
// reminder, the market's live notice (it takes no room: shown in the first two tests), what
// unlocks when you buy, and for a provider with no service area its alert. Each test prints the
// room left below the button.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createPurchase, createUser } from "../server/setup/factories";
import { MARKET_MESSAGES } from "../shared/market-messages";
import { dashboardNotices, users } from "../shared/schema";
import { openPage, PHONE } from "./support/browser";
import { useLayoutOwner } from "./support/long-data";
import { lookAt } from "./support/look";
import { signInContext } from "./support/session";

const LAPTOP = { width: 1366, height: 768 };
const NO_AREA = { username: "noarea", password: "no-area-1" };
const DAY = 86_400_000;
/** The longest of each kind the server writes (server/features/jobs/missed-promise.ts, server/features/auto-buy/engine-sale.ts). */
const NOTICES = [
  [
    "Lost: missed promise, AE-123456E",
    "Maximilian Bartholomew Featherstonehaugh in Parramatta told us nobody contacted them by Tuesday 3:00 pm and nothing was logged, so the job has gone back to other electricians. It stays in your purchase history; the fee is not refunded. Your auto-buy orders are paused until you resume them.",
  ],
  [
    "Auto-buy paused: your card was declined",
    "Your auto-buy order (up to $120.00) could not pay $64.50 for Switchboard Upgrade in Parramatta: the card was declined. Update the card and resume the order on the Auto-buy tab.",
  ],
  [
    "Auto-bought: Switchboard Upgrade in North Parramatta for $64.50",
    "Your auto-buy order (up to $120.00) bought job AE-654321E. It is in your pipeline: call the customer now.",
  ],
] as const;

const { env, signedIn } = useLayoutOwner();

/** A licence expiring in ten days and the three notices, on this account. */
async function everyNotice(userId: number) {
  const expiry = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
  await env.server.db.update(users).set({ licenceExpiry: expiry }).where(eq(users.id, userId));
  await env.server.db
    .insert(dashboardNotices)
    .values(NOTICES.map(([title, body], i) => ({ userId, event: `purchase-in-view-${i}`, title, body, createdAt: new Date(Date.now() - i * 60_000) })));
}

beforeAll(async () => {
  const [layout] = await env.server.db.select().from(users).where(eq(users.username, "layout"));
  await everyNotice(layout!.id);
  // No service area: the market's "Set your service area" shows, and a record makes the backup reminder due.
  const noArea = await createUser(env.server.db, { ...NO_AREA, companyName: "Featherstonehaugh Electrical Contracting Services Pty Ltd" });
  await createPurchase(env.server.db, noArea.id, { purchase: { purchasedAt: new Date() } });
  await everyNotice(noArea.id);
});

/** The dashboard with the backup reminder due, as on the day's first visit: forgotten before the app reads it (e2e/fit.test.ts). */
async function withReminderDue(page: Page) {
  await page.addInitScript(() => localStorage.removeItem("backupReminderShownAt"));
  await page.goto(env.server.url + "/dashboard");
  await page.getByText("Back up your leads", { exact: true }).waitFor();
  await page.getByTestId("lead-card").first().waitFor();
  await page.getByTestId("notice-line").locator("summary").getByText("Your licence expires on").waitFor();
}

/** The super admin takes the last lead shown off the market: the market's notice says so for six seconds. */
async function marketNotice(page: Page) {
  await page.getByTestId("live-badge").filter({ hasText: "Live Updates Active" }).waitFor();
  const id = (await page.getByTestId("lead-card").last().getAttribute("id"))!.replace("lead-", "");
  const admin = await openPage(env.browser);
  await signInContext(admin.context, env.server.url, "superadmin");
  const res = await admin.context.request.post(`${env.server.url}/api/leads/${id}/archive`, { headers: { Origin: env.server.url } });
  expect(res.ok()).toBe(true);
  await page.getByTestId("market-notice").getByText(MARKET_MESSAGES.archivedMeanwhile, { exact: false }).waitFor();
}

/** The room left below the first lead's Purchase button, printed; it fails when the button is not wholly on screen. */
async function expectPurchaseInView(page: Page, viewport: { width: number; height: number }, who: string) {
  const box = (await page
    .getByTestId("lead-card")
    .first()
    .getByRole("button", { name: /^(Purchase|Claim FREE)$/ })
    .boundingBox())!;
  const room = Math.round(viewport.height - (box.y + box.height));
  console.log(`${who} at ${viewport.width} × ${viewport.height}: ${room} px of room below the first Purchase button`);
  expect(box.y, "the Purchase button's top on screen").toBeGreaterThanOrEqual(0);
  expect(room, "the Purchase button's bottom on screen").toBeGreaterThanOrEqual(0);
}

/**
 * The first lead's Purchase button, the header and each floating notice, measured in one frame as
 * soon as a notice shows. Measured one after another, a busy machine let the sign-in notice, which
 * leaves five seconds after the sign-in, go between the measures.
 */
async function purchaseAndNotices(page: Page) {
  const measured = await page.waitForFunction(
    () => {
      const buttons = document.querySelector('[data-testid="lead-card"]')?.querySelectorAll("button") ?? [];
      const purchase = [...buttons].find((b) => /^(Purchase|Claim FREE)$/.test(b.textContent?.trim() ?? ""));
      const header = document.querySelector("header");
      const notices = [...document.querySelectorAll('[role="region"][aria-label^="Notifications"] li')];
      if (!purchase || !header || notices.length === 0) return null;
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      return { purchase: box(purchase), header: box(header), notices: notices.map(box) };
    },
    undefined,
    { polling: "raf" },
  );
  return (await measured.jsonValue())!;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the first lead's Purchase button with every notice showing", () => {
  it.each([PHONE, LAPTOP])("when a provider with a service area opens the dashboard at $width × $height, then it is on the first screen", async (viewport) => {
    const page = await signedIn(viewport);
    await withReminderDue(page);
    await page.getByText("What unlocks when you buy").locator("visible=true").waitFor();
    await marketNotice(page);
    await lookAt(page, { path: `/tmp/shots/purchase-in-view-${viewport.width}.png` });
    await expectPurchaseInView(page, viewport, "A provider with a service area");

    // The line opens to the licence's word and every notice, each with its Dismiss.
    const line = page.getByTestId("notice-line");
    await line.locator("summary").click();
    await line.getByTestId("verification-expiring").getByText("reply to our reminder e-mail", { exact: false }).waitFor();
    for (const [title] of NOTICES) await line.getByRole("button", { name: `Dismiss: ${title}` }).waitFor();
    // On a phone the Filters button opens the bar; from sm up the bar is one row and opens its service types.
    if (viewport === PHONE) await page.getByRole("button", { name: /^Filters/ }).click();
    else await page.getByRole("button", { name: "Service type" }).click();
    await page.getByRole("group", { name: "Filter leads" }).getByRole("button", { name: "Installation" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await lookAt(page, {
      path: `/tmp/shots/purchase-in-view-open-${viewport.width}.png`,
      fullPage: true,
      clip: { x: 0, y: 0, width: viewport.width, height: 1400 },
    });
  });

  it.each([PHONE, LAPTOP])("when a provider with no service area opens it at $width × $height, then it is on the first screen", async (viewport) => {
    const { page, context } = await openPage(env.browser, { viewport });
    await signInContext(context, env.server.url, NO_AREA.username, NO_AREA.password);
    await withReminderDue(page);
    await page.getByText("Set your service area").waitFor();
    await lookAt(page, { path: `/tmp/shots/purchase-in-view-no-area-${viewport.width}.png` });
    await expectPurchaseInView(page, viewport, "A provider with no service area");
  });

  it.each([PHONE, LAPTOP])(
    "when a provider signs in through the form at $width × $height, then the sign-in notice covers neither the first Purchase nor the header",
    async (viewport) => {
      const { page } = await openPage(env.browser, { viewport });
      await page.addInitScript(() => localStorage.removeItem("backupReminderShownAt"));
      await page.goto(env.server.url + "/login");
      await page.getByLabel(/username/i).fill(NO_AREA.username);
      await page.getByLabel(/password/i).fill(NO_AREA.password);
      await page.getByRole("button", { name: /sign in/i }).click();
      await page.getByTestId("lead-card").first().waitFor();
      await page
        .getByRole("region", { name: /Notifications/ })
        .getByText("Login successful")
        .waitFor();
      // Measured at once, in one frame with a notice showing: it leaves five seconds after the sign-in.
      const { purchase, header, notices } = await purchaseAndNotices(page);
      await lookAt(page, { path: `/tmp/shots/purchase-in-view-signed-in-${viewport.width}.png` });
      await expectPurchaseInView(page, viewport, "Just signed in, with the sign-in notice showing,");
      for (const notice of notices) {
        expect(overlaps(notice, purchase), "a notice covers the first lead's Purchase").toBe(false);
        expect(notice.y, "a notice covers the header").toBeGreaterThanOrEqual(header.y + header.height);
      }
    },
  );
});
