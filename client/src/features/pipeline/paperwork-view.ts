// The card's "Paperwork" section, as words and groups (docs/decisions/105-paperwork-on-the-card.md).
// The server decides every deadline, clock and permission; this only orders and words what it sent,
// and turns what the electrician typed into the body of a save.
import { COMPLIANCE_DOCUMENTS, type ComplianceEvent, type WorkMark } from "@shared/compliance-documents";
import type { z } from "zod";
import type { DocumentClock, PaperworkDocument, PaperworkField, PaperworkSummary, PaperworkView, savePaperworkRequest } from "@shared/paperwork";
import { wallClockIn, zoneOfState } from "@shared/state-time";
import type { Tone } from "@/components/ui/badge";
import { ApiError } from "@/lib/api-client";

/** Most urgent first: a missed deadline, then today's, then the next two days', then the rest. */
const CLOCK_ORDER: readonly DocumentClock[] = ["overdue", "due_today", "due_in_2_days", "ok", "waiting", "no_deadline", "done"];

/** Red for today and late, amber for the next two days, green once done (decision 105). */
export const CLOCK_TONES: Readonly<Record<DocumentClock, Tone>> = {
  overdue: "red",
  due_today: "red",
  due_in_2_days: "amber",
  ok: "blue",
  waiting: "slate",
  no_deadline: "slate",
  done: "green",
};

/** The documents, most urgent clock first; the sooner deadline first within a clock; otherwise as sent. */
export function mostUrgentFirst<T extends Pick<PaperworkDocument, "clock" | "dueAt">>(documents: readonly T[]): T[] {
  const due = (d: T) => (d.dueAt ? Date.parse(d.dueAt) : Infinity);
  return [...documents].sort((a, b) => CLOCK_ORDER.indexOf(a.clock) - CLOCK_ORDER.indexOf(b.clock) || due(a) - due(b));
}

/** A form's fields under their sections, each section where its first field stands. */
export function fieldsBySection(fields: readonly PaperworkField[]): { section: string; fields: PaperworkField[] }[] {
  const groups = new Map<string, PaperworkField[]>();
  for (const field of fields) groups.set(field.section, [...(groups.get(field.section) ?? []), field]);
  return [...groups].map(([section, grouped]) => ({ section, fields: grouped }));
}

/** What a field without a value says: the product does not hold it, the form asks for it. */
export const FILL_IN = "Fill in on the form";

/** Everything the form asks for as one text to paste into notes or a form's first box: the name, then each section. */
export function copyAllText(document: Pick<PaperworkDocument, "name" | "fields">): string {
  const sections = fieldsBySection(document.fields).map(({ section, fields }) =>
    [section, ...fields.map((f) => `${f.label}: ${f.value ?? `(${FILL_IN.toLowerCase()})`}`)].join("\n"),
  );
  return [document.name, ...sections].join("\n\n");
}

const startsFromOf = (document: string): ComplianceEvent | null =>
  (COMPLIANCE_DOCUMENTS as Record<string, { startsFrom: ComplianceEvent } | undefined>)[document]?.startsFrom ?? null;

/**
 * Which of the job's events the card asks for: "Work completed" when a document's clock starts
 * from it, "Energised" only then too (South Australia's eCoC), and the booked start, shown read-only,
 * when a document is due before the work starts (WA's Preliminary Notice).
 */
export function eventInputs(documents: readonly Pick<PaperworkDocument, "document">[]): { completion: boolean; energised: boolean; start: boolean } {
  const starts = new Set(documents.map((d) => startsFromOf(d.document)));
  return { completion: starts.has("completion"), energised: starts.has("energised"), start: starts.has("before_start") };
}

/** A date and a time as the inputs hold them ("" when not typed). */
export interface StateTimeInput {
  date: string;
  time: string;
}

/** What the electrician marks and records on the card, as typed. */
export interface PaperworkDraft {
  marks: WorkMark[];
  completion: StateTimeInput;
  energised: StateTimeInput;
}

const two = (n: number) => String(n).padStart(2, "0");

/** An instant as the date and time inputs show it, on the clock of the lead's state (DESIGN section 11). */
export function stateTimeInput(at: string | null, state: string | null): StateTimeInput {
  if (!at) return { date: "", time: "" };
  const w = wallClockIn(zoneOfState(state), new Date(at));
  return { date: `${w.year}-${two(w.month)}-${two(w.day)}`, time: `${two(w.hour)}:${two(w.minute)}` };
}

/** The paperwork as the server holds it, in the form's own shape. */
export function draftOf(view: Pick<PaperworkView, "marks" | "events" | "state">): PaperworkDraft {
  return {
    marks: [...view.marks],
    completion: stateTimeInput(view.events.completion.at, view.state),
    energised: stateTimeInput(view.events.energised.at, view.state),
  };
}

/** Whether the typing says the same as the server: the same marks (in any order) and the same times. */
export function sameDraft(a: PaperworkDraft, b: PaperworkDraft): boolean {
  const marks = (d: PaperworkDraft) => [...d.marks].sort().join(",");
  const at = (t: StateTimeInput) => `${t.date} ${t.time}`;
  return marks(a) === marks(b) && at(a.completion) === at(b.completion) && at(a.energised) === at(b.energised);
}

/**
 * The PUT's body. A time left blank on both inputs is "not recorded" (null); a half-typed one is
 * sent as typed, so the server's message names the missing half under its input.
 */
export function saveBody(draft: PaperworkDraft, version: number): z.input<typeof savePaperworkRequest> {
  const event = (t: StateTimeInput) => (t.date.trim() === "" && t.time.trim() === "" ? null : { date: t.date, time: t.time });
  return { version, marks: draft.marks, completion: event(draft.completion), energised: event(draft.energised) };
}

/** A refused write in the server's words; anything else is the signal's fault, and what was typed is still there. */
export const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "That did not go through. Check your signal and try again.");

const fieldErrors = (error: unknown): [string, string][] => Object.entries(error instanceof ApiError && error.status === 400 ? (error.errors ?? {}) : {});

/** The server's messages about one part of the body ("completion" covers "completion.date" and "completion.time"), each once. */
export function messagesFor(error: unknown, field: string): string[] {
  const about = fieldErrors(error).filter(([key]) => key === field || key.startsWith(`${field}.`));
  return [...new Set(about.map(([, message]) => message))];
}

/** Which of an event's two inputs the server refused: its date, its time, or both when it named the event whole ("cannot be later than now"). */
export function refusedParts(error: unknown, field: string): { date: boolean; time: boolean } {
  const keys = new Set(fieldErrors(error).map(([key]) => key));
  return { date: keys.has(field) || keys.has(`${field}.date`), time: keys.has(field) || keys.has(`${field}.time`) };
}

/** The clocks the board's "Paperwork due" filter shows: two days out, today, and late. */
const DUE_CLOCKS: ReadonlySet<string> = new Set(["due_in_2_days", "due_today", "overdue"]);

type WithPaperwork = { paperwork?: PaperworkSummary | null };

/** Whether a job's most urgent open document is due within two days or late (its summary's own clock). */
export const isPaperworkDue = (p: WithPaperwork) => DUE_CLOCKS.has(p.paperwork?.next?.clock ?? "");

/** The board's figures: jobs with paperwork due soon or late, and jobs with paperwork late. */
export function paperworkCounts(purchases: readonly WithPaperwork[]): { due: number; overdue: number } {
  return {
    due: purchases.filter(isPaperworkDue).length,
    overdue: purchases.filter((p) => p.paperwork?.next?.clock === "overdue").length,
  };
}
