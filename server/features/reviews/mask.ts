// Reviews and replies go through the same redaction as the leads' free text (docs/decisions/
// 035-customer-text-redaction.md, 058-reviews.md): phones however typed or spelt, e-mails (with
// " at " and " dot " too), street addresses, the customer's own details and codes are masked
// before the text is stored, so the raw text is never kept.
import { JOB_TEXT_HIDDEN } from "../../../shared/jobs";
import type { Lead } from "../../../shared/schema";
import { HIDDEN_IN_TEXT, scrubFreeText } from "../../core/listing";

export const maskReviewText = (text: string, lead: Lead) => scrubFreeText(text, lead).replaceAll(HIDDEN_IN_TEXT, JOB_TEXT_HIDDEN);
