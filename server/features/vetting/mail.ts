// What a provider is e-mailed about their licence (docs/decisions/033). Plain text, like every mail here.
import { PRODUCT_NAME } from "../../../shared/site";
import { formatLicenceDate } from "../../../shared/licence-date";
import type { Mail } from "../../platform/mail";

interface Recipient {
  email: string;
  firstName: string | null;
  username: string;
}

const hi = (to: Recipient) => `Hi ${to.firstName ?? to.username},`;

export const approvedMail = (to: Recipient, siteOrigin: string): Mail => ({
  to: to.email,
  subject: `Your licence is approved: you can buy leads on ${PRODUCT_NAME}`,
  text: [
    hi(to),
    "",
    "We have checked your electrical contractor licence and approved your account. You can buy leads now:",
    "",
    `${siteOrigin}/dashboard`,
  ].join("\n"),
});

export const rejectedMail = (to: Recipient, reason: string): Mail => ({
  to: to.email,
  subject: `We could not approve your ${PRODUCT_NAME} account`,
  text: [
    hi(to),
    "",
    "We checked the licence you signed up with and could not approve your account, so you cannot buy leads. The reason:",
    "",
    reason,
    "",
    "If this is a mistake or your details have changed, reply to this e-mail with your current licence; we update it within one business day.",
  ].join("\n"),
});

export const reminderMail = (to: Recipient, expiry: string, siteOrigin: string): Mail => ({
  to: to.email,
  subject: `Your electrical licence expires on ${formatLicenceDate(expiry)}`,
  text: [
    hi(to),
    "",
    `The electrical contractor licence on your ${PRODUCT_NAME} account expires on ${formatLicenceDate(expiry)}.`,
    "After that day you cannot buy leads until we have your renewed licence. Reply to this e-mail with your renewed licence (its number and new expiry date); we update it within one business day.",
    "",
    `${siteOrigin}/dashboard`,
  ].join("\n"),
});
