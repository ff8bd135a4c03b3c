// The first seconds on a slow phone (docs/decisions/036): a person types and taps the moment a
// field shows, long before the app has taken over the page, and what they meant still happens;
// nothing they typed ever rides in a URL. The journeys live in e2e/slow-phone-*.test.ts, a few
// to a file so that no file runs for a minute (docs/decisions/071); each file's figures go to
// its own table in docs/benchmarks.md (`SLOW_PHONE_REPORT=1`, see reportFigures).
import fs from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, expect } from "vitest";
import { openPage, PHONE } from "./browser";
import { useServerAndBrowser } from "./harness";

/** 400 ms latency, 400 kbps both ways (50,000 bytes/s), the CPU slowed 4x. */
const SLOW_PHONE = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const CPU_SLOWDOWN = 4;
/** docs/decisions/036: from first paint until a tap at first paint has done what the person meant. */
const TARGET_MS = 3_000;
const SLOW_TIMEOUT_MS = 60_000;
/** For each journey: the page loads over the slow link. */
export const SLOW_JOURNEY = { timeout: 180_000 };

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
    // A first screen the server rendered (docs/decisions/092-first-screen-from-the-server.md): when the app handed over.
    if (document.getElementById("first-screen")) {
      new MutationObserver((m, o) => {
        if (document.getElementById("first-screen")) return;
        times.firstScreenGoneAt = performance.now();
        o.disconnect();
      }).observe(document.body, { childList: true });
    }
  };
  // When a popover (the first screen's purchase confirmation) first opened.
  document.addEventListener("toggle", (e) => e.newState === "open" && !("openedAt" in times) && (times.openedAt = performance.now()), true);
  document.addEventListener("DOMContentLoaded", watch);
})();`;

export interface Figures {
  page: string;
  firstPaint: number;
  tapAt: number;
  liveAt: number | null;
  doneAt: number;
}

/**
 * One file's slow-phone journeys: its server and browser, and its figures, printed and (with
 * SLOW_PHONE_REPORT=1) written as the table named `part` when the file ends.
 */
export function useSlowPhone(part: string, testFile: string) {
  const env = useServerAndBrowser();
  const figures: Figures[] = [];
  afterAll(() => reportFigures(part, testFile, figures));

  /**
   * A page on the slow profile, opened by a raw navigation: e2e/support/browser.ts's goto waits
   * for the app to take over, which is exactly what these journeys must not do.
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
    /**
     * Chromium slows the CPU by spinning the page's main thread three quarters of the time, busy
     * or not: a core for as long as the page is open. Once the race with the app is over, the
     * rest of a journey only checks what happened, on the same slow link.
     */
    const raceOver = () => cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    return { context, page, urls, posts, open, raceOver };
  }

  const record = async (page: Page, name: string, tapAt: number) => {
    const { now, firstPaint, liveAt } = await pageClock(page);
    figures.push({ page: name, firstPaint, tapAt, liveAt, doneAt: now });
  };

  return { env, figures, slowPhone, record };
}

/** Now on the page's clock, and the first paint, take-over and shell's end it recorded; `origin` is when its clock started (ms since 1970). */
export const pageClock = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __times: { liveAt?: number; shellGoneAt?: number; firstScreenGoneAt?: number; openedAt?: number } };
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
    const times = w.__times ?? {};
    return {
      now: performance.now(),
      firstPaint: paint,
      liveAt: times.liveAt ?? null,
      shellGoneAt: times.shellGoneAt ?? null,
      firstScreenGoneAt: times.firstScreenGoneAt ?? null,
      openedAt: times.openedAt ?? null,
      origin: performance.timeOrigin,
    };
  });

/** The first paint of the page now open, on the clock of an earlier page that started at `origin`. */
export async function firstPaintSince(page: Page, origin: number) {
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  const next = await pageClock(page);
  return next.origin + next.firstPaint - origin;
}

/** No request, of any kind, named what the person typed. */
export function expectNothingTypedInUrls(urls: string[], typed: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const plain = decodeURIComponent(url.replace(/\+/g, " ")).toLowerCase();
    for (const text of typed) expect(plain, url).not.toContain(text.toLowerCase());
  }
}

/** The tap must come before the app takes over: the page still wears the prerendered marker. */
export const expectAppNotYetLive = (page: Page) =>
  expect(page.locator("#root[data-prerendered]").count(), "the tap must come before the app takes over").resolves.toBe(1);

const seconds = (ms: number | null) => (ms === null || Number.isNaN(ms) ? "-" : `${(ms / 1000).toFixed(1)} s`);

/** Which taps met the target and which missed it, in a sentence. */
function verdict(figures: Figures[]) {
  const tapped = figures.filter((f) => !Number.isNaN(f.tapAt));
  if (tapped.length === 0) return "No tap timed in this file.";
  const names = (met: boolean) => tapped.filter((f) => f.doneAt - f.firstPaint <= TARGET_MS === met).map((f) => f.page);
  const list = (pages: string[]) => (pages.length ? pages.join(", ") : "none");
  return `Within 3 s of first paint: ${list(names(true))}. Over it: ${list(names(false))}.`;
}

const INTRO = `Chromium at 390 px, Chrome DevTools Protocol's network emulation (400 ms latency, 400 kbps = 50,000 bytes/s down and up) and CPU slowed 4x, the production build the browser tests make (scripts/build-if-stale.mjs), served by a local server. Times from the first page's navigation start, on the page's own clock (for a tap that opens another page, that page's paint is put on the first page's clock). The person types and taps the moment a field shows, before the app has taken over (docs/decisions/036); "done" is when what they meant shows: the first paint of /dashboard after Sign In (the server signs in from the form itself; the dashboard paints its shell, its leads come with its app as in the /dashboard row), step 2 after Next (seen on the page the server sent), the suburb in the wizard's field after Find Local Electricians (also sent to the server as it is). Target: first paint to done ≤ 3 s, which includes the test's own typing (about 1 s on the slowed CPU). "App took over" is "-" where the tap was done before the page's app took it over (the server answered the form). Sign In, Find Local Electricians and the wizard's Next on step 1 are answered by the server from the form itself (docs/decisions/100-the-wizards-next-before-the-app.md for the wizard). Before the server answered them (same build and profile), first paint to done was 9.4 s on /login, 6.8 s on / and 8.4 s on /get-quote. Each table comes from one file of journeys (e2e/slow-phone-*.test.ts), measured one file at a time, alone on the machine (three throttled pages at once share two cores and slow one another), by \`for f in e2e/slow-phone-*.test.ts; do SLOW_PHONE_REPORT=1 npx vitest run $f; done\`.`;

