// The compliance paperwork each state asks for (docs/decisions/104-compliance-deadlines.md): each
// state names a document, who gets it, the event its clock starts from and how long it runs.
// Every figure is a setting here, with its source in decision 104. The clocks that count from
// these are shared/compliance-deadlines.ts's; this module carries no calendar, so a screen that
// only names documents does not load every state's public holidays.
import type { AustralianState } from "./state-time";

/** The event a document's clock starts from; "before_start" is due before the booked start. */
export type ComplianceEvent = "test" | "completion" | "energised" | "before_start";

/**
 * What the electrician marks on the job, in each state's own words: a new installation or work
 * needing the network's connection changed (NSW), prescribed work (VIC), notifiable work (WA).
 */
export type WorkMark = "new_installation" | "network_work" | "prescribed" | "notifiable";

export type Recipient = "customer" | "network_operator" | "regulator";
type Within = { count: number; unit: "days" | "business_days" | "months" };

export interface ComplianceDocument {
  state: AustralianState;
  name: string;
  startsFrom: ComplianceEvent;
  /** null: due before the event ("before_start"), or no deadline we could verify (decision 104). */
  within: Within | null;
  /** The rule in words, as the card and the reminders say it. */
  rule: string;
  /** Set by the product, not the law ("as soon as practicable"). */
  soft?: true;
  /** The document applies always, only when any of these marks is set, or only when none is. */
  appliesWhen: "always" | { anyOf: readonly WorkMark[] } | { noneOf: readonly WorkMark[] };
  /** Who gets it: every recipient without `when`, the others when any of their marks is set. */
  recipients: readonly { to: Recipient; when?: readonly WorkMark[] }[];
}

const NSW_NETWORK: readonly WorkMark[] = ["new_installation", "network_work"];

export const COMPLIANCE_DOCUMENTS = {
  nsw_ccew: {
    state: "NSW",
    name: "Certificate of Compliance for Electrical Work (CCEW)",
    startsFrom: "test",
    within: { count: 7, unit: "days" },
    rule: "within 7 days of the test",
    appliesWhen: "always",
    recipients: [{ to: "customer" }, { to: "network_operator", when: NSW_NETWORK }, { to: "regulator", when: NSW_NETWORK }],
  },
  vic_coes: {
    state: "VIC",
    name: "Certificate of Electrical Safety (non-prescribed work)",
    startsFrom: "completion",
    within: { count: 1, unit: "months" },
    rule: "within 1 month of completing the work",
    appliesWhen: { noneOf: ["prescribed"] },
    recipients: [{ to: "customer" }, { to: "regulator" }],
  },
  vic_coes_prescribed: {
    state: "VIC",
    name: "Certificate of Electrical Safety (prescribed work, with the inspector's certificate)",
    startsFrom: "completion",
    within: { count: 16, unit: "business_days" },
    rule: "within 16 business days of completing the work (8 for the inspection, 4 for the inspector, 4 for you)",
    appliesWhen: { anyOf: ["prescribed"] },
    recipients: [{ to: "customer" }, { to: "regulator" }],
  },
  qld_certificate: {
    state: "QLD",
    name: "Certificate of testing and compliance",
    startsFrom: "test",
    within: { count: 5, unit: "business_days" },
    rule: "as soon as practicable after the test (we remind you within 5 business days)",
    soft: true,
    appliesWhen: "always",
    recipients: [{ to: "customer" }],
  },
  wa_preliminary_notice: {
    state: "WA",
    name: "Preliminary Notice",
    startsFrom: "before_start",
    within: null,
    rule: "before the work starts",
    appliesWhen: { anyOf: ["notifiable"] },
    recipients: [{ to: "network_operator" }],
  },
  wa_notice_of_completion: {
    state: "WA",
    name: "Notice of Completion",
    startsFrom: "completion",
    within: { count: 3, unit: "days" },
    rule: "within 3 days of completing the work",
    appliesWhen: { anyOf: ["notifiable"] },
    recipients: [{ to: "network_operator" }],
  },
  wa_safety_certificate: {
    state: "WA",
    name: "Electrical Safety Certificate",
    startsFrom: "completion",
    within: { count: 28, unit: "days" },
    rule: "within 28 days of completing the work",
    appliesWhen: "always",
    recipients: [{ to: "customer" }],
  },
  sa_ecoc: {
    state: "SA",
    name: "Electronic certificate of compliance (eCoC)",
    startsFrom: "energised",
    within: { count: 30, unit: "days" },
    rule: "completed before the installation is energised, and given within 30 days after",
    appliesWhen: "always",
    recipients: [{ to: "customer" }, { to: "regulator" }],
  },
  act_certificate: {
    state: "ACT",
    name: "Certificate of electrical safety",
    startsFrom: "test",
    within: { count: 14, unit: "days" },
    rule: "within 14 days of the test",
    appliesWhen: "always",
    recipients: [{ to: "customer" }, { to: "regulator" }],
  },
  tas_cec: {
    state: "TAS",
    name: "Certificate of Electrical Compliance (CEC)",
    startsFrom: "completion",
    within: null,
    rule: "required; no deadline is published that we could verify",
    appliesWhen: "always",
    recipients: [{ to: "customer" }, { to: "regulator" }],
  },
  nt_coc: {
    state: "NT",
    name: "Certificate of compliance (CoC)",
    startsFrom: "completion",
    within: null,
    rule: "required; no deadline is published that we could verify",
    appliesWhen: "always",
    recipients: [{ to: "customer" }, { to: "regulator" }],
  },
} as const satisfies Record<string, ComplianceDocument>;

export type ComplianceDocumentKey = keyof typeof COMPLIANCE_DOCUMENTS;

/** The documents a job in `state` needs, with whom each goes to, given what the electrician marked. */
export function documentsFor(state: AustralianState, marks: readonly WorkMark[]): { document: ComplianceDocumentKey; to: Recipient[] }[] {
  const marked = (any: readonly WorkMark[]) => any.some((m) => marks.includes(m));
  return (Object.entries(COMPLIANCE_DOCUMENTS) as [ComplianceDocumentKey, ComplianceDocument][])
    .filter(([, d]) => d.state === state)
    .filter(([, d]) => d.appliesWhen === "always" || ("anyOf" in d.appliesWhen ? marked(d.appliesWhen.anyOf) : !marked(d.appliesWhen.noneOf)))
    .map(([document, d]) => ({ document, to: d.recipients.filter((r) => !r.when || marked(r.when)).map((r) => r.to) }));
}
