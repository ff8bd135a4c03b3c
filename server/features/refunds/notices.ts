// What "customer unreachable" says to each side (docs/decisions/049-missed-promises-and-refunds.md):
// the SMS that asks the customer, and the buyer's notice of the customer's answer.
import { firstNameOf } from "../../../shared/customer-name";
import { labelOf } from "../../../shared/labels";
import type { ProviderNotice } from "../../core/messages";
import { smsFromUs } from "../../core/messages";

const cut = (text: string | null | undefined, max: number) => {
  const t = (text ?? "").replace(/\s+/g, " ").trim();
  return t.length <= max ? t : t.slice(0, max).trimEnd();
};

/** The business as the customer knows it from the handover SMS: its name, else the person's, else "your electrician". */
export function businessWords(buyer: { companyName: string | null; firstName: string | null } | null): string {
  return cut(buyer?.companyName, 40) || cut(buyer?.firstName, 20) || "your electrician";
}

/** "Did Sparky Bros Electrical reach you about your installation request? <link> - <site>, <phone>": two segments at most. */
export function unreachableSmsText(input: { business: string; serviceType: string; jobUrl: string; sitePhone: string }): string {
  const service = labelOf("serviceType", input.serviceType).toLowerCase();
  return smsFromUs(`Did ${input.business} reach you about your ${service} request? ${input.jobUrl}`, input.sitePhone);
}

export type CustomerAnswer = "customer_answered" | "already_spoke";

/** The buyer's push and e-mail when the customer answers: "call again", or "they say you spoke". */
export function answerNotice(
  answer: CustomerAnswer,
  job: { purchaseId: number; userId: number; leadId: number; customerName: string; suburb: string | null },
): Omit<ProviderNotice, "origin" | "now"> {
  const name = firstNameOf(job.customerName);
  const where = job.suburb ? ` in ${job.suburb}` : "";
  const base = { event: `unreachable.answered:${job.purchaseId}`, userId: job.userId, leadId: job.leadId };
  if (answer === "already_spoke") {
    return {
      ...base,
      title: `${name} says you spoke`,
      body: `${name}${where} answered your "customer unreachable" claim: they say you spoke. The claim is closed; log the call on the job's card.`,
    };
  }
  return {
    ...base,
    title: `Call ${name} again`,
    body: `${name}${where} answered your "customer unreachable" claim: they still need an electrician, so call again. The claim is closed.`,
  };
}

/** What the job page tells the customer after their answer. */
export const ANSWER_THANKS: Record<CustomerAnswer, string> = {
  customer_answered: "Thanks. We have told your electrician you still need them, so expect a call.",
  already_spoke: "Thanks for letting us know. We have told your electrician.",
};
