import { describe, expect, it } from "vitest";
import { formatStateDateTime } from "./state-time-text";
import { followUpSummary, pipelineOrder } from "./follow-ups";
import { jobStartOnStateClock, stateInputValue } from "./job-clock";
import { declineReasonText, jobStartsAtInput } from "./pipeline-jobs";
import { sydneyWallClockToInstant } from "./sydney-time";

// 2026-11-24 10:30 am in Sydney.
const NOW = new Date("2026-11-23T23:30:00Z");
const job = (id: number, values: { followUpOn?: string; salesStage?: string; assignedTo?: number; hoursAgo?: number } = {}) => ({
  id,
  salesStage: values.salesStage ?? "called",
  followUpOn: values.followUpOn ?? null,
  assignedTo: values.assignedTo ?? null,
  purchasedAt: new Date(NOW.getTime() - (values.hoursAgo ?? id) * 3_600_000).toISOString(),
});

describe("the pipeline's order and follow-ups", () => {
  it("when jobs are assigned and follow-ups are due, then mine, then overdue and today's by day, then newest", () => {
    const jobs = [
      job(1),
      job(2, { followUpOn: "2026-11-24" }),
      job(3, { followUpOn: "2026-11-20" }),
      job(4, { followUpOn: "2026-12-01" }),
      job(5, { assignedTo: 9 }),
      job(6, { followUpOn: "2026-11-01", salesStage: "declined" }),
    ];
    expect(pipelineOrder(jobs, 9, NOW).map((j) => j.id)).toEqual([5, 3, 2, 1, 4, 6]);
    expect(pipelineOrder(jobs, 1, NOW).map((j) => j.id)).toEqual([3, 2, 1, 4, 5, 6]);
  });

  it("when follow-ups are counted, then closed jobs and later days are left out, on Sydney's today", () => {
    const jobs = [
      job(1, { followUpOn: "2026-11-23" }),
      job(2, { followUpOn: "2026-11-24" }),
      job(3, { followUpOn: "2026-11-23", salesStage: "invoice_paid" }),
      job(4),
    ];
    expect(followUpSummary(jobs, NOW)).toEqual({ overdue: 1, dueToday: 1, today: "2026-11-24" });
    // 1 pm UTC on the 23rd is already midnight-past on the 24th in Sydney.
    expect(followUpSummary(jobs, new Date("2026-11-23T13:30:00Z")).today).toBe("2026-11-24");
  });
});

describe("booking times", () => {
  it("when a Sydney wall clock is read on either side of a daylight-saving change, then the instant is right", () => {
    expect(sydneyWallClockToInstant("2026-12-03", "09:30").toISOString()).toBe("2026-12-02T22:30:00.000Z");
    expect(sydneyWallClockToInstant("2026-06-03", "09:30").toISOString()).toBe("2026-06-02T23:30:00.000Z");
    expect(sydneyWallClockToInstant("2026-04-05", "12:00").toISOString()).toBe("2026-04-05T02:00:00.000Z");
    expect(sydneyWallClockToInstant("2026-10-04", "12:00").toISOString()).toBe("2026-10-04T01:00:00.000Z");
  });

  it("when a time is typed on a WA, SA or NSW job, then it is read on that state's clock and shown back the same (DESIGN section 11)", () => {
    const typed = "2026-12-03T09:30";
    expect(jobStartOnStateClock(typed, "WA").toISOString()).toBe("2026-12-03T01:30:00.000Z");
    expect(jobStartOnStateClock(typed, "SA").toISOString()).toBe("2026-12-02T23:00:00.000Z");
    expect(jobStartOnStateClock(typed, "NSW").toISOString()).toBe("2026-12-02T22:30:00.000Z");
    expect(jobStartOnStateClock(typed, null).toISOString()).toBe("2026-12-02T22:30:00.000Z");
    for (const state of ["WA", "SA", "NSW", "QLD"]) expect(stateInputValue(jobStartOnStateClock(typed, state), state)).toBe(typed);
    expect(jobStartsAtInput.parse(typed)).toBe(typed);
    expect(formatStateDateTime(jobStartOnStateClock(typed, "WA"), "WA")).toBe("3 Dec 2026, 9:30 am");
    expect(formatStateDateTime(jobStartOnStateClock(typed, "WA"), "NSW")).toBe("3 Dec 2026, 12:30 pm");
  });

  it("when the input is blank, malformed or impossible, then blank clears and the rest are refused", () => {
    expect(jobStartsAtInput.parse("")).toBeNull();
    for (const bad of ["2026-02-29T10:00", "2026-11-26 09:30", "2026-11-26T24:00", "tomorrow"])
      expect(jobStartsAtInput.safeParse(bad).success, bad).toBe(false);
  });

  it("when a decline reason is written out, then it is in words, with the note after Other", () => {
    expect(declineReasonText("no_answer", null)).toBe("No answer");
    expect(declineReasonText("other", "Went with a mate")).toBe("Other: Went with a mate");
    expect(declineReasonText(null, null)).toBe("");
  });
});
