// The compliance paperwork's clocks (docs/decisions/104-compliance-deadlines.md), state by state:
// from an event on the Friday before a long weekend, across Christmas and New Year, across a
// daylight-saving change (or none, in WA and QLD), and the clock's states at their boundaries.
import { describe, expect, it } from "vitest";
import { clockState, deadlineOf } from "./compliance-deadlines";
import { COMPLIANCE_DOCUMENTS, documentsFor } from "./compliance-documents";

const at = (iso: string) => new Date(iso);
const dueOf = (...args: Parameters<typeof deadlineOf>) => deadlineOf(...args).dueAt?.toISOString() ?? null;

describe("NSW: the CCEW within 7 days of the test", () => {
  it("when tested on the Friday before Labour Day, as the clocks go forward, then it is due at the end of the next Friday on daylight time: 7 calendar days, the holiday not added", () => {
    const deadline = deadlineOf("nsw_ccew", { test: at("2026-10-02T04:00:00Z") }); // 2:00 pm Fri 2 Oct, AEST
    expect(deadline).toEqual({ dueAt: at("2026-10-09T12:59:59.999Z"), startsFrom: "test", rule: "within 7 days of the test" });
  });

  it("when tested on 23 December 2026, then it is due at the end of 30 December; when tested as the clocks go back, at the end of the day on standard time", () => {
    expect(dueOf("nsw_ccew", { test: at("2026-12-22T23:00:00Z") })).toBe("2026-12-30T12:59:59.999Z");
    expect(dueOf("nsw_ccew", { test: at("2026-04-02T01:00:00Z") })).toBe("2026-04-09T13:59:59.999Z");
  });

  it("when not yet tested, then there is no deadline; completing the work does not start this clock", () => {
    expect(dueOf("nsw_ccew", {})).toBeNull();
    expect(dueOf("nsw_ccew", { completion: at("2026-10-02T04:00:00Z") })).toBeNull();
  });

  it("when the work is marked a new installation or network work, then the CCEW also goes to the distributor and Building Commission NSW", () => {
    expect(documentsFor("NSW", [])).toEqual([{ document: "nsw_ccew", to: ["customer"] }]);
    expect(documentsFor("NSW", ["network_work"])).toEqual([{ document: "nsw_ccew", to: ["customer", "network_operator", "regulator"] }]);
    expect(documentsFor("NSW", ["new_installation"])).toEqual([{ document: "nsw_ccew", to: ["customer", "network_operator", "regulator"] }]);
  });
});

describe("VIC: the Certificate of Electrical Safety", () => {
  it("when non-prescribed work is completed on 31 December 2026, then it is due at the end of 31 January; on 31 January 2027, at the end of 28 February", () => {
    expect(dueOf("vic_coes", { completion: at("2026-12-31T02:00:00Z") })).toBe("2027-01-31T12:59:59.999Z");
    expect(dueOf("vic_coes", { completion: at("2027-01-31T02:00:00Z") })).toBe("2027-02-28T12:59:59.999Z");
  });

  it("when prescribed work is completed on the Friday before Labour Day 2026, then 16 business days skip that Monday and end on Tuesday 31 March", () => {
    expect(dueOf("vic_coes_prescribed", { completion: at("2026-03-06T05:00:00Z") })).toBe("2026-03-31T12:59:59.999Z");
  });

  it("when prescribed work is completed on 17 December 2026, then Christmas, the Boxing Day Monday and New Year's Day are skipped: due Wednesday 13 January", () => {
    expect(dueOf("vic_coes_prescribed", { completion: at("2026-12-17T05:00:00Z") })).toBe("2027-01-13T12:59:59.999Z");
  });

  it("when the work is marked prescribed, then the prescribed certificate applies instead of the other", () => {
    expect(documentsFor("VIC", []).map((d) => d.document)).toEqual(["vic_coes"]);
    expect(documentsFor("VIC", ["prescribed"])).toEqual([{ document: "vic_coes_prescribed", to: ["customer", "regulator"] }]);
  });
});

describe("QLD: as soon as practicable, a soft deadline of 5 business days the product sets", () => {
  it("when tested on the Friday before Labour Day 2026, then it is due at the end of Monday 11 May, Brisbane time", () => {
    expect(dueOf("qld_certificate", { test: at("2026-05-01T05:00:00Z") })).toBe("2026-05-11T13:59:59.999Z");
    expect(COMPLIANCE_DOCUMENTS.qld_certificate.soft).toBe(true);
  });

  it("when tested on 23 December 2026, then Christmas, Boxing Day's Monday and New Year's Day are skipped: due Monday 4 January", () => {
    expect(dueOf("qld_certificate", { test: at("2026-12-23T00:00:00Z") })).toBe("2027-01-04T13:59:59.999Z");
  });

  it("when tested on the Friday the clocks go forward in NSW, then Brisbane's clock does not move and its King's Birthday Monday is skipped", () => {
    expect(dueOf("qld_certificate", { test: at("2026-10-02T05:00:00Z") })).toBe("2026-10-12T13:59:59.999Z");
  });
});

