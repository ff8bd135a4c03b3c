// The first seconds on a slow phone (docs/decisions/036): a person types and taps the moment a
// field shows, long before the app has taken over the page, and what they meant still happens;
// nothing they typed ever rides in a URL. The figures go to docs/benchmarks.md
// (`SLOW_PHONE_REPORT=1`, see writeReport).
import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../server/db/demo-data";
import { openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";

const env = useServerAndBrowser();

/** 400 ms latency, 400 kbps both ways (50,000 bytes/s), the CPU slowed 4x. */
const SLOW_PHONE = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const CPU_SLOWDOWN = 4;
/** docs/decisions/036: from first paint until a tap at first paint has done what the person meant. */
const TARGET_MS = 3_000;
const SLOW_TIMEOUT_MS = 60_000;

/**
 * Records, in the page, when it first painted, when the app took it over (#root loses
 * data-prerendered) and when the app replaced the loading shell, so the figures come from the
 * page's own clock.
 */
const RECORD_TIMES = `(() => {
  const times = (window.__times = {});
  const watch = () => {
    const root = document.getElementById("root");
    if (!root) return requestAnimationFrame(watch);
    const live = () => !root.hasAttribute("data-prerendered") && root.childElementCount > 0 && !("liveAt" in times) && (times.liveAt = performance.now());
    // The shell's last moment: the app replaced it (pages without a shell record it at once).
    const shellGone = () => !root.querySelector("[data-app-shell]") && !("shellGoneAt" in times) && (times.shellGoneAt = performance.now());
    new MutationObserver(() => (live(), shellGone())).observe(root, { attributes: true, childList: true });
    live();
    shellGone();
  };
  document.addEventListener("DOMContentLoaded", watch);
})();`;

interface Figures {
  page: string;
  firstPaint: number;
  tapAt: number;
  liveAt: number | null;
  doneAt: number;
}
const figures: Figures[] = [];

/**
 * A page on the slow profile, opened by a raw navigation: e2e/support/browser.ts's goto waits
 * for the app to take over, which is exactly what this test must not do.
 */
async function slowPhone(provoked: { status: number; path: string }[] = []) {
  const { context, page } = await openPage(env.browser, { viewport: PHONE, provoked });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_PHONE });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.addInitScript(RECORD_TIMES);
  const urls: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    urls.push(request.url());
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  page.setDefaultTimeout(SLOW_TIMEOUT_MS);
  const open = (path: string) => cdp.send("Page.navigate", { url: env.server.url + path });
  return { context, page, urls, posts, open };
}

/** Now on the page's clock, and the first paint, take-over and shell's end it recorded; `origin` is when its clock started (ms since 1970). */
const pageClock = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __times: { liveAt?: number; shellGoneAt?: number } };
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
    const times = w.__times ?? {};
    return { now: performance.now(), firstPaint: paint, liveAt: times.liveAt ?? null, shellGoneAt: times.shellGoneAt ?? null, origin: performance.timeOrigin };
  });

/** The first paint of the page now open, on the clock of an earlier page that started at `origin`. */
async function firstPaintSince(page: Page, origin: number) {
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  const next = await pageClock(page);
  return next.origin + next.firstPaint - origin;
}

/** No request, of any kind, named what the person typed. */
function expectNothingTypedInUrls(urls: string[], typed: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const plain = decodeURIComponent(url.replace(/\+/g, " ")).toLowerCase();
    for (const text of typed) expect(plain, url).not.toContain(text.toLowerCase());
  }
}

async function record(page: Page, name: string, tapAt: number) {
  const { now, firstPaint, liveAt } = await pageClock(page);
  figures.push({ page: name, firstPaint, tapAt, liveAt, doneAt: now });
}

const signedIn = async (context: BrowserContext) => (await context.request.get(env.server.url + "/api/auth/me")).status();

