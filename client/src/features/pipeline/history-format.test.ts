import { describe, expect, it } from "vitest";
import { describeChange, historyMeta, historyTime } from "./history-format";

describe("history lines", () => {
  it("when a stage changed, then it reads 'Stage: Called → Quoted · name · Sydney time'", () => {
    const entry = { id: "stage-1", field: "salesStage", from: "called", to: "quote_sent", by: "Dave Wilson", at: "2025-11-22T04:04:00Z" };
    const line = `${describeChange(entry)} · ${historyMeta(entry)}`;
    expect(line).toBe("Stage: Called → Quoted · Dave Wilson · 22 Nov, 3:04 pm");
  });

  it("when the time is after midnight in Sydney but not in UTC, then the Sydney day is shown", () => {
    expect(historyTime("2025-11-21T14:30:00Z")).toBe("22 Nov, 1:30 am");
  });

  it("when money, archive, release, phone or long notes change, then each reads in words", () => {
    expect(describeChange({ field: "quotePrice", from: null, to: "850.00" })).toBe("Quote price: none → $850.00");
    expect(describeChange({ field: "isArchived", from: "false", to: "true" })).toBe("Archived");
    expect(describeChange({ field: "releaseReason", from: null, to: "unpurchased" })).toBe("Unpurchased (back on the marketplace)");
    expect(describeChange({ field: "customerPhone", from: "0411222333", to: "0298765432" })).toBe("Phone: 0411 222 333 → (02) 9876 5432");
    expect(describeChange({ field: "budgetRange", from: "unsure", to: "need_quote" })).toBe("Budget: Not sure yet → Needs a quote");
    const notes = describeChange({ field: "salesNotes", from: "", to: "Called twice, left a voicemail, will try again on Friday morning" });
    expect(notes).toBe("Notes: none → “Called twice, left a voicemail, will tr…”");
  });

  it("when a booking, follow-up, decline reason or assignment changes, then each reads in words", () => {
    expect(describeChange({ field: "jobStartsAt", from: null, to: "2026-12-02T22:30:00.000Z" })).toMatch(/^Job date: none → 3 Dec 2026, 9:30\s?am$/);
    expect(describeChange({ field: "followUpOn", from: null, to: "2026-12-01" })).toBe("Follow up on: none → 1 Dec 2026");
    expect(describeChange({ field: "jobEndsAt", from: null, to: "2026-12-03T00:30:00.000Z" })).toMatch(/^Job ends: none → 3 Dec 2026, 11:30\s?am$/);
    expect(describeChange({ field: "declineReason", from: null, to: "no_answer" })).toBe("Decline reason: none → No answer");
    expect(describeChange({ field: "assignedTo", from: null, to: "Tom Baker" })).toBe("Assigned to: none → Tom Baker");
  });

  it("when contact was logged, then it reads as the channel and outcome in words", () => {
    expect(describeChange({ field: "contactAttempt", from: null, to: "call: no_answer" })).toBe("Contact logged: Call, no answer");
    expect(describeChange({ field: "contactAttempt", from: null, to: "in_person: reached" })).toBe("Contact logged: In person, reached");
    expect(describeChange({ field: "contactAttempt", from: null, to: "fax: maybe" })).toBe("Contact logged: fax: maybe");
  });

  it("when the customer was texted the booking or an ETA, then the line says what they were told", () => {
    expect(describeChange({ field: "bookingSms", from: null, to: "2026-12-02T22:30:00.000Z" })).toMatch(
      /^Booking texted to the customer: 3 Dec 2026, 9:30\s?am$/,
    );
    expect(describeChange({ field: "onMyWay", from: null, to: "45" })).toBe("“On my way” texted to the customer: about 45 minutes");
  });

  it("when a refund took the job out of Paid, then the line says why", () => {
    const entry = { field: "stageMovedBack", from: null, to: "Refunded in Stripe: invoice INV-000007 no longer paid in full" };
    expect(describeChange(entry)).toBe("Moved back from Paid. Refunded in Stripe: invoice INV-000007 no longer paid in full");
  });
});
