// The job page's words and times (docs/decisions/047-job-page-screens.md). Times are written on
// the wall clock of the customer's own state (shared/state-time.ts), so Perth reads Perth time;
// one formatter per zone and style, made on first use.
// Values from job-page.ts, types only from jobs.ts: the job page's chunk carries no zod.
import { JOB_STATUSES, type JobStatus } from "@shared/job-page";
import type { JobElectrician, JobView } from "@shared/jobs";
import { SERVICE_TYPE_LABELS } from "@shared/labels";
import { wallClockIn, zoneOfState } from "@shared/state-time";

/** The steps a request walks through; `closed` is not a step but an end, shown as such. */
export const JOB_STEPS = JOB_STATUSES.filter((status): status is Exclude<JobStatus, "closed"> => status !== "closed");

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  finding: "Finding an electrician",
  matched: "Electrician matched",
  contacted: "Electrician in touch",
  quoted: "Quote sent",
  accepted: "Quote accepted",
  booked: "Job booked",
  paid: "Paid",
  closed: "Closed",
};

export interface JobStep {
  status: JobStatus;
  label: string;
  /** When the request reached this step, if it has. */
  at: string | null;
  state: "done" | "current" | "todo";
}

/**
 * The step list. Steps before the current one are done, the current one is marked, the rest
 * are to come; a closed request keeps the steps it reached and ends in a closed step. A time
 * is the step's latest entry in the timeline (a request can come back to a step).
 */
export function jobSteps(view: Pick<JobView, "status" | "timeline">): JobStep[] {
  const reachedAt = new Map<JobStatus, string>();
  for (const entry of view.timeline) reachedAt.set(entry.status, entry.at);
  const step = (status: JobStatus, state: JobStep["state"]): JobStep => ({
    status,
    label: JOB_STATUS_LABELS[status],
    at: reachedAt.get(status) ?? null,
    state,
  });
  if (view.status === "closed") {
    const reached = JOB_STEPS.filter((status) => reachedAt.has(status));
    return [...reached.map((status) => step(status, "done")), step("closed", "current")];
  }
  const current = JOB_STEPS.indexOf(view.status);
  return JOB_STEPS.map((status, i) => step(status, i < current ? "done" : i === current ? "current" : "todo"));
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The state's clock's parts ("Tue", "3", "Mar", "2026", "March"), so every browser's ICU gives the same text. */
function partsIn(zone: string, instant: Date) {
  let made = formats.get(zone);
  if (!made) {
    made = new Intl.DateTimeFormat("en-AU", { timeZone: zone, weekday: "short", day: "numeric", month: "short", year: "numeric" });
    formats.set(zone, made);
  }
  const part = Object.fromEntries(made.formatToParts(instant).map((p) => [p.type, p.value]));
  const { month } = wallClockIn(zone, instant);
  return { weekday: part.weekday!, day: part.day!, month: part.month!.replace(/\.$/, ""), year: part.year!, monthNumber: month };
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "3:04 pm" on the state's clock. */
function clockTime(instant: Date, zone: string) {
  const { hour, minute } = wallClockIn(zone, instant);
  return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
}

/** "22 Nov 2026" on the state's clock. */
export function formatJobDate(iso: string, state: string | null) {
  const p = partsIn(zoneOfState(state), new Date(iso));
  return `${p.day} ${p.month} ${p.year}`;
}

/** "22 Nov, 3:04 pm" on the state's clock. */
export function formatJobDayTime(iso: string, state: string | null) {
  const zone = zoneOfState(state);
  const p = partsIn(zone, new Date(iso));
  return `${p.day} ${p.month}, ${clockTime(new Date(iso), zone)}`;
}

/** "NSW licence 245871C, checked 3 Mar 2026"; null without a number. */
export function licenceLine(electrician: Pick<JobElectrician, "licenceState" | "licenceNumber" | "licenceCheckedAt">, state: string | null): string | null {
  if (!electrician.licenceNumber) return null;
  const issuer = electrician.licenceState ? `${electrician.licenceState} licence` : "Licence";
  const checked = electrician.licenceCheckedAt ? `, checked ${formatJobDate(electrician.licenceCheckedAt, state)}` : "";
  return `${issuer} ${electrician.licenceNumber}${checked}`;
}

/** "53 004 085 616": an ABN as the ATO writes it; any other shape stays as it is. */
export const formatAbn = (abn: string) => {
  const digits = abn.replace(/\s/g, "");
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : abn;
};

/** "Member since March 2025". */
export function memberSinceText(iso: string, state: string | null) {
  const p = partsIn(zoneOfState(state), new Date(iso));
  return `Member since ${MONTHS[p.monthNumber - 1]} ${p.year}`;
}

/** "1 job completed", "12 jobs completed". */
export const jobsCompletedText = (count: number) => `${count} ${count === 1 ? "job" : "jobs"} completed`;

/** "Usually calls within 25 min", "... within 2 h 10 min"; null when too few contacts to say (under 5). */
export function callsWithinText(minutes: number | null): string | null {
  if (minutes === null) return null;
  const whole = Math.max(1, Math.round(minutes));
  if (whole < 120) return `Usually calls within ${whole} min`;
  const rest = whole % 60;
  return `Usually calls within ${Math.floor(whole / 60)} h${rest ? ` ${rest} min` : ""}`;
}

/** "Parramatta NSW 2150", from whichever parts the request has. */
export const placeText = (view: Pick<JobView, "suburb" | "state" | "postcode">) => [view.suburb, view.state, view.postcode].filter(Boolean).join(" ");

export const serviceTypeLabel = (serviceType: string) => SERVICE_TYPE_LABELS[serviceType as keyof typeof SERVICE_TYPE_LABELS] ?? serviceType;
