// The card's paperwork as ordered, grouped and typed (docs/decisions/105-paperwork-on-the-card.md).
import { describe, expect, it } from "vitest";
import { PAPERWORK_MESSAGES, type PaperworkDocument } from "@shared/paperwork";
import { ApiError } from "@/lib/api-client";
import {
  copyAllText,
  draftOf,
  errorText,
  eventInputs,
  fieldsBySection,
  isPaperworkDue,
  messagesFor,
  refusedParts,
  mostUrgentFirst,
  paperworkCounts,
  sameDraft,
  saveBody,
} from "./paperwork-view";

const doc = (values: Partial<PaperworkDocument>): Pick<PaperworkDocument, "document" | "clock" | "dueAt" | "name" | "fields"> => ({
  document: "nsw_ccew",
  clock: "ok",
  dueAt: null,
  name: "Certificate of Compliance for Electrical Work (CCEW)",
  fields: [],
  ...values,
});

describe("the documents' order", () => {
  it("when clocks differ, then overdue, due today, due soon, due, not started, no deadline and done come in that order", () => {
    const clocks = ["done", "no_deadline", "ok", "waiting", "due_in_2_days", "overdue", "due_today"] as const;
    const sorted = mostUrgentFirst(clocks.map((clock) => doc({ clock, document: clock })));
    expect(sorted.map((d) => d.clock)).toEqual(["overdue", "due_today", "due_in_2_days", "ok", "waiting", "no_deadline", "done"]);
  });

  it("when two share a clock, then the sooner deadline comes first, one with none last, and the list sent is not changed", () => {
    const sent = [
      doc({ document: "later", dueAt: "2026-12-03T12:59:59.999Z" }),
      doc({ document: "none", dueAt: null }),
      doc({ document: "sooner", dueAt: "2026-12-01T12:59:59.999Z" }),
    ];
    expect(mostUrgentFirst(sent).map((d) => d.document)).toEqual(["sooner", "later", "none"]);
    expect(sent.map((d) => d.document)).toEqual(["later", "none", "sooner"]);
  });
});

// A CCEW's fields as the form groups them, one the product does not hold.
const FIELDS = [
  { section: "Installation address", label: "Street", value: "12 Smith St" },
  { section: "Customer", label: "Name", value: "Jo Citizen" },
  { section: "Installation address", label: "Suburb", value: "Parramatta NSW 2150" },
  { section: "Installation address", label: "Meter number", value: null },
];

describe("the form's fields", () => {
  it("when sections interleave, then each field goes under its section, the sections in the order they first appear", () => {
    expect(fieldsBySection(FIELDS)).toEqual([
      { section: "Installation address", fields: [FIELDS[0], FIELDS[2], FIELDS[3]] },
      { section: "Customer", fields: [FIELDS[1]] },
    ]);
    expect(fieldsBySection([])).toEqual([]);
  });

  it("when everything is copied, then the text is the name, then each section with its fields, and a missing value says to fill it in", () => {
    expect(copyAllText(doc({ fields: FIELDS }))).toBe(
      [
        "Certificate of Compliance for Electrical Work (CCEW)",
        "",
        "Installation address",
        "Street: 12 Smith St",
        "Suburb: Parramatta NSW 2150",
        "Meter number: (fill in on the form)",
        "",
        "Customer",
        "Name: Jo Citizen",
      ].join("\n"),
    );
  });
});

describe("the events the card asks for", () => {
  it("when NSW's CCEW is the only document, then neither completion nor energising is asked: its clock starts at the test", () => {
    expect(eventInputs([doc({ document: "nsw_ccew" })])).toEqual({ completion: false, energised: false, start: false });
  });

  it("when SA's eCoC is listed, then only 'Energised' is asked; WA's notifiable work asks for completion and shows the booked start", () => {
    expect(eventInputs([doc({ document: "sa_ecoc" })])).toEqual({ completion: false, energised: true, start: false });
    expect(eventInputs([doc({ document: "wa_preliminary_notice" }), doc({ document: "wa_notice_of_completion" })])).toEqual({
      completion: true,
      energised: false,
      start: true,
    });
  });

  it("when the server sends a document this client does not know, then it asks for nothing on its account", () => {
    expect(eventInputs([doc({ document: "nz_coc" })])).toEqual({ completion: false, energised: false, start: false });
  });
});

// 2026-11-24T04:30Z is 3:30 pm in Sydney (+11) and 3:00 pm in Adelaide (+10:30).
const VIEW = {
  state: "SA",
  marks: [],
  events: {
    test: { at: null, text: null },
    completion: { at: null, text: null },
    energised: { at: "2026-11-24T04:30:00.000Z", text: "24 Nov 2026, 3:00 pm" },
    start: { at: null, text: null },
  },
};

