// The "customer unreachable" question and where it may go (docs/decisions/073-the-customers-own-
// contact.md): only to the mobile the customer gave at intake, and the 48-hour refund only once
// the outbox has sent it there. Anything else (a landline, an undeliverable number) is the
// operator's to decide.
import { checkAustralianPhone } from "../../../shared/phone";
import type { Lead, OutboxMessage } from "../../../shared/schema";

/** The mobile the customer gave at intake, which no buyer can change; null for a landline or a number that is not one. */
export function customersOwnMobile(lead: Pick<Lead, "customerPhone">): string | null {
  const phone = checkAustralianPhone(lead.customerPhone);
  return phone.ok && phone.kind === "mobile" ? phone.digits : null;
}

/** The outbox event of the customer's question, one per claim. */
export const unreachableQuestionEvent = (purchaseId: number) => `unreachable.claimed:${purchaseId}`;

/** Whether the question left for the customer's own mobile: sent by the outbox, to that number. */
export function questionReachedCustomer(lead: Pick<Lead, "customerPhone">, question: Pick<OutboxMessage, "recipient" | "status"> | undefined): boolean {
  const mobile = customersOwnMobile(lead);
  return mobile !== null && question?.status === "sent" && question.recipient === `sms:${mobile}`;
}