describe("WA: notices before and after the work, no daylight saving", () => {
  it("when the job is booked for 9:00 am Monday 5 October 2026 in Perth, then the Preliminary Notice is due before that start", () => {
    expect(deadlineOf("wa_preliminary_notice", { start: at("2026-10-05T01:00:00Z") })).toEqual({
      dueAt: at("2026-10-05T01:00:00Z"),
      startsFrom: "before_start",
      rule: "before the work starts",
    });
    expect(dueOf("wa_preliminary_notice", {})).toBeNull();
  });

  it("when the work is completed on the Friday before King's Birthday 2026, then the Notice of Completion is due at the end of the Monday (3 calendar days) and the certificate 28 days on", () => {
    const completion = at("2026-09-25T06:00:00Z"); // 2:00 pm in Perth
    expect(dueOf("wa_notice_of_completion", { completion })).toBe("2026-09-28T15:59:59.999Z");
    expect(dueOf("wa_safety_certificate", { completion })).toBe("2026-10-23T15:59:59.999Z");
  });

  it("when completed the weekend NSW's clocks go forward, then Perth's days stay 24 hours (UTC+8)", () => {
    expect(dueOf("wa_notice_of_completion", { completion: at("2026-10-02T06:00:00Z") })).toBe("2026-10-05T15:59:59.999Z");
  });

  it("when the work is notifiable, then both notices go to the network operator; otherwise only the certificate, to the customer", () => {
    expect(documentsFor("WA", [])).toEqual([{ document: "wa_safety_certificate", to: ["customer"] }]);
    expect(documentsFor("WA", ["notifiable"]).map((d) => [d.document, d.to])).toEqual([
      ["wa_preliminary_notice", ["network_operator"]],
      ["wa_notice_of_completion", ["network_operator"]],
      ["wa_safety_certificate", ["customer"]],
    ]);
  });
});

describe("SA: the eCoC within 30 days after energising", () => {
  it("when energised on Friday 2 October 2026, before the clocks go forward, then it is due at the end of Sunday 1 November on Adelaide's daylight time (UTC+10:30)", () => {
    expect(deadlineOf("sa_ecoc", { energised: at("2026-10-02T06:30:00Z") })).toEqual({
      dueAt: at("2026-11-01T13:29:59.999Z"),
      startsFrom: "energised",
      rule: "completed before the installation is energised, and given within 30 days after",
    });
  });

  it("when energised on Christmas Eve 2026, then it is due at the end of 23 January 2027: calendar days, holidays not added", () => {
    expect(dueOf("sa_ecoc", { energised: at("2026-12-24T01:00:00Z") })).toBe("2027-01-23T13:29:59.999Z");
  });
});

describe("ACT, TAS and NT", () => {
  it("when tested in Canberra before Easter 2027, then the certificate is due 14 days on, after the clocks went back (UTC+10)", () => {
    expect(dueOf("act_certificate", { test: at("2027-03-24T23:00:00Z") })).toBe("2027-04-08T13:59:59.999Z");
  });

  it("when the work is completed in TAS or the NT, then the certificate applies with no deadline, and the rule says why", () => {
    for (const document of ["tas_cec", "nt_coc"] as const) {
      expect(deadlineOf(document, { completion: at("2026-10-02T04:00:00Z"), test: at("2026-10-02T04:00:00Z") })).toEqual({
        dueAt: null,
        startsFrom: "completion",
        rule: "required; no deadline is published that we could verify",
      });
    }
    expect(documentsFor("TAS", ["new_installation"])).toEqual([{ document: "tas_cec", to: ["customer", "regulator"] }]);
  });
});

describe("the clock's state on the state's clock", () => {
  const dueAt = at("2026-10-09T12:59:59.999Z"); // the end of Friday 9 October 2026 in Sydney
  const state = (now: string) => clockState(dueAt, at(now), "NSW");

  it("when it is exactly two days before (00:00 Wednesday), then it is due in 2 days; a millisecond earlier it is ok", () => {
    expect(state("2026-10-06T13:00:00.000Z")).toBe("due_in_2_days");
    expect(state("2026-10-06T12:59:59.999Z")).toBe("ok");
    expect(state("2026-10-08T12:59:59.999Z")).toBe("due_in_2_days");
  });

  it("when it is the day itself, at 00:00, 23:59 and the last millisecond, then it is due today", () => {
    expect(state("2026-10-08T13:00:00.000Z")).toBe("due_today");
    expect(state("2026-10-09T12:59:00.000Z")).toBe("due_today");
    expect(state("2026-10-09T12:59:59.999Z")).toBe("due_today");
  });

  it("when it is the day after, then it is overdue", () => {
    expect(state("2026-10-09T13:00:00.000Z")).toBe("overdue");
  });

  it("when the clocks go forward between now and the deadline, then the days are still the wall's: 00:00 Friday 2 October AEST is seven days out, 00:00 Wednesday 7 October AEDT two", () => {
    expect(state("2026-10-01T14:00:00.000Z")).toBe("ok");
    expect(state("2026-10-06T13:00:00.000Z")).toBe("due_in_2_days");
  });

  it("when a Perth start is read on Perth's clock, then 11:30 pm Friday is 3 days out (ok), where Sydney's clock would already say 2", () => {
    const start = at("2026-10-05T01:00:00Z"); // 9:00 am Monday in Perth, 12:00 pm in Sydney
    expect(clockState(start, at("2026-10-02T15:30:00Z"), "WA")).toBe("ok");
    expect(clockState(start, at("2026-10-02T15:30:00Z"), "NSW")).toBe("due_in_2_days");
    expect(clockState(start, at("2026-10-05T00:59:59.999Z"), "WA")).toBe("due_today");
    expect(clockState(start, at("2026-10-05T01:00:00.001Z"), "WA")).toBe("overdue");
  });
});
