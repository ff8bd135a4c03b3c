// Typing through the app's take-over of a landing page (docs/decisions/036, server/platform/http/early-input.ts):
// the app's scripts are held back until a few keys are in, then the rest is typed at 30 ms a key,
// on a 4x slowed CPU, while they arrive and take the page over. Used by e2e/no-letter-lost*.test.ts.
import type { Browser, Page } from "playwright-core";
import { openPage } from "./browser";
import { signInContext } from "./session";

const KEY_DELAY_MS = 30;

/**
 * How many times a file types each field: `inCi` runs keep the file under 30 s beside two other
 * browser files; NO_LETTER_LOST_RUNS=20 runs the long loop by hand, alone on the machine (its
 * figures: docs/benchmarks.md).
 */
export const runsOfEachField = (inCi: number) => Number(process.env.NO_LETTER_LOST_RUNS) || inCi;

/**
 * `path` opened with the app's scripts held back until `release` is called; the page the server
 * draws (built or, signed in, its first screen) shows at once.
 */
export async function withScriptsHeld(env: { browser: Browser; server: { url: string } }, path: string, options: { signedInAs?: string } = {}) {
  const { context, page } = await openPage(env.browser);
  if (options.signedInAs) await signInContext(context, env.server.url, options.signedInAs);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // A raw navigation: page.goto would wait for the app, which is held back.
  await cdp.send("Page.navigate", { url: env.server.url + path });
  return { page, release, cdp };
}

const isLive = (page: Page) => page.evaluate(() => !document.querySelector("#root[data-prerendered]"));

/** What is in the field labelled `label` after typing `text` through the take-over, and whether the app took over before the last key. */
export async function typeThroughTakeOver(env: { browser: Browser; server: { url: string } }, path: string, label: string, text: string) {
  const { values, liveWhileTyping } = await typeFormThroughTakeOver(env, path, [[label, text]], { run: 0 });
  return { value: values[label]!, liveWhileTyping };
}

/** Keys typed into each field of a server-drawn form before the app's scripts are let through. */
const KEYS_BEFORE_THE_SCRIPTS = 6;

/**
 * Every text field of a form typed through one take-over: the first few keys of each field
 * before the scripts come, then the rest of each, field after field, while they arrive. `run`
 * turns which field's rest comes first, so that over a loop of runs the take-over lands in
 * each field in turn (on this machine it comes within the first two). A form the app alone
 * draws (`drawnBy: "app"`, e.g. sign-up) has no take-over: its scripts come at once, and each
 * field is typed whole from the moment the form shows, on the same slowed CPU, while the app
 * may still be loading what the form asks for. What is in each field afterwards, by its label,
 * and whether the app took over before the last key.
 */
export async function typeFormThroughTakeOver(
  env: { browser: Browser; server: { url: string } },
  path: string,
  fields: [label: string, text: string][],
  options: { run: number; drawnBy?: "server" | "app" },
) {
  const { page, release, cdp } = await withScriptsHeld(env, path);
  const fieldOf = (label: string) => page.getByLabel(label, { exact: true }).first();
  const byServer = options.drawnBy !== "app";
  if (!byServer) release();
  await fieldOf(fields[0]![0]).waitFor();
  const firstKeys = byServer ? KEYS_BEFORE_THE_SCRIPTS : 0;
  for (const [label, text] of byServer ? fields : []) {
    await fieldOf(label).click();
    await page.keyboard.type(text.slice(0, firstKeys), { delay: KEY_DELAY_MS });
  }
  release();
  const turn = options.run % fields.length;
  for (const [label, text] of [...fields.slice(turn), ...fields.slice(0, turn)]) {
    // A form's next field is focused by a tap at its end, as a person goes back to a field to go
    // on typing; a single field keeps its focus, and the person simply types on.
    if (fields.length > 1 || !byServer) {
      await fieldOf(label).click();
      await page.keyboard.press("End");
    }
    await page.keyboard.type(text.slice(firstKeys), { delay: KEY_DELAY_MS });
  }
  const liveWhileTyping = await isLive(page);
  await page.waitForFunction(() => !document.querySelector("#root[data-prerendered]"));
  // An app-drawn form's own loads settle; a taken-over one's hand-back runs two tasks after the
  // take-over. Then each field shows what the app holds.
  if (!byServer) await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const values: Record<string, string> = {};
  for (const [label] of fields) values[label] = await fieldOf(label).inputValue();
  return { values, liveWhileTyping };
}