/**
 * The figures, printed, and with SLOW_PHONE_REPORT=1 written into docs/benchmarks.md as this
 * file's table, between its own markers inside the slow-phone section.
 */
function reportFigures(part: string, testFile: string, figures: Figures[]) {
  // A file whose journeys only check what happened (a wrong password) has no row to show.
  if (figures.length === 0) return;
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
  const [start, end] = [`<!-- slow-phone:${part}:start -->`, `<!-- slow-phone:${part}:end -->`];
  const block = [start, "", `### ${part}`, "", `Measured ${new Date().toISOString()} (\`${testFile}\`).`, "", table, "", verdict(figures), end].join("\n");
  const doc = fs.readFileSync(file, "utf8");
  const own = new RegExp(`${start}[\\s\\S]*${end}`);
  const sectionEnd = "<!-- slow-phone:end -->";
  const written = own.test(doc)
    ? doc.replace(own, () => block)
    : doc.includes(sectionEnd)
      ? doc.replace(sectionEnd, () => `${block}\n\n${sectionEnd}`)
      : `${doc.trimEnd()}\n\n<!-- slow-phone:start -->\n\n## First seconds on a slow phone\n\n${INTRO}\n\n${block}\n\n${sectionEnd}\n`;
  fs.writeFileSync(file, written);
}
