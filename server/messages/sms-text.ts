// How every SMS to a customer ends (docs/decisions/046-one-outbox.md): it names the site and
// SITE_PHONE, so a customer always knows who wrote and how to reach us.
import { PRODUCT_NAME } from "../../shared/site";

export const smsFromUs = (text: string, sitePhone: string) => `${text} - ${PRODUCT_NAME}, ${sitePhone}`;