describe("on a slow phone, before the app has taken over", { timeout: 180_000 }, () => {
  it("when a provider signs in the moment the form shows, then the server signs them in and /dashboard paints signed in, without waiting for the app, and the password never rides in a URL", async () => {
    const { context, page, urls, posts, open } = await slowPhone();
    await open("/login");
    await page.getByLabel("Username or email").fill("dave");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await expect(page.locator("#root[data-prerendered]").count(), "the tap must come before the app takes over").resolves.toBe(1);
    const login = await pageClock(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/dashboard$/);
    // Done when the signed-in page paints (its shell: docs/decisions/036); its own app comes later, as in the /dashboard row.
    const doneAt = await firstPaintSince(page, login.origin);
    figures.push({ page: "/login", firstPaint: login.firstPaint, tapAt: login.now, liveAt: null, doneAt });
    // The form itself went to the server: the app never took the sign-in page over.
    expect(posts).toEqual(["/login"]);
    await expect(signedIn(context)).resolves.toBe(200);
    await page.getByRole("tab", { name: /^Leads/ }).waitFor();
    expectNothingTypedInUrls(urls, [DEMO_PASSWORD, "password="]);
  });

  it("when a provider mistypes the password before the app is ready, then the sign-in page says so as the app would, with nothing typed in the address", async () => {
    const { page, urls, open } = await slowPhone();
    await open("/login");
    await page.getByLabel("Username or email").fill("dave");
    await page.getByLabel("Password").fill("not-the-password-7");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/login\?failed=1$/);
    await page.getByText("Invalid username or password").waitFor();
    expectNothingTypedInUrls(urls, ["not-the-password-7", "password="]);
  });

  it("when a customer describes the job and taps Next the moment the wizard shows, then step 2 shows and going back finds the answers kept", async () => {
    const { page, urls, open } = await slowPhone();
    await open("/get-quote");
    const location = page.getByLabel("Service location");
    const work = page.getByLabel("Describe the electrical work");
    await location.fill("Parramatta NSW 2150");
    await work.fill("Replace the old switchboard and add two power points.");
    await expect(page.locator("#root[data-prerendered]").count(), "the tap must come before the app takes over").resolves.toBe(1);
    const tapAt = (await pageClock(page)).now;
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await record(page, "/get-quote", tapAt);
    expect(new URL(page.url()).search).toBe("");

    await page.goBack();
    await page.getByText("Step 1 of 4: Electrical Work Details").waitFor();
    await expect(work.inputValue()).resolves.toBe("Replace the old switchboard and add two power points.");
    await expect(location.inputValue()).resolves.toBe("Parramatta NSW 2150");
    expectNothingTypedInUrls(urls, ["switchboard", "electricalWork="]);
  });

  it("when a visitor types a suburb and taps Find Local Electricians the moment the home page shows, then the server opens the wizard with it, before either page's app, and the suburb never rides in a URL", async () => {
    const { page, urls, posts, open } = await slowPhone();
    await open("/");
    await page.getByLabel("Your address or suburb").fill("Bondi NSW 2026");
    await expect(page.locator("#root[data-prerendered]").count(), "the tap must come before the app takes over").resolves.toBe(1);
    const home = await pageClock(page);
    await page.getByRole("button", { name: "Find Local Electricians" }).click();
    await page.waitForURL(/\/get-quote$/);
    const location = page.getByLabel("Service location");
    await page.waitForFunction(() => (document.getElementById("serviceLocation") as HTMLInputElement | null)?.value === "Bondi NSW 2026");
    const shown = await pageClock(page);
    figures.push({ page: "/", firstPaint: home.firstPaint, tapAt: home.now, liveAt: null, doneAt: shown.origin + shown.now - home.origin });
    expect(shown.liveAt, "the wizard showed it before its app took over").toBeNull();
    expect(posts).toEqual(["/"]);
    // Once the app has the page, the suburb is its field's value, and the cookie that carried it is gone.
    await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
    await expect(location.inputValue()).resolves.toBe("Bondi NSW 2026");
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain("prefill");
    // The wizard's address field looks up suggestions for what is in it, as when typed; nothing else names it.
    expectNothingTypedInUrls(
      urls.filter((url) => !url.startsWith(`${env.server.url}/api/suburbs?`)),
      ["bondi"],
    );
  });

  it("when a visitor types an address on the home page before the app takes over, then the text is still there afterwards", async () => {
    const { page, open } = await slowPhone();
    await open("/");
    const field = page.getByLabel("Your address or suburb");
    await field.fill("12 Smith St, Parramatta");
    await expect(page.locator("#root[data-prerendered]").count()).resolves.toBe(1);
    await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
    await expect(field.inputValue()).resolves.toBe("12 Smith St, Parramatta");
    await expect(page.getByRole("button", { name: "Find Local Electricians" }).isEnabled()).resolves.toBe(true);
  });

  it("when an electrician fills the sign-up form the moment it shows, then every field keeps its text and none rides in a URL", async () => {
    const { page, urls, open } = await slowPhone();
    await open("/signup");
    const typed = { "First name": "Ellie", "Last name": "Watts", Email: "ellie.watts@example.com", Phone: "0412 555 777", Username: "ellie-w" };
    for (const [label, text] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(text);
    await page.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await page.waitForLoadState("networkidle");
    for (const [label, text] of Object.entries(typed)) await expect(page.getByLabel(label, { exact: true }).inputValue()).resolves.toBe(text);
    expectNothingTypedInUrls(urls, [...Object.values(typed), "first-pass-1"]);
  });

  it("when a signed-in provider opens /dashboard, then the shell shows long before the app", async () => {
    const { context, page, open } = await slowPhone();
    const { signInContext } = await import("./support/session");
    await signInContext(context, env.server.url, "dave");
    await open("/dashboard");
    await page.locator("[data-app-shell]").waitFor({ state: "visible" });
    const shellAt = await pageClock(page);
    await page.getByRole("tab", { name: /^Leads/ }).waitFor();
    const app = await pageClock(page);
    // The first paint's entry is written a frame after the shell is in the page: read once it
    // exists (read with the shell, it was sometimes not there yet on a busy machine).
    const firstPaint = await firstPaintSince(page, app.origin);
    const appAt = app.now;
    expect(shellAt.now).toBeLessThan(appAt);
    // On the page's own clock, not the test's polling: the first paint was the shell, before the
    // app took the page over. How soon it paints is a figure for the table below and
    // docs/benchmarks.md, not a pass mark: on a saturated CI machine the polling alone moved it
    // past 3 s.
    expect(app.shellGoneAt, "the app replaced the shell").not.toBeNull();
    expect(firstPaint).toBeLessThan(app.shellGoneAt!);
    figures.push({ page: "/dashboard (signed in): shell, then app", firstPaint: shellAt.now, tapAt: NaN, liveAt: appAt, doneAt: appAt });
  });
});

