// How every SMS to a customer ends (docs/decisions/046-one-outbox.md): it names the site and
// SITE_PHONE, so a customer always knows who wrote and how to reach us.
import { PRODUCT_NAME } from "../../../shared/site";

/**
 * Typographic quotes, dashes and spaces (a business named "O’Brien Electrical") are outside
 * the GSM 7-bit alphabet: one of them makes the whole SMS UCS-2, 67 characters a segment
 * instead of 153. Their plain forms read the same.
 */
const PLAIN: Array<[RegExp, string]> = [
  [/[‘’‚‛′]/g, "'"],
  [/[“”„‟″]/g, '"'],
  [/[‐‑‒–—―]/g, "-"],
  [/…/g, "..."],
  [/[\u00a0\u2000-\u200a\u202f]/g, " "],
  [/[\u200b-\u200d\u2060\ufeff]/g, ""],
];
export const plainSmsText = (text: string) => PLAIN.reduce((t, [from, to]) => t.replace(from, to), text);

export const smsFromUs = (text: string, sitePhone: string) => plainSmsText(`${text} - ${PRODUCT_NAME}, ${sitePhone}`);
