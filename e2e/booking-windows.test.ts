// Booking windows the customer picks, in Chromium at 390 px (docs/decisions/102-booking-windows.md):
// Dave offers three windows from the card of a Called job in Western Australia, typed on Perth's
// clock while the browser keeps Sydney's; the customer picks one on their job page; the card moves
// to Booked In with that window, and Dave's calendar feed carries its start and its length.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads } from "../shared/schema";
import { windowText } from "../shared/booking-windows";
import { instantOfWallClock, wallClockIn, zoneOfState } from "../shared/state-time";
import { seriousViolationsIn, structuralViolations } from "./support/axe";
import { openPage, PHONE, sideways } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { lookAt, shotsWanted } from "./support/look";
import { WIDE } from "./support/pipeline-cards";
import { askForQuote } from "./support/quote";
import { signInContext } from "./support/session";

const env = useServerAndBrowser();

const PERTH = zoneOfState("WA");
const two = (n: number) => String(n).padStart(2, "0");
/** The day `days` after today on Perth's clock, "YYYY-MM-DD". */
function perthDay(days: number) {
  const w = wallClockIn(PERTH, new Date());
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return `${day.getUTCFullYear()}-${two(day.getUTCMonth() + 1)}-${two(day.getUTCDate())}`;
}
const instant = (date: string, time: string) => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return instantOfWallClock(PERTH, { year, month, day }, hour, minute);
};
/** 20261124T223000Z, as the feed writes a time. */
const icsStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

