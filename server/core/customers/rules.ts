// A buyer never buys their own customer (docs/decisions/058-reviews.md, 073-the-customers-own-
// contact.md): a lead whose customer's own mobile or e-mail is the buyer's or their team's is not
// for sale to them, at the screen or by auto-buy, so no one reviews themselves. Contacts are
// compared however either was typed.
import { checkAustralianPhone } from "../../../shared/phone";
import type { Lead } from "../../../shared/schema";

/** The same number however it was typed ("+61 412 345 678" is "0412345678"), and an e-mail in any case. */
const contactKey = (contact: string) => {
  if (contact.includes("@")) return contact.trim().toLowerCase();
  const checked = checkAustralianPhone(contact);
  return checked.ok ? checked.digits : contact.replace(/\D/g, "");
};

/** A key that names one person: an e-mail, or a number of at least 8 digits. */
const namesSomeone = (key: string) => key.includes("@") || key.length >= 8;

/** Whether the lead's customer has one of these numbers or e-mails (a side's contacts), however either was typed. */
export function customerIsAmong(lead: Pick<Lead, "customerPhone" | "customerEmail">, contacts: string[]): boolean {
  const customer = [contactKey(lead.customerPhone), lead.customerEmail ? contactKey(lead.customerEmail) : ""].filter(namesSomeone);
  return contacts.some((contact) => customer.includes(contactKey(contact)));
}

/**
 * A side's contacts as a lead's row stores its customer's: a mobile as the quote form keeps it
 * (its digits, "0412345678"), an e-mail in lower case. A lead whose customer_phone is one of
 * `phones` or whose lower(customer_email) is one of `emails` is exactly one customerIsAmong
 * finds, so the market can look those leads up by index.
 */
export function contactKeysOf(contacts: string[]): { phones: string[]; emails: string[] } {
  const keys = [...new Set(contacts.map(contactKey).filter(namesSomeone))];
  return { phones: keys.filter((key) => !key.includes("@")), emails: keys.filter((key) => key.includes("@")) };
}
