// The job page's words and times (docs/decisions/047-job-page-screens.md): steps from the
// status and timeline, and every time on the customer's state's clock.
import { describe, expect, it } from "vitest";
import { JOB_STATUSES } from "@shared/jobs";
import { jobView } from "./job-fixture";
import { callsWithinText, formatAbn, formatJobDayTime, jobsCompletedText, jobSteps, licenceLine, memberSinceText, placeText } from "./job-format";

describe("the step list", () => {
  it("when the request is being matched, then finding is current and the six later steps are to come", () => {
    const steps = jobSteps(jobView("finding"));
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ["finding", "current"],
      ["matched", "todo"],
      ["contacted", "todo"],
      ["quoted", "todo"],
      ["accepted", "todo"],
      ["booked", "todo"],
      ["paid", "todo"],
    ]);
    expect(steps[0]!.at).toBe("2026-03-02T22:10:00.000Z");
    expect(steps.slice(1).every((s) => s.at === null)).toBe(true);
  });

  it("when the request is at each status, then the steps before it are done with their times and it is the one current step", () => {
    for (const status of JOB_STATUSES.filter((s) => s !== "closed")) {
      const steps = jobSteps(jobView(status));
      const current = steps.findIndex((s) => s.state === "current");
      expect(steps[current]!.status).toBe(status);
      expect(steps.filter((s) => s.state === "current")).toHaveLength(1);
      expect(steps.slice(0, current).every((s) => s.state === "done" && s.at !== null)).toBe(true);
      expect(steps.slice(current + 1).every((s) => s.state === "todo")).toBe(true);
    }
  });

  it("when the request is closed, then the steps it reached are done and it ends in a closed step, not in the steps it never reached", () => {
    const steps = jobSteps(jobView("closed"));
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ["finding", "done"],
      ["matched", "done"],
      ["closed", "current"],
    ]);
    expect(steps.at(-1)!.label).toBe("Closed");
  });

  it("when a request came back to a step, then the step shows its latest time", () => {
    const view = jobView("contacted", {
      timeline: [
        { status: "finding", at: "2026-03-02T22:10:00.000Z" },
        { status: "matched", at: "2026-03-02T22:41:00.000Z" },
        { status: "matched", at: "2026-03-02T23:41:00.000Z" },
        { status: "contacted", at: "2026-03-02T23:50:00.000Z" },
      ],
    });
    expect(jobSteps(view)[1]!.at).toBe("2026-03-02T23:41:00.000Z");
  });
});

describe("times on the customer's clock", () => {
  it("when a step's time is written, then it is on the state's clock with a lower-case am or pm", () => {
    expect(formatJobDayTime("2026-03-02T22:41:00.000Z", "NSW")).toBe("3 Mar, 9:41 am");
    expect(formatJobDayTime("2026-03-02T22:41:00.000Z", "SA")).toBe("3 Mar, 9:11 am");
    expect(formatJobDayTime("2026-03-02T22:41:00.000Z", null)).toBe("3 Mar, 9:41 am");
  });
});

describe("the electrician's facts", () => {
  const electrician = jobView("matched").electrician!;

  it("when the licence was checked, then the line names the state, the number and the day of the check", () => {
    expect(licenceLine(electrician, "NSW")).toBe("NSW licence 245871C, checked 14 Jan 2026");
    expect(licenceLine({ ...electrician, licenceCheckedAt: null }, "NSW")).toBe("NSW licence 245871C");
    expect(licenceLine({ ...electrician, licenceNumber: null }, "NSW")).toBeNull();
  });

  it("when the figures are written, then the ABN is spaced as the ATO writes it, the month is whole, and jobs are counted in words", () => {
    expect(formatAbn("53004085616")).toBe("53 004 085 616");
    expect(formatAbn("ABN pending")).toBe("ABN pending");
    expect(memberSinceText("2025-03-10T00:00:00.000Z", "NSW")).toBe("Member since March 2025");
    expect(jobsCompletedText(1)).toBe("1 job completed");
    expect(jobsCompletedText(0)).toBe("0 jobs completed");
    expect(jobsCompletedText(12)).toBe("12 jobs completed");
  });

  it("when the median time to call is known, then it reads in minutes, or hours past two; unknown says nothing", () => {
    expect(callsWithinText(24.6)).toBe("Usually calls within 25 min");
    expect(callsWithinText(0.2)).toBe("Usually calls within 1 min");
    expect(callsWithinText(119)).toBe("Usually calls within 119 min");
    expect(callsWithinText(130)).toBe("Usually calls within 2 h 10 min");
    expect(callsWithinText(180)).toBe("Usually calls within 3 h");
    expect(callsWithinText(null)).toBeNull();
  });

  it("when parts of the place are missing, then the others still read in order", () => {
    expect(placeText({ suburb: "Parramatta", state: "NSW", postcode: "2150" })).toBe("Parramatta NSW 2150");
    expect(placeText({ suburb: null, state: "NSW", postcode: null })).toBe("NSW");
  });
});
