// The times on the customer's job page (docs/decisions/102-booking-windows.md), rendered to HTML in
// Node: the windows offered as big choices on the request's state clock (Perth here) with Confirm
// and "None of these suit" only while the server lists them, the booked window with "I need another
// time", the last change in plain words; and the page's own copies of the shared words kept equal.
import fs from "node:fs";
import path from "node:path";
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BOOKING_NOTE_MAX, customerBookingNote, WINDOW_MESSAGES, windowText as sharedWindowText } from "@shared/booking-windows";
import type { JobBooking } from "@shared/jobs";
import type { CustomerAction } from "@shared/jobs";
import { createQueryClient } from "@/lib/query-client";
import { BOOKING_WORDS, NOTE_MAX, windowText } from "./booking-text";
import { jobView, quote, text, TOKEN } from "./job-fixture";
import { JobPageContent } from "./JobPage";

// Three windows in Perth (UTC+8): 9-11 am Thursday, 1-3 pm Thursday, 7:30-9:30 am Friday.
const WINDOWS = [
  { id: 41, startsAt: "2026-03-05T01:00:00.000Z", endsAt: "2026-03-05T03:00:00.000Z" },
  { id: 42, startsAt: "2026-03-05T05:00:00.000Z", endsAt: "2026-03-05T07:00:00.000Z" },
  { id: 43, startsAt: "2026-03-05T23:30:00.000Z", endsAt: "2026-03-06T01:30:00.000Z" },
];
const none: JobBooking = { windows: [], booked: null, lastChange: null };

const render = (booking: JobBooking | null, actions: CustomerAction[], extra: Parameters<typeof jobView>[1] = {}) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: createQueryClient() },
      createElement(JobPageContent, {
        token: TOKEN,
        view: jobView("contacted", { state: "WA", suburb: "Joondalup", postcode: "6027", booking, actions, ...extra }),
        notFound: false,
        failed: false,
        now: new Date("2026-03-03T02:00:00Z"),
      }),
    ),
  );

