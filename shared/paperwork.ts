// The compliance paperwork on a purchased job (docs/decisions/105-paperwork-on-the-card.md): what
// the electrician marks about the work, the events each state's clock starts from, how each
// document is handed off, and the wire's shapes the server and the card share. The deadlines
// themselves are shared/compliance-deadlines.ts's.
import { z } from "zod";
import { isCalendarDay } from "./calendar-day";
import { recordId } from "./ids";
import type { ClockState } from "./compliance-deadlines";
import { COMPLIANCE_DOCUMENTS, type ComplianceDocumentKey, type WorkMark } from "./compliance-documents";
import type { AustralianState } from "./state-time";

export const PAPERWORK_MESSAGES = {
  version: "Send the paperwork's version: reload the job and try again",
  stale: "Someone changed this job's paperwork. Reload it and try again.",
  date: "Enter the date",
  time: "Enter a time as HH:MM",
  skipped: "That time does not exist on that day: the clocks go forward",
  future: "That cannot be later than now",
  mark: "That does not apply to work in this state",
  noDocument: "This job does not need that document",
  notTested: "Mark the test record tested first: the certificate prints its results",
  notIssued: "Issue the certificate first",
  reference: "Enter the reference the portal gave you (up to 60 characters)",
  alreadyDone: "This document is already done",
  notThisWay: "This document is not issued here: copy its fields into the portal, then record the reference",
  noLicence: "Add your licence number in Settings: every certificate carries it",
  notAForm: "Only a state's form you complete yourself is uploaded here",
  formNotMultipart: "Send the completed form as multipart/form-data, one PDF in the field named file.",
  formMissing: "No file was sent. Choose the completed form (a PDF) and try again.",
  formTooMany: "Send one file at a time.",
  formTooLarge: "The form is over 5 MB. Save it again without scanned pages, or as a smaller PDF.",
  formNotPdf: "This file is not a PDF we can read. Save the completed form as a PDF and try again.",
  formTooLong: "The form has more than 20 pages: upload only the completed form.",
  noForm: "Upload the completed form first",
  formSent: "The completed form was already sent",
  recipients: "Enter up to 3 e-mail addresses to send it to",
  nobody: "The customer has no mobile or e-mail we can send to: enter an e-mail to send it to",
} as const;

/** The completed form an electrician uploads: at most this big and this long (decision 105). */
export const FORM_LIMITS = { maxBytes: 5 * 1024 * 1024, maxPages: 20 } as const;

/** How a document leaves the card: printed by us, copied onto the state's form, or lodged in its portal. */
export type HandOff = "certificate" | "form" | "portal";

/** Every document's hand-off and, where the state has one, the page the electrician lodges it from. */
export const HAND_OFF: Readonly<Record<ComplianceDocumentKey, { how: HandOff; portal: { label: string; url: string } | null }>> = {
  // Queensland takes any form that holds the required fields: we print it (decision 105).
  qld_certificate: { how: "certificate", portal: null },
  nsw_ccew: {
    how: "form",
    portal: {
      label: "Building Commission NSW: CCEW",
      url: "https://www.nsw.gov.au/housing-and-construction/compliance-and-regulation/electricians/electrical-compliance-requirements",
    },
  },
  vic_coes: { how: "portal", portal: { label: "Energy Safe Victoria: ESVConnect", url: "https://esv.vic.gov.au/esvconnect/coes/" } },
  vic_coes_prescribed: { how: "portal", portal: { label: "Energy Safe Victoria: ESVConnect", url: "https://esv.vic.gov.au/esvconnect/coes/" } },
  wa_preliminary_notice: {
    how: "portal",
    portal: {
      label: "Building and Energy WA: eNotice",
      url: "https://commerce.wa.gov.au/building-and-energy/notification-and-certification-electrical-installing-work",
    },
  },
  wa_notice_of_completion: {
    how: "portal",
    portal: {
      label: "Building and Energy WA: eNotice",
      url: "https://commerce.wa.gov.au/building-and-energy/notification-and-certification-electrical-installing-work",
    },
  },
  wa_safety_certificate: {
    how: "portal",
    portal: { label: "Building and Energy WA: eNotice", url: "http://www.commerce.wa.gov.au/building-and-energy/electrical-safety-certificates" },
  },
  sa_ecoc: {
    how: "portal",
    portal: {
      label: "Office of the Technical Regulator: eCoC",
      url: "https://www.energymining.sa.gov.au/industry/regulatory-services/office-of-the-technical-regulator/electronic-certificates-of-compliance-ecoc",
    },
  },
  act_certificate: {
    how: "portal",
    portal: {
      label: "Access Canberra: electrical inspections",
      url: "https://www.planning.act.gov.au/build-buy-renovate/for-industry/regulation/inspections/electrical-inspections",
    },
  },
  tas_cec: {
    how: "portal",
    portal: { label: "CBOS Tasmania", url: "http://www.justice.tas.gov.au/building/electrical_standards/standards-of-electrical-work" },
  },
  nt_coc: {
    how: "portal",
    portal: {
      label: "NT WorkSafe: certificate of compliance",
      url: "https://worksafe.nt.gov.au/electrical-safety/information-for-electrical-industry/certificate-of-compliance",
    },
  },
};