const seconds = (ms: number | null) => (ms === null || Number.isNaN(ms) ? "-" : `${(ms / 1000).toFixed(1)} s`);

/** Which taps met the target and which missed it, in a sentence. */
function verdict() {
  const tapped = figures.filter((f) => !Number.isNaN(f.tapAt));
  const names = (met: boolean) => tapped.filter((f) => f.doneAt - f.firstPaint <= TARGET_MS === met).map((f) => f.page);
  const list = (pages: string[]) => (pages.length ? pages.join(", ") : "none");
  return `Within 3 s of first paint: ${list(names(true))}. Over it: ${list(names(false))}.`;
}

/**
 * The figures, printed, and with SLOW_PHONE_REPORT=1 written into docs/benchmarks.md between
 * its slow-phone markers.
 */
afterAll(() => {
  const rows = figures.map((f) => {
    const tapped = Number.isNaN(f.tapAt) ? "-" : seconds(f.tapAt);
    const sinceFirstPaint = Number.isNaN(f.tapAt) ? "-" : seconds(f.doneAt - f.firstPaint);
    const sinceTap = Number.isNaN(f.tapAt) ? "-" : seconds(f.doneAt - f.tapAt);
    const met = Number.isNaN(f.tapAt) ? "-" : f.doneAt - f.firstPaint <= TARGET_MS ? "met" : "missed";
    return `| ${f.page} | ${seconds(f.firstPaint)} | ${tapped} | ${seconds(f.liveAt)} | ${seconds(f.doneAt)} | ${sinceTap} | ${sinceFirstPaint} | ${met} |`;
  });
  const table = [
    "| page | first paint | tapped at | app took over | done | tap to done | first paint to done | ≤ 3 s |",
    "| ---- | ----------- | --------- | ------------- | ---- | ----------- | ------------------- | ----- |",
    ...rows,
  ].join("\n");
  console.log(table);
  if (!process.env.SLOW_PHONE_REPORT) return;
  const file = "docs/benchmarks.md";
  const doc = fs.readFileSync(file, "utf8");
  const section = [
    "<!-- slow-phone:start -->",
    "",
    "## First seconds on a slow phone",
    "",
    `Measured ${new Date().toISOString()} by \`SLOW_PHONE_REPORT=1 npx vitest run e2e/slow-phone.test.ts\`: Chromium at 390 px, Chrome DevTools Protocol's network emulation (400 ms latency, 400 kbps = 50,000 bytes/s down and up) and CPU slowed 4x, the production build the browser tests make (scripts/build-if-stale.mjs), served by a local server. Times from the first page's navigation start, on the page's own clock (for a tap that opens another page, that page's paint is put on the first page's clock). The person types and taps the moment a field shows, before the app has taken over (docs/decisions/036); "done" is when what they meant shows: the first paint of /dashboard after Sign In (the server signs in from the form itself; the dashboard paints its shell, its leads come with its app as in the /dashboard row), step 2 after Next, the suburb in the wizard's field after Find Local Electricians (also sent to the server as it is). Target: first paint to done ≤ 3 s, which includes the test's own typing (about 1 s on the slowed CPU). "App took over" is "-" where the tap was done before the page's app took it over (the server answered the form). Sign In and Find Local Electricians are answered by the server from the form itself; Next on the wizard is still carried out by the app once it is live. Before the server answered those two forms (same build and profile), first paint to done was 9.4 s on /login and 6.8 s on /.`,
    "",
    table,
    "",
    verdict(),
    "<!-- slow-phone:end -->",
  ].join("\n");
  const marked = /<!-- slow-phone:start -->[\s\S]*<!-- slow-phone:end -->/;
  fs.writeFileSync(file, marked.test(doc) ? doc.replace(marked, () => section) : `${doc.trimEnd()}\n\n${section}\n`);
});