describe("picking a time on the job page", () => {
  it("when windows wait for a pick, then each is a big choice in Perth time, with Confirm and None of these suit", () => {
    const markup = render({ ...none, windows: WINDOWS }, ["pick_window", "other_times", "close"]);
    const page = text(markup);
    expect(page).toContain("Pick a time");
    expect(page).toContain("Sparkright Electrical can come at any of these times. Times are WA time.");
    expect(page).toContain("9:00 am - 11:00 am Thu 5 Mar");
    expect(page).toContain("1:00 pm - 3:00 pm Thu 5 Mar");
    expect(page).toContain("7:30 am - 9:30 am Fri 6 Mar");
    expect(page).toContain("Confirm this time");
    expect(page).toContain("None of these suit");
    // One radio per window, each inside a label at least 56 px high (min-h-14): a thumb's target.
    expect(markup.match(/type="radio"/g)).toHaveLength(3);
    expect(markup.match(/<label class="flex min-h-14/g)).toHaveLength(3);
    expect(markup).toContain('value="42"');
  });

  it("when the page comes with a quote to answer too, then the times come first: they are what waits on the customer", () => {
    const page = text(render({ ...none, windows: WINDOWS }, ["pick_window", "other_times", "accept_quote"], { quote }));
    expect(page.indexOf("Pick a time")).toBeLessThan(page.indexOf("Quote Q-000007"));
  });

  it("when the server does not list pick_window, then the windows are not offered and nothing can be confirmed", () => {
    const page = text(render({ ...none, windows: WINDOWS }, ["close"]));
    expect(page).not.toContain("Pick a time");
    expect(page).not.toContain("Confirm this time");
    expect(page).not.toContain("9:00 am - 11:00 am Thu 5 Mar");
  });

  it("when pick_window is listed but other_times is not, then there is no None of these suit", () => {
    const page = text(render({ ...none, windows: WINDOWS }, ["pick_window"]));
    expect(page).toContain("Confirm this time");
    expect(page).not.toContain("None of these suit");
  });

  it("when a window is booked and may move, then it says Booked with the window, and I need another time", () => {
    const booked = { startsAt: WINDOWS[1]!.startsAt, endsAt: WINDOWS[1]!.endsAt };
    const page = text(render({ ...none, booked }, ["move_booking"]));
    expect(page).toContain("Your booked time");
    expect(page).toContain("Booked: 1:00 pm - 3:00 pm Thu 5 Mar");
    expect(page).toContain("I need another time");
    expect(text(render({ ...none, booked }, []))).not.toContain("I need another time");
    // The customer's own calendar: the file under their token.
    expect(render({ ...none, booked }, [])).toContain(`href="/api/jobs/${TOKEN}/booking.ics"`);
    expect(render({ ...none, windows: WINDOWS }, ["pick_window"])).not.toContain("booking.ics");
  });

  it("when either side asked for a change, then the page says it plainly with their words, wrapping a long note", () => {
    const long = "Any weekday after 3 pm works, or Saturday morning before the footy; ".repeat(4).trim();
    const asked = render({ ...none, lastChange: { kind: "other_times", note: long, at: "2026-03-03T01:00:00.000Z" } }, []);
    expect(text(asked)).toContain(`You asked for other times: ${long}`);
    expect(text(asked)).toContain("Your electrician will offer new times here, and we'll text you when they do.");
    expect(asked).toMatch(/\[overflow-wrap:anywhere\][^"]*" data-testid="booking-last-change"/);
    const moved = { kind: "electrician_moved" as const, note: "The switchboard parts arrive a day late", at: "2026-03-03T01:00:00.000Z" };
    const page = text(render({ windows: WINDOWS, booked: null, lastChange: moved }, ["pick_window", "other_times"]));
    expect(page).toContain("Your electrician needs to move the time: The switchboard parts arrive a day late");
    expect(page).toContain("Pick a time");
    const cancelled = { kind: "electrician_cancelled" as const, note: "Sick", at: "2026-03-03T01:00:00.000Z" };
    expect(text(render({ ...none, lastChange: cancelled }, []))).toContain("Your electrician cancelled the booked time: Sick");
  });

  it("when the job has no booking to show, then the page has no times section", () => {
    expect(render(null, [])).not.toContain('data-testid="job-booking"');
    expect(render(none, [])).not.toContain('data-testid="job-booking"');
  });
});

describe("the job page's copies of the shared words", () => {
  it("when a window is written, then it reads exactly as the shared windowText (the SMS) writes it, in every state", () => {
    const spans = [...WINDOWS, { startsAt: "2026-10-03T23:45:00.000Z", endsAt: "2026-10-04T03:45:00.000Z" }].map((w) => ({
      startsAt: new Date(w.startsAt),
      endsAt: new Date(w.endsAt),
    }));
    for (const state of ["WA", "NSW", "QLD", "SA", "NT", "TAS", "VIC", "ACT", null]) {
      for (const span of spans) expect(windowText(span, state)).toBe(sharedWindowText(span, state));
    }
  });

  it("when the page says what it sent, or refuses an empty note, then the words and the limit are the shared ones", () => {
    expect(BOOKING_WORDS.picked).toBe(WINDOW_MESSAGES.picked);
    expect(BOOKING_WORDS.askedOtherTimes).toBe(WINDOW_MESSAGES.askedOtherTimes);
    expect(BOOKING_WORDS.moveAsked).toBe(WINDOW_MESSAGES.moveAsked);
    expect(NOTE_MAX).toBe(BOOKING_NOTE_MAX);
    expect(customerBookingNote.safeParse({ note: "  " }).error?.issues[0]?.message).toBe(BOOKING_WORDS.noteNeeded);
  });

  it("when the job page's booking files load, then none imports shared/booking-windows.ts but for types: the page's chunk carries no Zod", () => {
    for (const file of ["JobBooking.tsx", "booking-text.ts", "api/booking.ts"]) {
      const source = fs.readFileSync(path.join(import.meta.dirname, file), "utf8");
      expect(source, file).not.toMatch(/^import (?!type )[^;]*from "@shared\/booking-windows";/m);
    }
  });
});
