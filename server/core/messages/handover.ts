// The handover SMS (docs/product.md section 14 "Messages"; docs/decisions/046-one-outbox.md): when
// a market lead is sold, its customer hears who bought it, by when they will call (the contact
// promise, shared/contact-promise.ts) and their job link. Queued by the sale's own statement, so a
// sale that does not commit sends nothing; a fresh link is written there too, because a link's
// token is kept only as its hash.
import type { SQL } from "drizzle-orm";
import { contactBy, isEmergencyLead } from "../../../shared/contact-promise";
import { checkAustralianPhone } from "../../../shared/phone";
import type { Lead } from "../../../shared/schema";
import { formatStateDayTime } from "../../../shared/state-time-text";
import type { Db } from "../../platform/db/client";
import { messageOfRow, messageOfRowValues } from "./outbox-repo";
import { buyerAccount, type BuyerAccount } from "./purchases-repo";
import { afterQuietHours } from "./quiet-hours";
import { smsFromUs } from "./sms-text";

export interface HandoverSettings {
  /** The site's public origin (PUBLIC_URL): the job link must open from a phone. */
  origin: string;
  sitePhone: string;
  /** CONTACT_PROMISE_MINUTES. */
  promiseMinutes: number;
}

export interface Sale {
  buyerId: number;
  lead: Pick<Lead, "id" | "customerPhone" | "state" | "urgency" | "serviceType" | "source">;
  /** The sale's instant: lead_purchases.purchased_at. */
  now: Date;
  /** Mints a new job link, written by the sale's statement, and returns its path ("/job/<token>"). */
  jobLink: () => string;
  /** The buyer's account, when the caller read it before the sale (buyerAccountColumn); read here when undefined. */
  buyer?: BuyerAccount | null;
}

export const cut = (text: string | null, max: number) => {
  const t = (text ?? "").replace(/\s+/g, " ").trim();
  return t.length <= max ? t : t.slice(0, max).trimEnd();
};

/** "Dave from Sparky Bros Electrical (NSW licence 123456C)"; what the account lacks is left out. */
export function buyerWords(buyer: BuyerAccount | null): string {
  const name = cut(buyer?.firstName ?? null, 20);
  const business = cut(buyer?.companyName ?? null, 40);
  const who = name && business ? `${name} from ${business}` : business || name || "An electrician";
  const number = cut(buyer?.licenseNumber ?? null, 20);
  const licence = number ? ` (${buyer?.licenceState ? `${buyer.licenceState} ` : ""}licence ${number})` : "";
  return who + licence;
}

/** The whole SMS: about 190 characters with a typical name and origin, two segments, never more than three. */
export function handoverText(input: { buyer: BuyerAccount | null; promise: string; jobUrl: string; sitePhone: string }): string {
  return smsFromUs(`${buyerWords(input.buyer)} has your job request and will call you by ${input.promise}. Your job: ${input.jobUrl}`, input.sitePhone);
}

/** Its event, `lead.sold:<purchaseId>`, read from the purchase the sale's statement inserts. */
const handoverOf = messageOfRow("lead.sold:", "sms");

/**
 * The sale's one SMS to the customer's mobile, as a part of the statement that makes the sale,
 * read from the purchase it inserts (docs/decisions/112-a-sale-in-one-statement.md): null for a
 * provider's own job or a number that takes no SMS, and then no link is minted. Due at once, or at
 * 07:00 in the lead's state when sold in its quiet hours (an emergency goes at once, day or night).
 */
export async function handoverWithSale(
  tx: Db,
  settings: HandoverSettings,
  sale: Sale,
): Promise<{ row: (purchase: SQL) => SQL; values: Record<string, unknown> } | null> {
  const { lead, now } = sale;
  if (lead.source === "provider_manual") return null;
  const phone = checkAustralianPhone(lead.customerPhone);
  if (!phone.ok || phone.kind !== "mobile") return null;
  const emergency = isEmergencyLead(lead);
  const promise = contactBy({ purchasedAt: now, state: lead.state, emergency, promiseMinutes: settings.promiseMinutes });
  const text = handoverText({
    buyer: sale.buyer !== undefined ? sale.buyer : await buyerAccount(tx, sale.buyerId),
    promise: formatStateDayTime(promise, lead.state),
    jobUrl: `${settings.origin}${sale.jobLink()}`,
    sitePhone: settings.sitePhone,
  });
  const dueAt = emergency ? now : afterQuietHours(lead.state, now);
  return { row: handoverOf, values: messageOfRowValues({ recipient: `sms:${phone.digits}`, payload: { to: phone.digits, text }, dueAt, createdAt: now }) };
}
