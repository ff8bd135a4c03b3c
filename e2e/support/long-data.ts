// Long real-world data for the "fit the phone" journeys (docs/decisions/032): a 40-character name, a
// 50-character e-mail and a 300-character description on every pipeline stage, a callback, a
// report and a refund, and the helpers that check that nothing scrolls sideways. Used by
// e2e/fit*.test.ts, each file on its own server seeded the same way.
import type { Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import { createCallback, createLead, createPurchase, createReport, createUser } from "../../server/setup/factories";
import type { Db } from "../../server/platform/db/client";
import { leads, users } from "../../shared/schema";
import { openPage, sideways } from "./browser";
import { useServerAndBrowser } from "./harness";
import { lookAt } from "./look";
import { logInAsOperator, signInContext } from "./session";

const ADMIN = { username: "operator", password: "op-secret-1" };
export const WIDE = { width: 1366, height: 900 };

// 40, 50 and 300 characters, with the unbroken runs real data has (an e-mail has no spaces).
const LONG_NAME = "Maximilian Bartholomew Featherstonehaugh";
export const LONG_EMAIL = "maximilian.featherstonehaugh.jnr@bigbusiness.co.au";
const LONG_WORK = (
  "Full rewire of a two-storey Federation house in Parramatta including a new switchboard with RCBOs, " +
  "relocating the meter box, twenty-four new double power points, LED downlights throughout, three ceiling " +
  "fans, outdoor lighting along the driveway and an EV charger in the garage, with certificates of compliance"
).slice(0, 300);
const PASSWORD = "long-data-1";
const PARRAMATTA = { latitude: "-33.81500000", longitude: "151.00110000" };
/** An electrician whose name, e-mail and company are all long, working from Parramatta. */
const LONG_OWNER = {
  firstName: "Maximilian Bartholomew",
  lastName: "Featherstonehaugh",
  email: LONG_EMAIL,
  companyName: "Featherstonehaugh Electrical Contracting Services Pty Ltd",
  serviceLocation: "Parramatta NSW 2150",
  serviceLatitude: PARRAMATTA.latitude,
  serviceLongitude: PARRAMATTA.longitude,
};
/** A lead whose customer and work are all long, in Parramatta. */
const LONG_LEAD = { customerName: LONG_NAME, customerEmail: LONG_EMAIL, electricalWork: LONG_WORK, specialRequests: LONG_WORK, ...PARRAMATTA };

/** The long data, one owner ("longdata") and their team member, in the server's database. */
async function seedLongData(db: Db) {
  expect([LONG_NAME.length, LONG_EMAIL.length, LONG_WORK.length]).toEqual([40, 50, 300]);
  const owner = await createUser(db, {
    username: "longdata",
    password: PASSWORD,
    ...LONG_OWNER,
    serviceRadius: 50,
  });
  await createUser(db, {
    userType: "team_member",
    teamOwnerId: owner.id,
    firstName: "Bartholomew Maximilian",
    lastName: "Featherstonehaugh",
    email: `team.${LONG_EMAIL}`,
  });
  for (const stage of ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid", "declined"] as const) {
    await createPurchase(db, owner.id, {
      lead: LONG_LEAD,
      purchase: { salesStage: stage, salesNotes: LONG_WORK, quotePrice: "12345.67", buyerName: LONG_NAME, purchasedAt: new Date() },
    });
  }
  await createPurchase(db, owner.id, { lead: LONG_LEAD, purchase: { paymentStatus: "refunded", refundAmount: "40.00", refundedAt: new Date() } });
  for (let i = 0; i < 3; i++) await createLead(db, LONG_LEAD);
  await createCallback(db, {
    firstName: "Maximilian Bartholomew",
    lastName: "Featherstonehaugh",
    email: LONG_EMAIL,
    businessName: "Featherstonehaugh Electrical Contracting Services Pty Ltd",
    serviceArea: LONG_WORK.slice(0, 100),
  });
  const reported = await createPurchase(db, owner.id, { lead: LONG_LEAD, purchase: { purchasedAt: new Date(Date.now() - 2 * 86_400_000) } });
  await createReport(db, reported, { reason: "other", details: LONG_WORK });
  // The super admin has a record of their own, so the backup reminder is due.
  const [boss] = await db.select().from(users).where(eq(users.username, "superadmin"));
  await createPurchase(db, boss!.id, { lead: LONG_LEAD, purchase: { amountPaid: "0.00" } });
}

/** This file's server and browser, seeded with the long data before its first test. */
export function useLongData() {
  const env = useServerAndBrowser({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  beforeAll(() => seedLongData(env.server.db));

  const signedIn = async (viewport: { width: number; height: number }, username = "longdata", password = PASSWORD) => {
    const { page, context } = await openPage(env.browser, { viewport });
    await signInContext(context, env.server.url, username, password);
    return page;
  };

  /** The operator signed in, their welcome notice closed unless `keepNotices`. */
  const adminLogin = async (page: Page, { keepNotices = false } = {}) => {
    await logInAsOperator(page, env.server.url, ADMIN);
    if (!keepNotices) await closeNotices(page);
  };

  return { env, signedIn, adminLogin };
}

export async function expectFits(page: Page, where: string) {
  // Give a late layout (fonts, lazy chunks) its frame before measuring.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // A dialog is fixed to the screen, so it never widens the page: it must fit by itself.
  const dialogs = await page.evaluate(() =>
    [...document.querySelectorAll("[role=dialog], [role=alertdialog]")]
      .map((el) => ({ name: el.getAttribute("aria-labelledby") ?? el.tagName, right: el.getBoundingClientRect().right, over: el.scrollWidth - el.clientWidth }))
      .filter((d) => d.right > window.innerWidth + 0.5 || d.over > 0),
  );
  expect(dialogs, `${where}: a dialog wider than the phone or than itself`).toEqual([]);
  const over = await sideways(page);
  if (over > 0) {
    // Name the widest culprits, deepest first, so a failure says what to fix.
    const culprits = await page.evaluate(() => {
      const sticksOut = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
      // Inside a strip that scrolls on its own (the tab strips) is fine; the page is what must not.
      const inScroller = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
        return false;
      };
      return [...document.querySelectorAll("body *")]
        .filter((el) => sticksOut(el) && !inScroller(el) && ![...el.children].some(sticksOut))
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} "${el.textContent?.slice(0, 30)}" (${Math.round(el.getBoundingClientRect().right)} px)`,
        );
    });
    await lookAt(page, { path: `/tmp/shots/fit-overflow-${where.replace(/\W+/g, "-")}.png`, fullPage: true });
    expect.fail(`${where} scrolls sideways by ${over} px: ${culprits.join("; ")}`);
  }
}

export async function closeNotices(page: Page) {
  const close = page.getByRole("region", { name: /Notifications/ }).getByRole("button", { name: "Close" });
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) await close.first().click();
  // The day's backup reminder sits in the page above the tabs (docs/decisions/038).
  const reminder = page.getByRole("button", { name: "Dismiss the backup reminder" });
  if ((await reminder.count()) > 0) await reminder.click();
}

export const DASHBOARD_TABS = ["Leads", "Purchased", "Called", "Quoted", "Quote Accepted", "Booked In", "Paid", "Declined", "Purchase History"];

export async function openTab(page: Page, tab: string) {
  await page.getByRole("tab", { name: new RegExp(`^${tab}\\b`) }).click();
  await page.getByRole("tab", { name: new RegExp(`^${tab}\\b`), selected: true }).waitFor();
}

export const ADMIN_TABS = ["Overview", "Providers", "All Leads", "Callbacks", "Discount codes", "Reports"];

const DAY = 86_400_000;
const LAYOUT_PASSWORD = "long-data-1";

/**
 * A provider ("layout") with a service area, four long-data purchases bought 4, 1, 3 and 2 days
 * ago and four long-data leads on sale: the dashboard's layout journeys (docs/decisions/038).
 * Returns the purchases' job references, newest purchase first.
 */
async function seedLayoutOwner(db: Db): Promise<string[]> {
  const owner = await createUser(db, {
    username: "layout",
    password: LAYOUT_PASSWORD,
    ...LONG_OWNER,
    serviceRadius: 30,
  });
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
      lead: LONG_LEAD,
      purchase: { salesStage: "called", buyerName: LONG_NAME, quotePrice: "12345.67", purchasedAt: new Date(Date.now() - daysAgo * DAY), ...extra },
    });
    const [lead] = await db.select().from(leads).where(eq(leads.id, purchase.leadId));
    bought.push({ ref: lead!.jobReference, at: daysAgo });
  }
  for (let i = 0; i < 4; i++) await createLead(db, LONG_LEAD);
  return [...bought].sort((a, b) => a.at - b.at).map((b) => b.ref);
}

/** This file's server and browser, with the layout provider; `newestFirst()` once seeded. */
export function useLayoutOwner() {
  const env = useServerAndBrowser();
  let newestFirst: string[] = [];
  beforeAll(async () => {
    newestFirst = await seedLayoutOwner(env.server.db);
  });
  const signedIn = async (viewport: { width: number; height: number }) => {
    const { page, context } = await openPage(env.browser, { viewport });
    await signInContext(context, env.server.url, "layout", LAYOUT_PASSWORD);
    return page;
  };
  return { env, signedIn, newestFirst: () => newestFirst };
}
