import { describe, expect, it } from "vitest";
import type { InsightsResponse } from "@shared/insights";
import { insightsCsv } from "./csv";

const job = {
  purchaseId: 1,
  jobReference: "JOB-001",
  serviceType: "repair",
  suburb: "Parramatta, NSW",
  purchasedAt: "2026-10-05T01:00:00.000Z",
  cost: "40.00",
  revenue: "1000.00",
  contacted: true,
  quoted: true,
  accepted: true,
  booked: true,
  paid: true,
  declined: false,
  declineReason: null,
  minutesToContact: 12,
} as const;

const answer: InsightsResponse = {
  from: "2026-10-01",
  to: "2026-10-31",
  leadsBought: 2,
  spend: "52.34",
  contacted: 1,
  quoted: 1,
  accepted: 1,
  booked: 1,
  paid: 1,
  declined: 1,
  declineReasons: { price: 0, timing: 1, no_answer: 0, found_someone: 0, other: 0 },
  revenue: "1000.00",
  returnOnSpend: 19.11,
  costPerWonJob: "52.34",
  medianMinutesToContact: 12,
  peer: null,
  scope: "business",
  weeks: [],
  jobs: [
    job,
    {
      ...job,
      purchaseId: 2,
      jobReference: '=HYPERLINK("x")',
      suburb: null,
      paid: false,
      declined: true,
      declineReason: "timing",
      revenue: "0.00",
      minutesToContact: null,
    },
  ],
};

describe("the Insights CSV", () => {
  it("when exported without peers, then the figures come first, the median column says why it is empty, then a row per job", () => {
    const lines = insightsCsv(answer).split("\r\n");
    expect(lines[0]).toBe("Figure,Yours,Region median (not enough electricians nearby to compare)");
    expect(lines).toContain("Lead spend (after discounts and refunds),52.34,");
    expect(lines).toContain("Declined: Timing,1,");
    expect(lines).toContain("Return on lead spend,19.11,");
    const jobs = lines.slice(lines.findIndex((l) => l.startsWith("Job,")) + 1).filter(Boolean);
    expect(jobs).toHaveLength(2);
    expect(jobs[0]).toBe('JOB-001,repair,"Parramatta, NSW","5 Oct 2026, 12:00 pm",40.00,1000.00,yes,yes,yes,yes,yes,no,,12');
  });

  it("when a cell would run as a spreadsheet formula, then it is written as text", () => {
    const jobs = insightsCsv(answer)
      .split("\r\n")
      .filter((l) => l.includes("HYPERLINK"));
    expect(jobs).toEqual([`"'=HYPERLINK(""x"")",repair,,"5 Oct 2026, 12:00 pm",40.00,0.00,yes,yes,yes,yes,no,yes,Timing,`]);
  });

  it("when peers are there, then their medians sit beside each figure", () => {
    const peer = {
      region: "Sydney - Parramatta",
      electricians: 6,
      leadsBought: 3,
      spend: "120.00",
      contacted: 3,
      quoted: 2,
      accepted: 1,
      booked: 1,
      paid: 1,
      declined: 0.5,
      revenue: "800.00",
      returnOnSpend: 6.67,
      costPerWonJob: "120.00",
      medianMinutesToContact: 42.5,
    };
    const lines = insightsCsv({ ...answer, peer }).split("\r\n");
    expect(lines[0]).toBe("Figure,Yours,Median of 6 electricians in Sydney - Parramatta");
    expect(lines).toContain("Declined,1,0.5");
    expect(lines).toContain("Median minutes to first contact,12,42.5");
  });
});