describe("booking windows the customer picks", () => {
  it("when Dave offers three Perth windows from a Called card and the customer picks one, then the card is Booked In for it and the feed carries it", async () => {
    const customerName = "Marguerite Oyelaran-Winterbottom";
    const { jobReference, jobUrl } = await askForQuote(env.server.url, {
      serviceLocation: "Joondalup WA 6027",
      electricalWork: "Two new double power points in the home office and a ceiling fan with a light in the main bedroom.",
      customerName,
      customerPhone: "0414 555 808",
    });

    // Dave buys it and has spoken to the customer: the job is Called.
    const { page: dave, context } = await openPage(env.browser, { viewport: PHONE });
    await signInContext(context, env.server.url, "dave");
    const api = (method: "get" | "post" | "patch", path: string, data?: object) =>
      context.request[method](env.server.url + path, { ...(data ? { data } : {}), headers: { Origin: env.server.url } });
    const [lead] = await env.server.db.select().from(leads).where(eq(leads.jobReference, jobReference));
    expect(lead!.state).toBe("WA");
    const sale = await api("post", `/api/leads/${lead!.id}/purchase`, {});
    expect(sale.status(), await sale.text()).toBe(201);
    const { purchase } = (await sale.json()) as { purchase: { id: number } };
    const pipeline = (await (await api("get", "/api/my-purchased-leads")).json()) as Array<{ id: number; version: number }>;
    const { version } = pipeline.find((p) => p.id === purchase.id)!;
    const called = await api("patch", `/api/lead-purchases/${purchase.id}/sales-stage`, { salesStage: "called", version });
    expect(called.status(), await called.text()).toBe(200);

    await dave.goto(env.server.url + "/dashboard");
    await dave.addStyleTag({ content: "header { position: static !important; }" });
    await dave.getByRole("tab", { name: /^Called/ }).click();
    const card = dave.getByTestId("stage-card").filter({ hasText: customerName });
    const times = card.getByTestId("card-booking");
    // The card reads its times once it is on screen.
    await times.scrollIntoViewIfNeeded();
    await times.getByText("No time booked.").waitFor();
    await times.getByRole("button", { name: "Offer times" }).click();

    // Three windows on Perth's clock; the browser is on Sydney's (e2e/support/browser.ts).
    const dialog = dave.getByRole("dialog", { name: "Offer times to the customer" });
    expect(await dialog.getByTestId("offer-zone").textContent()).toBe("Times in Perth time (WA)");
    const typed = [
      { date: perthDay(2), start: "09:00", end: "11:00" },
      { date: perthDay(2), start: "12:30", end: "15:30" },
      { date: perthDay(3), start: "07:30", end: "09:30" },
    ];
    const rows = dialog.getByTestId("window-row");
    for (const [index, w] of typed.entries()) {
      if (index > 0) await dialog.getByRole("button", { name: "Add another window" }).click();
      const row = rows.nth(index);
      await row.getByLabel("Date").fill(w.date);
      await row.getByLabel("From").fill(w.start);
      // The first row is typed half an hour long first: the row says so as it is typed.
      await row.getByLabel("To").fill(index === 0 ? "09:30" : w.end);
      if (index === 0) {
        await row.getByTestId("window-problems").getByText("A window is 1 to 4 hours long").waitFor();
        expect(await row.getByLabel("To").getAttribute("aria-invalid")).toBe("true");
        await row.getByLabel("To").fill(w.end);
      }
    }
    const spans = typed.map((w) => ({ startsAt: instant(w.date, w.start), endsAt: instant(w.date, w.end) }));
    const words = spans.map((s) => windowText(s, "WA"));
    // Each row reads back as the customer will see it: Perth's 9:00 am, not Sydney's.
    expect(await dialog.getByTestId("window-preview").allTextContents()).toEqual(words.map((w) => `The customer sees: ${w}`));
    expect(await dialog.getByTestId("window-problems").count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Add another window" }).count()).toBe(1);
    expect(await sideways(dave)).toBe(0);
    await expect(seriousViolationsIn(dave, "[role=dialog]")).resolves.toEqual([]);
    await lookAt(dave, { path: "/tmp/shots/booking-offer-dialog-390.png" });
    if (shotsWanted) {
      await dave.setViewportSize(WIDE);
      await lookAt(dave, { path: "/tmp/shots/booking-offer-dialog-1366.png" });
      await dave.setViewportSize(PHONE);
    }
    await dialog.getByRole("button", { name: "Send times" }).click();
    await dialog.waitFor({ state: "detached" });
    const waiting = times.getByTestId("card-offer-open");
    await waiting.getByText("Waiting for the customer to pick").waitFor();
    expect(await waiting.locator("li").allTextContents()).toEqual(words);
    await card.scrollIntoViewIfNeeded();
    await lookAt(times, { path: "/tmp/shots/booking-card-waiting-390.png" });

    // The customer's phone: three big choices on Perth's clock; they pick the afternoon one.
    const { page: customer } = await openPage(env.browser, { viewport: PHONE });
    await customer.goto(env.server.url + jobUrl);
    const picker = customer.getByTestId("job-booking");
    await picker.getByRole("heading", { name: "Pick a time" }).waitFor();
    const choices = picker.getByRole("radio");
    expect(await choices.count()).toBe(3);
    for (const [index, text] of words.entries()) {
      const choice = picker
        .locator("label")
        .filter({ has: customer.getByRole("radio") })
        .nth(index);
      expect(await choice.textContent()).toBe(text);
      expect((await choice.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await sideways(customer)).toBe(0);
    await expect(structuralViolations(customer)).resolves.toEqual([]);
    await expect(seriousViolationsIn(customer, "[data-testid=job-booking]")).resolves.toEqual([]);
    await lookAt(customer, { path: "/tmp/shots/booking-job-pick-390.png", fullPage: true });
    if (shotsWanted) {
      await customer.setViewportSize(WIDE);
      await lookAt(customer, { path: "/tmp/shots/booking-job-pick-1366.png", fullPage: true });
      await customer.setViewportSize(PHONE);
    }
    await picker.getByText(words[1]!).click();
    expect(await choices.nth(1).isChecked()).toBe(true);
    await picker.getByRole("button", { name: "Confirm this time" }).click();
    await picker.getByTestId("booking-booked").getByText(words[1]!).waitFor();
    expect(await picker.getByTestId("booking-booked").textContent()).toBe(`Booked: ${words[1]}`);
    await customer.getByTestId("job-headline").getByText("Your job is booked").waitFor();
    expect(await customer.getByRole("button", { name: "Confirm this time" }).count()).toBe(0);
    await lookAt(customer, { path: "/tmp/shots/booking-job-booked-390.png", fullPage: true });

    // Dave's card reads the pick by itself (it asks every 5 s while an offer is open) and leaves Called.
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);
    await dave.getByRole("tab", { name: /^Booked In/ }).click();
    await card.getByTestId("card-booking").scrollIntoViewIfNeeded();
    await card.getByTestId("card-booked-window").waitFor();
    expect(await card.getByTestId("card-booked-window").textContent()).toBe(`Booked${words[1]}`);
    expect(await card.getByLabel("Sales stage").inputValue()).toBe("booked_in");
    await card.getByTestId("card-booking").scrollIntoViewIfNeeded();
    await lookAt(card, { path: "/tmp/shots/booking-card-booked-390.png" });
    if (shotsWanted) {
      await dave.setViewportSize(WIDE);
      await card.getByTestId("card-booking").scrollIntoViewIfNeeded();
      await lookAt(dave, { path: "/tmp/shots/booking-card-booked-1366.png" });
    }

    // The calendar feed: the picked window's start, and its three hours rather than a typed time's two.
    const link = (await (await api("post", "/api/calendar-feed")).json()) as { httpsUrl: string };
    const feed = await context.request.get(env.server.url + new URL(link.httpsUrl).pathname);
    expect(feed.status()).toBe(200);
    const events = (await feed.text())
      .replace(/\r\n[ \t]/g, "")
      .split("BEGIN:VEVENT")
      .slice(1);
    const event = events.find((e) => e.includes(`UID:purchase-${purchase.id}@pipeline`));
    expect(event, "the booked job in Dave's feed").toBeDefined();
    expect(event).toContain(`DTSTART:${icsStamp(spans[1]!.startsAt)}\r\n`);
    expect(event).toContain("DURATION:PT3H\r\n");
    expect(spans[1]!.endsAt.getTime() - spans[1]!.startsAt.getTime()).toBe(3 * 3600_000);
  });
});