/** The marks a state's rules read, in that state's words. */
export const WORK_MARKS: Readonly<Partial<Record<AustralianState, readonly { mark: WorkMark; label: string }[]>>> = {
  NSW: [
    { mark: "new_installation", label: "New installation" },
    { mark: "network_work", label: "Work that changes the network's connection" },
  ],
  VIC: [{ mark: "prescribed", label: "Prescribed work (needs an inspector)" }],
  WA: [{ mark: "notifiable", label: "Notifiable work" }],
};

export const marksOfState = (state: string | null): WorkMark[] => (WORK_MARKS[state as AustralianState] ?? []).map((m) => m.mark);

/** Where a document stands on the card: its clock, or why it has none. */
export type DocumentClock = ClockState | "waiting" | "no_deadline" | "done";

export const CLOCK_WORDS: Readonly<Record<DocumentClock, string>> = {
  ok: "Due",
  due_in_2_days: "Due soon",
  due_today: "Due today",
  overdue: "Overdue",
  waiting: "Clock not started",
  no_deadline: "No deadline",
  done: "Done",
};

/** The recipients in words. */
export const RECIPIENT_WORDS = { customer: "the customer", network_operator: "the network operator", regulator: "the regulator" } as const;

const stateTime = z.object({
  date: z.string({ error: PAPERWORK_MESSAGES.date }).refine(isCalendarDay, PAPERWORK_MESSAGES.date),
  time: z.string({ error: PAPERWORK_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, PAPERWORK_MESSAGES.time),
});

const paperworkVersion = z.number({ error: PAPERWORK_MESSAGES.version }).int(PAPERWORK_MESSAGES.version).min(0, PAPERWORK_MESSAGES.version);

const workMark = z.enum(["new_installation", "network_work", "prescribed", "notifiable"], { error: PAPERWORK_MESSAGES.mark });

/** PUT /api/lead-purchases/:id/paperwork: the marks, and when the work was completed and energised (the state's clock). */
export const savePaperworkRequest = z.object({
  version: paperworkVersion,
  marks: z.array(workMark).max(4),
  completion: stateTime.nullable(),
  energised: stateTime.nullable(),
});

export const documentKeyParam = z.object({
  id: recordId,
  document: z.enum(Object.keys(COMPLIANCE_DOCUMENTS) as [ComplianceDocumentKey, ...ComplianceDocumentKey[]], { error: PAPERWORK_MESSAGES.noDocument }),
});

/** POST …/paperwork/:document/issue: the certificate we print (Queensland's). */
export const issueCertificateRequest = z.object({ version: paperworkVersion });

/** POST …/paperwork/:document/lodged: the reference the portal (or the form's serial) gave. */
export const lodgeDocumentRequest = z.object({
  version: paperworkVersion,
  reference: z.string({ error: PAPERWORK_MESSAGES.reference }).trim().min(1, PAPERWORK_MESSAGES.reference).max(60, PAPERWORK_MESSAGES.reference),
});

/** POST …/paperwork/:document/send: the completed form, e-mailed to whom the electrician names (the distributor, the Commission), and the customer's link. */
export const sendFormRequest = z.object({
  version: paperworkVersion,
  /** None: to the customer only (a job not marked for the network); the customer is always sent their link. */
  to: z.array(z.email(PAPERWORK_MESSAGES.recipients).max(254), { error: PAPERWORK_MESSAGES.recipients }).max(3, PAPERWORK_MESSAGES.recipients),
});

const instant = z.string().nullable();

export const paperworkFieldSchema = z.object({
  /** The form's section ("Installation address"), as the state's form groups its fields. */
  section: z.string(),
  label: z.string(),
  /** null: the product does not hold it; the electrician fills it in on the form. */
  value: z.string().nullable(),
});
export type PaperworkField = z.infer<typeof paperworkFieldSchema>;

export const paperworkDocumentSchema = z.object({
  document: z.string(),
  name: z.string(),
  rule: z.string(),
  to: z.array(z.enum(["customer", "network_operator", "regulator"])),
  how: z.enum(["certificate", "form", "portal"]),
  portal: z.object({ label: z.string(), url: z.string() }).nullable(),
  dueAt: instant,
  dueText: z.string().nullable(),
  clock: z.enum(["ok", "due_in_2_days", "due_today", "overdue", "waiting", "no_deadline", "done"]),
  status: z.enum(["open", "issued", "lodged"]),
  serial: z.string().nullable(),
  reference: z.string().nullable(),
  doneAt: instant,
  doneText: z.string().nullable(),
  doneBy: z.string().nullable(),
  /** The certificate's PDF for the electrician, once issued. */
  pdfUrl: z.string().nullable(),
  /** When the customer was sent their copy's link. */
  customerSentAt: instant,
  fields: z.array(paperworkFieldSchema),
  /** The completed form uploaded to send from the card (how "form"), or null. */
  form: z.object({ pages: z.number(), uploadedText: z.string(), pdfUrl: z.string(), sentText: z.string().nullable(), sentTo: z.array(z.string()) }).nullable(),
});
export type PaperworkDocument = z.infer<typeof paperworkDocumentSchema>;

const eventSchema = z.object({ at: instant, text: z.string().nullable() });

export const paperworkViewSchema = z.object({
  state: z.string().nullable(),
  version: z.number(),
  marks: z.array(workMark),
  markOptions: z.array(z.object({ mark: workMark, label: z.string() })),
  events: z.object({ test: eventSchema, completion: eventSchema, energised: eventSchema, start: eventSchema }),
  documents: z.array(paperworkDocumentSchema),
  /** The test record printed as a report (every state; it says it is not the state's certificate). */
  testReportUrl: z.string().nullable(),
});
export type PaperworkView = z.infer<typeof paperworkViewSchema>;

/**
 * On every card of GET /api/my-purchased-leads: the job's open paperwork with a running clock, most
 * urgent first, so the board can show and filter what is due without opening the card.
 */
export interface PaperworkSummary {
  open: number;
  next: { document: string; name: string; dueAt: string; dueText: string; clock: "ok" | "due_in_2_days" | "due_today" | "overdue" } | null;
}

/** POST /api/jobs/:token/certificates/:document: the code from the SMS opens the customer's copy. */
export const openCertificateRequest = z.object({
  code: z.string({ error: "Enter the 6-digit code from the SMS" }).regex(/^\d{6}$/, "Enter the 6-digit code from the SMS"),
});

export const jobCertificateParam = z.object({
  token: z.string().min(1).max(200),
  document: documentKeyParam.shape.document,
});
