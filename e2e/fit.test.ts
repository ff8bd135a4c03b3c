// "Fit the phone" in Chromium (docs/decisions/032): with long real-world data (a 40-character name, a
// 50-character e-mail, a 300-character description) nothing scrolls sideways at 390 px on
// any dashboard tab or dialog or admin tab; the first lead's price and Purchase button show
// without scrolling; notices never cover the header or each other; the super admin's header
// fits one line at 1366 px; and axe-core finds nothing serious on the dashboard and admin
// tabs. Screenshots go to /tmp/shots/fit-*.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createCallback, createLead, createPurchase, createReport, createUser } from "../server/db/factories";
import { eq } from "drizzle-orm";
import { users, type User } from "../shared/schema";
import { structuralViolations } from "./support/axe";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const ADMIN = { username: "operator", password: "op-secret-1" };
const env = useServerAndBrowser({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
const WIDE = { width: 1366, height: 900 };

// 40, 50 and 300 characters, with the unbroken runs real data has (an e-mail has no spaces).
const LONG_NAME = "Maximilian Bartholomew Featherstonehaugh";
const LONG_EMAIL = "maximilian.featherstonehaugh.jnr@bigbusiness.co.au";
const LONG_WORK = (
  "Full rewire of a two-storey Federation house in Parramatta including a new switchboard with RCBOs, " +
  "relocating the meter box, twenty-four new double power points, LED downlights throughout, three ceiling " +
  "fans, outdoor lighting along the driveway and an EV charger in the garage, with certificates of compliance"
).slice(0, 300);
const PASSWORD = "long-data-1";
const PARRAMATTA = { latitude: "-33.81500000", longitude: "151.00110000" };

let owner: User;

beforeAll(async () => {
  expect([LONG_NAME.length, LONG_EMAIL.length, LONG_WORK.length]).toEqual([40, 50, 300]);
  const db = env.server.db;
  owner = await createUser(db, {
    username: "longdata",
    password: PASSWORD,
    firstName: "Maximilian Bartholomew",
    lastName: "Featherstonehaugh",
    email: LONG_EMAIL,
    companyName: "Featherstonehaugh Electrical Contracting Services Pty Ltd",
    serviceLocation: "Parramatta NSW 2150",
    serviceLatitude: PARRAMATTA.latitude,
    serviceLongitude: PARRAMATTA.longitude,
    serviceRadius: 50,
  });
  await createUser(db, {
    userType: "team_member",
    teamOwnerId: owner.id,
    firstName: "Bartholomew Maximilian",
    lastName: "Featherstonehaugh",
    email: `team.${LONG_EMAIL}`,
  });
  const longLead = { customerName: LONG_NAME, customerEmail: LONG_EMAIL, electricalWork: LONG_WORK, specialRequests: LONG_WORK, ...PARRAMATTA };
  for (const stage of ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid", "declined"] as const) {
    await createPurchase(db, owner.id, {
      lead: longLead,
      purchase: { salesStage: stage, salesNotes: LONG_WORK, quotePrice: "12345.67", buyerName: LONG_NAME, purchasedAt: new Date() },
    });
  }
  await createPurchase(db, owner.id, { lead: longLead, purchase: { paymentStatus: "refunded", refundAmount: "40.00", refundedAt: new Date() } });
  for (let i = 0; i < 3; i++) await createLead(db, longLead);
  await createCallback(db, {
    firstName: "Maximilian Bartholomew",
    lastName: "Featherstonehaugh",
    email: LONG_EMAIL,
    businessName: "Featherstonehaugh Electrical Contracting Services Pty Ltd",
    serviceArea: LONG_WORK.slice(0, 100),
  });
  const reported = await createPurchase(db, owner.id, { lead: longLead, purchase: { purchasedAt: new Date(Date.now() - 2 * 86_400_000) } });
  await createReport(db, reported, { reason: "other", details: LONG_WORK });
  // The super admin has a record of their own, so the backup reminder is due.
  const [boss] = await db.select().from(users).where(eq(users.username, "superadmin"));
  await createPurchase(db, boss!.id, { lead: longLead, purchase: { amountPaid: "0.00" } });
});

async function signedIn(viewport: { width: number; height: number }, username = "longdata", password = PASSWORD) {
  const { page, context } = await openPage(env.browser, { viewport });
  await signInContext(context, env.server.url, username, password);
  return page;
}

/** How far the page scrolls sideways: 0 when it fits. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function expectFits(page: Page, where: string) {
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

async function closeNotices(page: Page) {
  const close = page.getByRole("region", { name: /Notifications/ }).getByRole("button", { name: "Close" });
  for (let i = 0; i < 5 && (await close.count()) > 0; i++) await close.first().click();
  // The day's backup reminder sits in the page above the tabs (docs/decisions/038).
  const reminder = page.getByRole("button", { name: "Dismiss the backup reminder" });
  if ((await reminder.count()) > 0) await reminder.click();
}

const DASHBOARD_TABS = ["Leads", "Purchased", "Called", "Quoted", "Quote Accepted", "Booked In", "Paid", "Declined", "Purchase History"];

async function openTab(page: Page, tab: string) {
  await page.getByRole("tab", { name: new RegExp(`^${tab}\\b`) }).click();
  await page.getByRole("tab", { name: new RegExp(`^${tab}\\b`), selected: true }).waitFor();
}

async function openFromMenu(page: Page, item: string) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: item }).click();
  await page.getByRole("dialog").filter({ hasNotText: "Menu" }).first().waitFor();
}

describe("nothing scrolls sideways at 390 px", () => {
  it("when every dashboard tab and dialog opens with long data, then the page is never wider than the phone", async () => {
    const page = await signedIn(PHONE);
    await page.goto(env.server.url + "/dashboard");
    await page.getByTestId("lead-card").first().waitFor();
    await closeNotices(page);
    for (const tab of DASHBOARD_TABS) {
      await openTab(page, tab);
      if (tab !== "Leads" && tab !== "Purchase History") await page.getByTestId("stage-card").first().waitFor();
      await expectFits(page, `tab ${tab}`);
      await lookAt(page, { path: `/tmp/shots/fit-tab-${tab.replace(/ /g, "-")}-390.png`, fullPage: true });
    }
    // Purchase History with a reversed range shows its notice, still inside the phone.
    await openTab(page, "Purchase History");
    await page.getByLabel("Purchased").selectOption("custom");
    await page.getByLabel("From", { exact: true }).fill("2030-12-31");
    await page.getByLabel("To", { exact: true }).fill("2030-01-01");
    await page.getByText(/after the To date/).waitFor();
    await expectFits(page, "Purchase History reversed-range notice");
    await page.getByRole("button", { name: "Clear Filter" }).click();

    // The dialogs: the phone menu itself, Team, Add Lead, Service Area, Business details, Purchase, Edit Job, Report bad lead.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    await expectFits(page, "phone menu");
    await page.keyboard.press("Escape");
    for (const item of ["Team Management", "Add Lead", "Manage Service Area", "Business details"]) {
      await openFromMenu(page, item);
      await expectFits(page, `dialog ${item}`);
      await lookAt(page, { path: `/tmp/shots/fit-dialog-${item.replace(/ /g, "-")}-390.png` });
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
    await openTab(page, "Leads");
    await page
      .getByTestId("lead-card")
      .first()
      .getByRole("button", { name: /Purchase|Claim/ })
      .click();
    await page.getByRole("dialog").waitFor();
    await expectFits(page, "dialog Purchase");
    await page.keyboard.press("Escape");
    await openTab(page, "Purchased");
    const card = page.getByTestId("stage-card").first();
    await card.getByRole("button", { name: /Edit job details/ }).click();
    await page.getByRole("dialog").waitFor();
    await expectFits(page, "dialog Edit Job Details");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await card.getByRole("button", { name: "Report bad lead" }).click();
    await page.getByRole("dialog", { name: "Report bad lead" }).waitFor();
    await expectFits(page, "dialog Report bad lead");
    await lookAt(page, { path: "/tmp/shots/fit-dialog-Report-390.png" });
  });

  it("when a Purchased card shows a long name and e-mail, then the card fits and the e-mail stays whole and selectable", async () => {
    const page = await signedIn(PHONE);
    await page.goto(env.server.url + "/dashboard");
    await openTab(page, "Purchased");
    const card = page.getByTestId("stage-card").first();
    await card.waitFor();
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const email = card.getByRole("link", { name: LONG_EMAIL });
    // The whole address is in the link (not cut to "maxi..."), readable on screen and copyable.
    await expect(email.textContent()).resolves.toContain(LONG_EMAIL);
    await expect(email.evaluate((el) => getComputedStyle(el).userSelect)).resolves.not.toBe("none");
    const emailBox = (await email.boundingBox())!;
    expect(emailBox.x + emailBox.width).toBeLessThanOrEqual(box.x + box.width);
  });

  it("when the admin tabs open at 390 px with long data, then none scrolls sideways", async () => {
    const { page } = await openPage(env.browser, { viewport: PHONE });
    await adminLogin(page);
    for (const tab of ADMIN_TABS) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tab", { name: tab, selected: true }).waitFor();
      await page.getByRole("main").waitFor();
      await expectFits(page, `admin ${tab}`);
    }
  });
});

const ADMIN_TABS = ["Overview", "Providers", "All Leads", "Callbacks", "Discount codes", "Reports"];

async function adminLogin(page: Page) {
  await page.goto(env.server.url + "/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await closeNotices(page);
}

describe("the phone's first screen", () => {
  it("when a provider opens the dashboard on a phone, then the first lead's price and Purchase button are on screen without scrolling", async () => {
    const page = await signedIn(PHONE);
    await page.goto(env.server.url + "/dashboard");
    const first = page.getByTestId("lead-card").first();
    await first.waitFor();
    await closeNotices(page);
    await lookAt(page, { path: "/tmp/shots/fit-first-lead-390.png" });
    for (const part of [first.getByTestId("live-price"), first.getByRole("button", { name: /^(Purchase|Claim FREE)$/ })]) {
      const box = (await part.boundingBox())!;
      expect(box.y, "top on screen").toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, "bottom on screen").toBeLessThanOrEqual(PHONE.height);
    }
    // Place, budget and urgency each keep to one line.
    for (const label of ["Location", "Budget", "Urgency"]) {
      const fact = first.getByTestId(`fact-${label}`);
      const lines = await fact.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines, `${label} on one line`).toBe(1);
    }
    await lookAt(page, { path: "/tmp/shots/fit-first-lead-390.png" });
  });
});

describe("notices", () => {
  it("when the backup reminder is due and a claim confirmation arrives, then the reminder stays in the page, and the notice covers neither it nor the header", async () => {
    const page = await signedIn(PHONE, "superadmin", "demo1234");
    // Due at every load of this page: forgotten before the app reads it. (Removing it after one
    // load raced that load's own "shown now", which could land after the removal.)
    await page.addInitScript(() => localStorage.removeItem("backupReminderShownAt"));
    await page.goto(env.server.url + "/dashboard");
    const first = page.getByTestId("lead-card").first();
    await first.waitFor();
    // The reminder is in the page above the tabs (the super admin has records), not a notice
    // (docs/decisions/038); a claim's confirmation arrives as a notice, and both stay readable.
    const region = page.getByRole("region", { name: /Notifications/ });
    const reminder = page.getByRole("status").filter({ hasText: "Back up your leads" });
    await reminder.waitFor();
    await first.getByRole("button", { name: "Claim" }).click();
    await page.getByRole("dialog").locator("[data-primary]").click();
    await region.getByText("Lead claimed").waitFor();
    await expect(reminder.isVisible()).resolves.toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    const toasts = region.locator("li");
    const boxes = [...(await Promise.all((await toasts.all()).map((t) => t.boundingBox()))), await reminder.boundingBox()];
    const header = (await page.locator("header").first().boundingBox())!;
    for (const box of boxes) expect(box!.y, "a notice covers the header").toBeGreaterThanOrEqual(header.y + header.height);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const overlap = a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap, "two notices overlap").toBe(false);
      }
    await lookAt(page, { path: "/tmp/shots/fit-notices-390.png" });
  });
});

describe("the super admin's header at 1366 px", () => {
  it("when the super admin opens the dashboard, then every header item sits on one line", async () => {
    const page = await signedIn(WIDE, "superadmin", "demo1234");
    await page.goto(env.server.url + "/dashboard");
    await page.getByTestId("lead-card").first().waitFor();
    // Every piece of text in the header on one line: a text node that wraps has rectangles
    // at two heights. (The user menu stacks name over role on purpose: two text nodes.)
    const wrapped = await page.evaluate(() => {
      const header = document.querySelector("header")!;
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)));
        if (tops.size > 1) found.push(node.textContent.trim());
      }
      return found;
    });
    expect(wrapped, "header text that wraps").toEqual([]);
    const row = await page.evaluate(() => document.querySelector("header > div")!.getBoundingClientRect().height);
    expect(row).toBeLessThanOrEqual(64);
    await lookAt(page, { path: "/tmp/shots/fit-superadmin-header-1366.png" });
  });
});

describe("accessibility of the dashboard and admin tabs", () => {
  it("when every dashboard tab is scanned with axe-core, then there is no serious violation, and headings, landmarks and lists are valid", async () => {
    const page = await signedIn(WIDE);
    await page.goto(env.server.url + "/dashboard");
    await page.getByTestId("lead-card").first().waitFor();
    await closeNotices(page);
    for (const tab of DASHBOARD_TABS) {
      await openTab(page, tab);
      expect(await structuralViolations(page), `dashboard tab ${tab}`).toEqual([]);
    }
  });

  it("when every admin tab is scanned with axe-core, then there is no serious violation and each has its main landmark", async () => {
    const { page } = await openPage(env.browser, { viewport: WIDE });
    await adminLogin(page);
    for (const tab of ADMIN_TABS) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tab", { name: tab, selected: true }).waitFor();
      await page.getByRole("main").waitFor();
      await page.waitForFunction(() => !document.querySelector("main [role=status][aria-label^=Loading]"));
      expect(await structuralViolations(page), `admin tab ${tab}`).toEqual([]);
    }
  });

  it("when /provider-signup is scanned, then headings are in order", async () => {
    const { page } = await openPage(env.browser, { viewport: WIDE });
    await page.goto(env.server.url + "/provider-signup");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await structuralViolations(page)).toEqual([]);
  });
});

describe("the screens made to fit the phone, with long data (screenshots under /tmp/shots with E2E_SHOTS=1)", () => {
  it.each([PHONE, WIDE])(
    "when each is opened at $width px with long data, then it renders without sideways scrolling",
    async (viewport) => {
      {
        const page = await signedIn(viewport);
        const shot = (name: string) => lookAt(page, { path: `/tmp/shots/fit-${name}-${viewport.width}.png`, fullPage: true });
        await page.goto(env.server.url + "/dashboard");
        await page.getByTestId("lead-card").first().waitFor();
        await closeNotices(page);
        await shot("leads");
        await openTab(page, "Purchased");
        await page.getByTestId("stage-card").first().waitFor();
        await shot("purchased");
        await openTab(page, "Purchase History");
        await page.getByTestId("history-refunds").waitFor();
        await expectFits(page, `Purchase History at ${viewport.width}`);
        await shot("history");

        const { page: visitor } = await openPage(env.browser, { viewport });
        await visitor.goto(env.server.url + "/login");
        await visitor.getByLabel("Username or email").waitFor();
        await expectFits(visitor, `login at ${viewport.width}`);
        await lookAt(visitor, { path: `/tmp/shots/fit-login-${viewport.width}.png` });
        await visitor.goto(env.server.url + "/auth/forgot-password");
        await visitor.getByLabel("Email").fill(LONG_EMAIL);
        await visitor.getByRole("button", { name: "Send Reset Instructions" }).click();
        await visitor.getByRole("heading", { name: "Check Your Email" }).waitFor();
        await expectFits(visitor, `forgot password at ${viewport.width}`);
        await lookAt(visitor, { path: `/tmp/shots/fit-forgot-${viewport.width}.png`, fullPage: true });

        const { page: operator } = await openPage(env.browser, { viewport });
        await adminLogin(operator);
        await operator.getByTestId("sales-pipeline").waitFor();
        await lookAt(operator, { path: `/tmp/shots/fit-admin-overview-${viewport.width}.png`, fullPage: true });
        await operator.getByRole("tab", { name: "Providers" }).click();
        await operator.getByTestId("provider-card").first().waitFor();
        await expectFits(operator, `admin providers at ${viewport.width}`);
        await lookAt(operator, { path: `/tmp/shots/fit-admin-providers-${viewport.width}.png`, fullPage: true });
      }
    },
    120_000,
  );
});
