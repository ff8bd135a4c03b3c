// Reviews and replies go through the same patterns as the customer's own job page (docs/decisions/
// 035-customer-text-redaction.md, 058-reviews.md, 090-safe-words-before-purchase.md): phones however
// typed or spelt, e-mails (with " at " and " dot " too), street addresses, corners, lots, the
// customer's own details and codes are masked in what shows. What was typed is kept beside it
// for the operator only.
import { JOB_TEXT_HIDDEN } from "../../../shared/jobs";
import type { Lead } from "../../../shared/schema";
import { HIDDEN_IN_TEXT, scrubFreeText } from "../../core/listing";

export const maskReviewText = (text: string, lead: Lead) => scrubFreeText(text, lead).replaceAll(HIDDEN_IN_TEXT, JOB_TEXT_HIDDEN);