describe("the form typed and saved", () => {
  it("when the server holds an energising instant, then the inputs show it on the state's clock, not Sydney's", () => {
    expect(draftOf(VIEW).energised).toEqual({ date: "2026-11-24", time: "15:00" });
    expect(draftOf({ ...VIEW, state: "NSW" }).energised).toEqual({ date: "2026-11-24", time: "15:30" });
    expect(draftOf(VIEW).completion).toEqual({ date: "", time: "" });
  });

  it("when a time is blank on both inputs, then it is sent as null; half typed, it is sent as typed for the server to name", () => {
    const body = saveBody({ marks: ["notifiable"], completion: { date: "", time: " " }, energised: { date: "2026-11-24", time: "" } }, 3);
    expect(body).toEqual({ version: 3, marks: ["notifiable"], completion: null, energised: { date: "2026-11-24", time: "" } });
    expect(saveBody({ marks: [], completion: { date: "", time: "09:00" }, energised: { date: "", time: "" } }, 0).completion).toEqual({
      date: "",
      time: "09:00",
    });
  });

  it("when the marks are ticked in another order, then it is the same as saved; a changed minute is not", () => {
    const saved = {
      marks: ["new_installation", "network_work"] as const,
      completion: { date: "", time: "" },
      energised: { date: "2026-11-24", time: "15:00" },
    };
    expect(sameDraft({ ...saved, marks: ["network_work", "new_installation"] }, { ...saved, marks: [...saved.marks] })).toBe(true);
    expect(sameDraft({ ...saved, marks: [...saved.marks], energised: { date: "2026-11-24", time: "15:01" } }, { ...saved, marks: [...saved.marks] })).toBe(
      false,
    );
  });
});

describe("a refused write", () => {
  it("when the server names fields, then each input gets its own messages once; a 409 or a lost signal names no field", () => {
    const refused = new ApiError(400, PAPERWORK_MESSAGES.time, {
      "completion.time": PAPERWORK_MESSAGES.time,
      completion: PAPERWORK_MESSAGES.future,
      "energised.date": PAPERWORK_MESSAGES.date,
      completionNote: "not this one",
    });
    expect(messagesFor(refused, "completion")).toEqual([PAPERWORK_MESSAGES.time, PAPERWORK_MESSAGES.future]);
    expect(messagesFor(refused, "energised")).toEqual([PAPERWORK_MESSAGES.date]);
    expect(refusedParts(refused, "energised")).toEqual({ date: true, time: false });
    expect(refusedParts(refused, "completion")).toEqual({ date: true, time: true });
    expect(refusedParts(new ApiError(400, PAPERWORK_MESSAGES.time, { "completion.time": PAPERWORK_MESSAGES.time }), "completion")).toEqual({
      date: false,
      time: true,
    });
    expect(messagesFor(new ApiError(409, PAPERWORK_MESSAGES.stale, { completion: "x" }), "completion")).toEqual([]);
    expect(messagesFor(new TypeError("Failed to fetch"), "completion")).toEqual([]);
    expect(errorText(new ApiError(409, PAPERWORK_MESSAGES.stale))).toBe(PAPERWORK_MESSAGES.stale);
    expect(errorText(new TypeError("Failed to fetch"))).toMatch(/signal/);
  });
});

describe("the board's 'Paperwork due' filter", () => {
  const job = (clock: "ok" | "due_in_2_days" | "due_today" | "overdue" | null) => ({
    paperwork: clock ? { open: 1, next: { document: "nsw_ccew", name: "CCEW", dueAt: "2026-12-01T12:59:59.999Z", dueText: "by 1 Dec", clock } } : null,
  });

  it("when the most urgent clock is two days out, today or late, then the job shows; due later, none or no summary at all, it does not", () => {
    expect([job("due_in_2_days"), job("due_today"), job("overdue")].map(isPaperworkDue)).toEqual([true, true, true]);
    expect([job("ok"), job(null), { paperwork: { open: 2, next: null } }, {}].map(isPaperworkDue)).toEqual([false, false, false, false]);
  });

  it("when jobs are counted, then 'due' counts every one the filter shows and 'overdue' only the late ones", () => {
    expect(paperworkCounts([job("overdue"), job("due_today"), job("ok"), job(null), job("overdue"), job("due_in_2_days")])).toEqual({ due: 4, overdue: 2 });
  });
});
