// The job page's pure rules (docs/decisions/044-job-page.md): the status and timeline from a
// lead and its live purchase, and the median minutes to contact.
import { describe, expect, it } from "vitest";
import { medianMinutes } from "../../core/providers";
import { jobProgress, type LeadFacts, type SaleFacts } from "./progress";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 0, minute));
const lead: LeadFacts = { createdAt: at(0), isArchived: false, archivedAt: null, updatedAt: at(0) };
const sale = (facts: Partial<SaleFacts> = {}): SaleFacts => ({
  purchasedAt: at(10),
  salesStage: "purchased",
  calledAt: null,
  quoteSentAt: null,
  quoteAcceptedAt: null,
  bookedInAt: null,
  invoicePaidAt: null,
  declinedAt: null,
  isArchived: false,
  archivedAt: null,
  refundedAt: null,
  updatedAt: at(10),
  firstReachedAt: null,
  firstCalledOrLaterAt: null,
  ...facts,
});

describe("jobProgress", () => {
  it("when contact shows in more than one place, then contacted is the earliest of the reached attempt, called_at and the first move to Called or later", () => {
    const progress = jobProgress(
      lead,
      sale({ salesStage: "quote_sent", firstReachedAt: at(30), calledAt: at(25), firstCalledOrLaterAt: at(20), quoteSentAt: at(40) }),
    );
    expect(progress.status).toBe("quoted");
    expect(progress.timeline).toEqual([
      { status: "finding", at: at(0) },
      { status: "matched", at: at(10) },
      { status: "contacted", at: at(20) },
      { status: "quoted", at: at(40) },
    ]);
  });

  it("when the job went straight to Quoted with no contact recorded, then quoted, and the timeline leaves out the contact it cannot date", () => {
    const progress = jobProgress(lead, sale({ salesStage: "quote_sent", quoteSentAt: at(40) }));
    expect(progress.timeline.map((s) => s.status)).toEqual(["finding", "matched", "quoted"]);
  });

  it("when the job is declined without a declined_at (an old row), then closed at its last change", () => {
    const progress = jobProgress(lead, sale({ salesStage: "declined", updatedAt: at(50) }));
    expect(progress.status).toBe("closed");
    expect(progress.timeline.at(-1)).toEqual({ status: "closed", at: at(50) });
  });

  it("when it was declined once and moved back to Quoted, then quoted: the old declined_at does not close it", () => {
    expect(jobProgress(lead, sale({ salesStage: "quote_sent", quoteSentAt: at(40), declinedAt: at(35) })).status).toBe("quoted");
  });

  it("when a template stage (picked_up, delivered) is on an old row, then booked", () => {
    expect(jobProgress(lead, sale({ salesStage: "picked_up" })).status).toBe("booked");
    expect(jobProgress(lead, sale({ salesStage: "delivered" })).status).toBe("booked");
  });
});

describe("medianMinutes", () => {
  it.each([
    [[], null],
    [[5, 1, 3, 2], null],
    [[5, 1, 3, 2, 4], 3],
    [[10, 20, 30, 40, 50, 61], 35],
    [[1, 2, 2.4, 100, 200], 2],
    [[-3, 0, 1, 2, 3], 1],
  ])("when the minutes are %j, then the median is %j", (minutes, expected) => {
    expect(medianMinutes(minutes)).toBe(expected);
  });
});
